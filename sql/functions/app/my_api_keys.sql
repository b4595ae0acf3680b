-- The caller's own API keys, without their hashes. A demo session sees none: it acts for another
-- person.

create or replace view app.my_api_keys as
 SELECT k.id,
    k.tool,
    k.name,
    k.scopes,
    k.workspace_id,
    k.created_via,
    k.expires_at,
    k.last_used_at,
    k.revoked_at,
    k.created_at,
    k.last4
   FROM app_private.api_keys k
  WHERE k.user_id = app.current_user_id() AND app_private.demo_workspace() IS NULL;

comment on view app.my_api_keys is 'The caller''s own API keys, without their hashes (last4: the secret''s last four characters, for dashboard keys).';
revoke all on app.my_api_keys from public;
grant select on app.my_api_keys to podium_app;
