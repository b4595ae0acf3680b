-- Copies a version of a deck (current by default) into a new deck at version 1, titled like the
-- source plus (copy).

CREATE OR REPLACE FUNCTION app_private.duplicate_deck_checked_by_caller(p_deck uuid, p_version integer, p_title text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  src app.decks;
  sv app.deck_versions;
  d app.decks;
  ws uuid;
  files jsonb;
begin
  src := app_private.deck_for(p_deck, array['owner', 'admin', 'collaborator']);
  ws := app_private.require_deck_creator();
  if src.current_version = 0 then
    perform app_private.fail('deck_has_no_version', 'This deck has no version yet: push one before duplicating');
  end if;
  select * into sv from app.deck_versions x where x.deck_id = src.id and x.number = coalesce(p_version, src.current_version);
  if sv.number is null then
    perform app_private.fail('version_not_found', format('The deck has no version %s', p_version), jsonb_build_object('version', p_version));
  end if;
  select jsonb_agg(jsonb_build_object('path', f.path, 'sha256', f.sha256, 'size', f.size)) into files
    from app.deck_files f where f.deck_id = src.id and f.version = sv.number;
  insert into app.decks (workspace_id, owner_id, title, kind, interactive, metadata, remixed_from, current_version, created_at, updated_at)
  values (ws, app.current_user_id(), coalesce(nullif(p_title, ''), left(src.title, 193) || ' (copy)'), src.kind, src.interactive, src.metadata, src.id, 1, app.now(), app.now())
  returning * into d;
  perform app_private.write_version(d.id, 1, sv.entry, files);
  -- The copy's workspace may name these blobs in its next pushes without uploading them.
  insert into app_private.workspace_blobs (workspace_id, sha256)
  select distinct ws, f.sha256 from app.deck_files f where f.deck_id = d.id on conflict do nothing;
  return jsonb_build_object('presentation', app_private.deck_json(d), 'version', 1, 'sourceVersion', sv.number);
end;
$function$;

comment on function app_private.duplicate_deck_checked_by_caller(p_deck uuid, p_version integer, p_title text) is 'Copies a version of a deck (current by default) into a new deck at version 1, titled like the source plus (copy).';
revoke all on function app_private.duplicate_deck_checked_by_caller(p_deck uuid, p_version integer, p_title text) from public;
