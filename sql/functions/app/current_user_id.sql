-- Identity through settings, set per transaction by the API (core/db/pool.ts).

CREATE OR REPLACE FUNCTION app.current_user_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE
AS $function$ select nullif(current_setting('app.user_id', true), '')::uuid $function$;

comment on function app.current_user_id() is 'The signed-in account of this request, or null.';
revoke all on function app.current_user_id() from public;
grant execute on function app.current_user_id() to public;
grant execute on function app.current_user_id() to podium_app;
