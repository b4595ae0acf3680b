-- The signed-in account of this request, or null: the transaction-local setting app.user_id that
-- the API sets (core/db/pool.ts) and PostGraphile's pgSettings.

CREATE OR REPLACE FUNCTION app.current_user_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE
AS $function$ select nullif(current_setting('app.user_id', true), '')::uuid $function$;

comment on function app.current_user_id() is 'The signed-in account of this request, or null.';
revoke all on function app.current_user_id() from public;
grant execute on function app.current_user_id() to public;
grant execute on function app.current_user_id() to podium_app;
