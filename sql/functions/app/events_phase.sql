-- scheduled, building, grace or closed, decided by the server clock only.

CREATE OR REPLACE FUNCTION app.events_phase(e app.events)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case
    when app.now() < e.starts_at then 'scheduled'
    when app.now() < e.build_ends_at then 'building'
    when app_private.is_frozen(e) is false then 'grace'
    else 'closed'
  end
$function$;

comment on function app.events_phase(e app.events) is 'scheduled, building, grace or closed, decided by the server clock only.';
revoke all on function app.events_phase(e app.events) from public;
grant execute on function app.events_phase(e app.events) to public;
grant execute on function app.events_phase(e app.events) to podium_app;
