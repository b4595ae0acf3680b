-- A timestamp as the API writes it: ISO 8601 in UTC with milliseconds (2026-01-31T09:00:00.000Z).
-- PL/pgSQL: a hot-path helper (sql/CONVENTIONS.md rule 6).

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
