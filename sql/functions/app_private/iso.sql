-- app_private.iso: the rule is the body below.

CREATE OR REPLACE FUNCTION app_private.iso(t timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  return to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
end;
$function$;

revoke all on function app_private.iso(t timestamp with time zone) from public;
