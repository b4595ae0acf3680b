-- A timestamp truncated to milliseconds, the precision app_private.iso writes. PL/pgSQL: a hot-path
-- helper (sql/CONVENTIONS.md rule 6).

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
