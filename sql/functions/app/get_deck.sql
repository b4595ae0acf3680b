-- One deck you may see, with its current version.

CREATE OR REPLACE FUNCTION app.get_deck(p_deck uuid)
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
  select * into v from app.deck_versions x where x.deck_id = d.id and x.number = d.current_version;
  return app_private.deck_json(d) || jsonb_build_object('currentVersion', case when v.number is null then null else app_private.version_json(v) end);
end;
$function$;

comment on function app.get_deck(p_deck uuid) is E'@shape app.deck_detail\nOne deck you may see, with its current version.';
revoke all on function app.get_deck(p_deck uuid) from public;
grant execute on function app.get_deck(p_deck uuid) to public;
grant execute on function app.get_deck(p_deck uuid) to podium_app;
