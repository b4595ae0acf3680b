-- app_private functions are closed: PostgreSQL grants EXECUTE to PUBLIC on every new
-- function, and `alter default privileges in schema ... revoke ... from public` (000001) cannot
-- take that away (per-schema defaults only add to the global ones). So every app_private
-- function was executable by podium_app, whatever its grants said (000017's revoke of
-- duplicate_deck_checked_by_caller changed nothing).
--
-- Now: EXECUTE is revoked from PUBLIC (and podium_app) on every app_private routine, the
-- migrating role's global default privileges stop granting it to PUBLIC on functions made
-- from now on (every later migration runs as that role: core/db/migrate.ts, at boot with
-- DATABASE_URL's user), and podium_app is granted exactly the functions it must call itself:
-- - those row-level security policies and views evaluate as the caller;
-- - those the API calls as the caller (withCaller/asCaller/callJson), values only the server
--   computes (sql/CONVENTIONS.md 2).
-- A function called only from security-definer functions runs as their owner and needs no
-- grant. The default applies to functions of every schema: `app` functions are granted to
-- podium_app one by one already (each migration's grant line). test/sql/app-private-execute
-- .test.ts holds the list and fails when it changes without the test.

revoke execute on all routines in schema app_private from public;
revoke execute on all routines in schema app_private from podium_app;
alter default privileges revoke execute on routines from public;

-- Evaluated as the caller by row-level security policies and the app.my_api_keys view (and
-- the security-invoker app.my_workspaces).
grant execute on function
  app_private.deck_role(uuid),
  app_private.demo_workspace(),
  app_private.event_ctx_or_null(),
  app_private.is_member_of(uuid),
  app_private.project_role_of(uuid)
to podium_app;

-- Called by the API as the caller, with values only the server computes.
grant execute on function
  app_private.idempotency_begin(text, text, text),
  app_private.idempotency_finish(text, text, integer, jsonb),
  app_private.blob_uploaded(text, bigint),
  app_private.mint_share_link(uuid, bytea, text, integer, boolean, boolean, boolean, integer, text),
  app_private.rotate_share_secret(uuid, bytea),
  app_private.mail_share_link(uuid, text, text, text),
  app_private.create_dashboard_key(bytea, text, text, text[], integer, boolean),
  app_private.create_demo_passes(text[], bytea[], integer),
  app_private.list_demo_passes(integer, timestamptz, uuid),
  app_private.revoke_demo_pass(uuid),
  app_private.set_event_github(text, text, text, text, jsonb, boolean),
  app_private.start_provision(text, uuid, jsonb),
  app_private.record_submission_exception(uuid, text, text, text, bigint, boolean, boolean)
to podium_app;
