-- Publishes, in order, the live-log changes this transaction staged under podium.live_defer, and
-- stops staging; answers how many.

CREATE OR REPLACE FUNCTION app_private.live_publish_deferred()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app_private.live_deferred;
  published integer := 0;
begin
  perform set_config('podium.live_defer', 'off', true);
  for d in select * from app_private.live_deferred x where x.xid = pg_current_xact_id() order by x.n loop
    perform app_private.live_publish(d.event_id, d.kind, d.roles, d.team_id, d.payload);
    published := published + 1;
  end loop;
  delete from app_private.live_deferred x where x.xid = pg_current_xact_id();
  return published;
end;
$function$;

comment on function app_private.live_publish_deferred() is 'Publishes, in order, the live-log changes this transaction staged under podium.live_defer, and stops staging; answers how many.';
revoke all on function app_private.live_publish_deferred() from public;
