-- Writes a version's files and answers its row. Files were validated by the caller.

CREATE OR REPLACE FUNCTION app_private.write_version(p_deck uuid, p_number integer, p_entry text, p_files jsonb)
 RETURNS app.deck_versions
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v app.deck_versions;
begin
  insert into app.deck_versions (deck_id, number, entry, file_count, total_bytes, attachment_count, attachment_bytes, created_by)
  select p_deck, p_number, p_entry, count(*), coalesce(sum(f.size), 0),
         count(*) filter (where f.path like 'downloads/_%'), coalesce(sum(f.size) filter (where f.path like 'downloads/_%'), 0),
         app.current_user_id()
  from jsonb_to_recordset(p_files) as f (path text, sha256 text, size bigint)
  returning * into v;
  insert into app.deck_files (deck_id, version, path, sha256, size)
  select p_deck, p_number, f.path, f.sha256, f.size from jsonb_to_recordset(p_files) as f (path text, sha256 text, size bigint);
  return v;
end;
$function$;

revoke all on function app_private.write_version(p_deck uuid, p_number integer, p_entry text, p_files jsonb) from public;
