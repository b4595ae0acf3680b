-- Renames a deck without pushing: id, versions and links unchanged. Owner or workspace admin/owner.

CREATE OR REPLACE FUNCTION app.rename_deck(p_deck uuid, p_title text)
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
  update app.decks x set title = p_title, updated_at = app.now() where x.id = d.id returning * into d;
  return app_private.deck_json(d);
end;
$function$;

comment on function app.rename_deck(p_deck uuid, p_title text) is E'@shape app.deck_summary\nRenames a deck without pushing: id, versions and links unchanged. Owner or workspace admin/owner.';
revoke all on function app.rename_deck(p_deck uuid, p_title text) from public;
grant execute on function app.rename_deck(p_deck uuid, p_title text) to public;
grant execute on function app.rename_deck(p_deck uuid, p_title text) to podium_app;
