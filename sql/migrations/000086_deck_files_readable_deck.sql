-- app.list_deck_files on the one readable-deck helper: 000081 redefined it (to answer each
-- file's fileId) from a body written before 000041, bringing the preamble back.
create or replace function app.list_deck_files(p_deck uuid, p_version integer, p_limit integer, p_after text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app.decks;
  v app.deck_versions;
begin
  d := app_private.readable_deck(p_deck);
  select * into v from app.deck_versions x where x.deck_id = p_deck and x.number = coalesce(p_version, d.current_version);
  if v.number is null then
    perform app_private.fail('version_not_found', format('The deck has no version %s', coalesce(p_version, d.current_version)), jsonb_build_object('version', coalesce(p_version, d.current_version)));
  end if;
  return jsonb_build_object('version', app_private.version_json(v), 'items', (
    select coalesce(jsonb_agg(jsonb_build_object('path', f.path, 'sha256', f.sha256, 'size', f.size, 'attachment', f.path like 'downloads/_%',
      'fileId', app_private.deck_file_id(f.deck_id, f.version, f.path)) order by f.path), '[]')
    from (select * from app.deck_files x where x.deck_id = p_deck and x.version = v.number and (p_after is null or x.path > p_after)
          order by x.path limit p_limit) f));
end;
$function$

;
