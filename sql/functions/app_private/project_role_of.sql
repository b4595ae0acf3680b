-- The caller's role on a project of the current workspace: manager for workspace owners and admins,
-- none for guests, else the highest role given to them or to a team they are on; null if none.

CREATE OR REPLACE FUNCTION app_private.project_role_of(p_project uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return (select case
    when app_private.is_admin_role(m.role) then 'manager'
    when m.role = 'guest' then null
    else (
      select pm.role from app.project_members pm
      where pm.project_id = p.id
        and (pm.user_id = m.user_id
             or pm.team_id in (select tm.team_id from app.team_members tm where tm.user_id = m.user_id))
      order by app_private.project_role_rank(pm.role) desc limit 1)
  end
  from app.projects p
  join app.memberships m on m.workspace_id = p.workspace_id and m.user_id = app.current_user_id()
  where p.id = p_project and p.workspace_id = app.current_workspace_id());
end;
$function$;

revoke all on function app_private.project_role_of(p_project uuid) from public;
grant execute on function app_private.project_role_of(p_project uuid) to podium_app;
