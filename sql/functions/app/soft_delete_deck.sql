-- Soft delete: the record is kept, nothing resolves, every share link stops working.

CREATE OR REPLACE FUNCTION app.soft_delete_deck(p_deck uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app.decks;
begin
  perform app_private.require_scope('presentations:write');
  d := app_private.deck_for(p_deck, array['owner', 'admin'], true);
  update app.decks x set deleted_at = app.now() where x.id = d.id returning * into d;
  return jsonb_build_object('id', d.id, 'deletedAt', d.deleted_at);
end;
$function$;

comment on function app.soft_delete_deck(p_deck uuid) is E'@shape app.deck_deletion\nSoft-deletes a deck (owner or workspace admin/owner): the record is kept and nothing of it resolves any more.';
revoke all on function app.soft_delete_deck(p_deck uuid) from public;
grant execute on function app.soft_delete_deck(p_deck uuid) to public;
grant execute on function app.soft_delete_deck(p_deck uuid) to podium_app;
