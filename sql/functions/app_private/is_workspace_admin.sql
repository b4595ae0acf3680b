-- Whether the user is an owner or admin of the workspace; false for a NULL user or workspace.

CREATE OR REPLACE FUNCTION app_private.is_workspace_admin(p_workspace uuid, p_user uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (select 1 from app.memberships m
                  where m.workspace_id = p_workspace and m.user_id = p_user and app_private.is_admin_role(m.role))
$function$;

comment on function app_private.is_workspace_admin(p_workspace uuid, p_user uuid) is 'Whether the user is an owner or admin of the workspace; false for a NULL user or workspace.';
revoke all on function app_private.is_workspace_admin(p_workspace uuid, p_user uuid) from public;
