-- Switches the owner mails on form activity for a deck, without touching forms.

CREATE OR REPLACE FUNCTION app.set_deck_notify(p_deck uuid, p_enabled boolean)
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
  update app.decks x set notify = p_enabled where x.id = d.id returning * into d;
  return jsonb_build_object('presentationId', d.id, 'notify', d.notify);
end;
$function$;

comment on function app.set_deck_notify(p_deck uuid, p_enabled boolean) is E'@shape app.deck_notify_setting\nSwitches the owner mails on form activity for a deck, without touching forms.';
revoke all on function app.set_deck_notify(p_deck uuid, p_enabled boolean) from public;
grant execute on function app.set_deck_notify(p_deck uuid, p_enabled boolean) to public;
grant execute on function app.set_deck_notify(p_deck uuid, p_enabled boolean) to podium_app;
