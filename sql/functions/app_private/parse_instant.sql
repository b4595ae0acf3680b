-- An instant sent as text: ISO 8601 with a zone, else null (callers name the field).

CREATE OR REPLACE FUNCTION app_private.parse_instant(p text)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if p is null or p !~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|z|[+-]\d{2}(:?\d{2})?)$' then
    return null;
  end if;
  return p::timestamptz;
exception when others then
  return null;
end;
$function$;

revoke all on function app_private.parse_instant(p text) from public;
