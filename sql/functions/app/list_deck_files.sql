-- Files of a version (current by default) of a deck you may read, newest first: by the time of
-- the version since which each file is unchanged (changedIn), then by path; paged after (version,
-- path).

CREATE OR REPLACE FUNCTION app.list_deck_files(p_deck uuid, p_version integer, p_limit integer, p_after_since integer, p_after_path text)
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
      'fileId', app_private.deck_file_id(f.deck_id, f.version, f.path),
      'changedIn', jsonb_build_object('version', f.since, 'createdAt', app_private.iso(f.since_at)))
      order by f.since desc, f.path), '[]')
    from (
      select s.*, sv.created_at as since_at
        from (select x.*, 1 + coalesce((select max(o.number) from app.deck_versions o
                 where o.deck_id = p_deck and o.number < v.number
                   and not exists (select 1 from app.deck_files y where y.deck_id = p_deck and y.version = o.number
                                      and y.path = x.path and y.sha256 = x.sha256)), 0) as since
                from app.deck_files x where x.deck_id = p_deck and x.version = v.number) s
        join app.deck_versions sv on sv.deck_id = p_deck and sv.number = s.since
       where p_after_since is null or s.since < p_after_since or (s.since = p_after_since and s.path > p_after_path)
       order by s.since desc, s.path limit p_limit) f));
end;
$function$;

comment on function app.list_deck_files(p_deck uuid, p_version integer, p_limit integer, p_after_since integer, p_after_path text) is E'@shape app.deck_file_page\nFiles of a version (current by default) of a deck you may read, newest first: by the time of the version since which each file is unchanged (changedIn), then by path; paged after (version, path).';
revoke all on function app.list_deck_files(p_deck uuid, p_version integer, p_limit integer, p_after_since integer, p_after_path text) from public;
grant execute on function app.list_deck_files(p_deck uuid, p_version integer, p_limit integer, p_after_since integer, p_after_path text) to podium_app;
