-- Orders project roles: viewer 1, editor 2, manager 3, anything else 0.

CREATE OR REPLACE FUNCTION app_private.project_role_rank(p_role text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select case p_role when 'viewer' then 1 when 'editor' then 2 when 'manager' then 3 else 0 end $function$;

revoke all on function app_private.project_role_rank(p_role text) from public;
