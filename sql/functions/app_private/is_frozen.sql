-- Whether the event's submissions are frozen (its freeze time has passed): the one place that
-- compares the clock with freeze_at.

CREATE OR REPLACE FUNCTION app_private.is_frozen(e app.events)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  return app.now() >= e.freeze_at;
end;
$function$;

comment on function app_private.is_frozen(e app.events) is 'Whether the event''s submissions are frozen (its freeze time has passed): the one place that compares the clock with freeze_at.';
revoke all on function app_private.is_frozen(e app.events) from public;
grant execute on function app_private.is_frozen(e app.events) to podium_app;
