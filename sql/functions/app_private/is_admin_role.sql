-- Whether a workspace membership role is owner or admin (NULL for NULL): the one place that names
-- that set.

CREATE OR REPLACE FUNCTION app_private.is_admin_role(p_role app.workspace_role)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select p_role in ('owner', 'admin') $function$;

comment on function app_private.is_admin_role(p_role app.workspace_role) is 'Whether a workspace membership role is owner or admin (NULL for NULL): the one place that names that set.';
revoke all on function app_private.is_admin_role(p_role app.workspace_role) from public;
