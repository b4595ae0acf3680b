-- The workspace this request acts in, or null.

CREATE OR REPLACE FUNCTION app.current_workspace_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE
AS $function$ select nullif(current_setting('app.workspace_id', true), '')::uuid $function$;

comment on function app.current_workspace_id() is 'The workspace this request acts in, or null.';
revoke all on function app.current_workspace_id() from public;
grant execute on function app.current_workspace_id() to public;
grant execute on function app.current_workspace_id() to podium_app;
