-- app_private.ms: the rule is the body below.

CREATE OR REPLACE FUNCTION app_private.ms(t timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  return date_trunc('milliseconds', t);
end;
$function$;

revoke all on function app_private.ms(t timestamp with time zone) from public;
