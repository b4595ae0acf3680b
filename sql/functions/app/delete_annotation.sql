-- Removes an annotation: its author, or the deck's owner or workspace admin/owner.

CREATE OR REPLACE FUNCTION app.delete_annotation(p_deck uuid, p_annotation uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app.decks;
  r text := app_private.deck_role(p_deck);
  a app.deck_annotations;
begin
  perform app_private.require_scope('presentations:write');
  d := app_private.deck_for(p_deck, array['owner', 'admin', 'collaborator']);
  delete from app.deck_annotations x where x.id = p_annotation and x.deck_id = d.id
    and (r in ('owner', 'admin') or x.author_id = app.current_user_id())
  returning * into a;
  if a.id is null then
    perform app_private.fail('not_found', 'No such annotation of yours on this deck');
  end if;
  return app_private.annotation_json(a);
end;
$function$;

comment on function app.delete_annotation(p_deck uuid, p_annotation uuid) is E'@shape app.deck_annotation_summary\nRemoves an annotation: its author, or the deck''s owner or workspace admin/owner.';
revoke all on function app.delete_annotation(p_deck uuid, p_annotation uuid) from public;
grant execute on function app.delete_annotation(p_deck uuid, p_annotation uuid) to public;
grant execute on function app.delete_annotation(p_deck uuid, p_annotation uuid) to podium_app;
