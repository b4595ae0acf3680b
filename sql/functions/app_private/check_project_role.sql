-- Refuses invalid_input unless the project role is viewer, editor or manager.

CREATE OR REPLACE FUNCTION app_private.check_project_role(p_role text)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if p_role is null or p_role not in ('viewer', 'editor', 'manager') then
    perform app_private.fail('invalid_input', 'role must be viewer, editor or manager', '{"field":"role"}');
  end if;
end;
$function$;

revoke all on function app_private.check_project_role(p_role text) from public;
