-- Errors: every refusal is raised here, with the spec's code in DETAIL and optional
-- JSON details in HINT. api/errors.ts maps the code to an HTTP status.

CREATE OR REPLACE FUNCTION app_private.fail(code text, message text, details jsonb DEFAULT NULL::jsonb)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  raise exception using errcode = 'PD000', message = message, detail = code, hint = coalesce(details::text, '');
end;
$function$;

revoke all on function app_private.fail(code text, message text, details jsonb) from public;
