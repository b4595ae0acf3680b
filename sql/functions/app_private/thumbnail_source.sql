-- What the worker needs to render a version: title and entry, and the manifest. Null when
-- the deck was deleted or the version is gone (the job then has nothing to do).

CREATE OR REPLACE FUNCTION app_private.thumbnail_source(p_deck uuid, p_version integer)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object('title', d.title, 'entry', v.entry,
    'files', (select coalesce(jsonb_agg(jsonb_build_object('path', f.path, 'sha256', f.sha256, 'size', f.size)), '[]')
              from app.deck_files f where f.deck_id = v.deck_id and f.version = v.number))
  from app.decks d join app.deck_versions v on v.deck_id = d.id and v.number = p_version
  where d.id = p_deck and d.deleted_at is null
$function$;

revoke all on function app_private.thumbnail_source(p_deck uuid, p_version integer) from public;
