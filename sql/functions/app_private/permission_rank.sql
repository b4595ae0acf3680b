-- Orders code-host permissions: maintain 2, read 1, anything else 0.

CREATE OR REPLACE FUNCTION app_private.permission_rank(p text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case p when 'maintain' then 2 when 'read' then 1 else 0 end
$function$;

revoke all on function app_private.permission_rank(p text) from public;
