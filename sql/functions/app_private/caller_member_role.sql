-- The caller's membership role in the workspace they act in; refuses workspace_not_found with the
-- caller's words (p_no_workspace). Deck creation and projects share it, each keeping its own rule
-- for guests.

CREATE OR REPLACE FUNCTION app_private.caller_member_role(p_no_workspace text)
 RETURNS app.workspace_role
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  r app.workspace_role;
begin
  select m.role into r from app.memberships m where m.workspace_id = app.current_workspace_id() and m.user_id = app.current_user_id();
  if r is null then
    perform app_private.fail('workspace_not_found', p_no_workspace);
  end if;
  return r;
end;
$function$;

revoke all on function app_private.caller_member_role(p_no_workspace text) from public;
