-- Comments on a version of a deck at a file path and position (owners, workspace admins,
-- collaborators).

CREATE OR REPLACE FUNCTION app.add_annotation(p_deck uuid, p_version integer, p_path text, p_position jsonb, p_body text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app.decks;
  a app.deck_annotations;
begin
  perform app_private.require_scope('presentations:write');
  d := app_private.deck_for(p_deck, array['owner', 'admin', 'collaborator']);
  if not exists (select 1 from app.deck_files f where f.deck_id = d.id and f.version = coalesce(p_version, d.current_version) and f.path = p_path) then
    perform app_private.fail('invalid_input', format('Version %s has no file %s', coalesce(p_version, d.current_version), p_path), jsonb_build_object('field', 'path'));
  end if;
  insert into app.deck_annotations (deck_id, version, path, position, body, author_id, created_at)
  values (d.id, coalesce(p_version, d.current_version), p_path, coalesce(p_position, '{}'), p_body, app.current_user_id(), app.now())
  returning * into a;
  return app_private.annotation_json(a);
end;
$function$;

comment on function app.add_annotation(p_deck uuid, p_version integer, p_path text, p_position jsonb, p_body text) is E'@shape app.deck_annotation_summary\nComments on a version of a deck at a file path and position (owners, workspace admins, collaborators).';
revoke all on function app.add_annotation(p_deck uuid, p_version integer, p_path text, p_position jsonb, p_body text) from public;
grant execute on function app.add_annotation(p_deck uuid, p_version integer, p_path text, p_position jsonb, p_body text) to public;
grant execute on function app.add_annotation(p_deck uuid, p_version integer, p_path text, p_position jsonb, p_body text) to podium_app;
