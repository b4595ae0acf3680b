-- The caller's membership role in the workspace they act in; guests take no part in projects.

CREATE OR REPLACE FUNCTION app_private.project_caller_role()
 RETURNS app.workspace_role
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  r app.workspace_role := app_private.caller_member_role('You act in no workspace of yours');
begin
  if r = 'guest' then
    perform app_private.fail('guest_excluded', 'Guests do not take part in projects');
  end if;
  return r;
end;
$function$;

revoke all on function app_private.project_caller_role() from public;
