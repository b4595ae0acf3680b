-- The caller's membership role in the current workspace: owner, admin, member or guest.

CREATE OR REPLACE FUNCTION app.current_workspace_role()
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$ select nullif(current_setting('app.workspace_role', true), '') $function$;

comment on function app.current_workspace_role() is 'The caller''s membership role in the current workspace: owner, admin, member or guest.';
revoke all on function app.current_workspace_role() from public;
grant execute on function app.current_workspace_role() to public;
grant execute on function app.current_workspace_role() to podium_app;
