-- Whether the caller's credential carries the scope (sessions carry every scope).

CREATE OR REPLACE FUNCTION app.has_scope(scope text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$ select scope = any (string_to_array(coalesce(current_setting('app.scopes', true), ''), ',')) $function$;

comment on function app.has_scope(scope text) is 'Whether the caller''s credential carries the scope (sessions carry every scope).';
revoke all on function app.has_scope(scope text) from public;
grant execute on function app.has_scope(scope text) to public;
grant execute on function app.has_scope(scope text) to podium_app;
