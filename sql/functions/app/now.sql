-- The server clock every phase and deadline is decided by.

CREATE OR REPLACE FUNCTION app.now()
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return pg_catalog.now() + pg_catalog.make_interval(secs => (select offset_seconds from app_private.clock));
end;
$function$;

comment on function app.now() is 'The server clock every phase and deadline is decided by.';
revoke all on function app.now() from public;
grant execute on function app.now() to public;
grant execute on function app.now() to podium_app;
