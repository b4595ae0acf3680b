-- Workspace roles in order (owner 4, admin 3, member 2, guest 1), for "a role below yours".

CREATE OR REPLACE FUNCTION app_private.role_rank(p_role app.workspace_role)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select case p_role when 'owner' then 4 when 'admin' then 3 when 'member' then 2 when 'guest' then 1 end $function$;

revoke all on function app_private.role_rank(p_role app.workspace_role) from public;
