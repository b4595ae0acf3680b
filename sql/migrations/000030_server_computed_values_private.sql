-- Functions that record a value only the server may compute leave the public API. Every
-- function of schema `app` is callable through /graphql by any key (PostGraphile exposes the
-- schema); these took, from whoever called them:
--   - app.mint_share_link / app.rotate_share_secret: the sha256 of the link secret (so a
--     caller picked the secret of its own link) and the argon2 hash of its password (so a
--     caller picked the work factor: one password attempt took 2.4 s of a server thread);
--   - app.mail_share_link: the link URL sealed with AUTH_SECRET;
--   - app.create_dashboard_key: the sha256 of the key secret and its last four characters;
--   - app.record_submission_exception: the sha256 and size of the evidence archive, so any
--     organizer key could point its own team's artifact at any stored blob (a deck file of
--     another workspace) and download it from GET /api/v1/submissions/<team>/artifact.
-- Each moves to app_private unchanged (same checks, same codes), callable by podium_app only
-- from the route that computed the value (api/routes/deck/share.ts, api/pages/decks/preview.ts,
-- api/pages/keys/index.ts, api/routes/submissions/index.ts); PostGraphile exposes schema `app`
-- only. test/api/graphql-catalogue.test.ts fails on any exposed function taking such a value.

-- Share links: the route draws the secret and makes the argon2id hash (core/passwords.ts).
alter function app.mint_share_link(uuid, bytea, text, int, boolean, boolean, boolean, int, text) set schema app_private;
grant execute on function app_private.mint_share_link(uuid, bytea, text, int, boolean, boolean, boolean, int, text) to podium_app;
comment on function app_private.mint_share_link(uuid, bytea, text, int, boolean, boolean, boolean, int, text) is
  'Mints a share link on a deck (owner or workspace admin/owner) from the sha256 of the secret the route drew and the argon2id hash it made (share routes and the dashboard preview only).';

alter function app.rotate_share_secret(uuid, bytea) set schema app_private;
grant execute on function app_private.rotate_share_secret(uuid, bytea) to podium_app;
comment on function app_private.rotate_share_secret(uuid, bytea) is
  'Replaces the secret of a share link with one the route drew (a replayed mint); the previous URL stops working.';

alter function app.mail_share_link(uuid, text, text, text) set schema app_private;
grant execute on function app_private.mail_share_link(uuid, text, text, text) to podium_app;
comment on function app_private.mail_share_link(uuid, text, text, text) is
  'Queues the mail of a share link the route just minted, with the URL the route sealed with AUTH_SECRET.';

-- Dashboard keys: the page draws the secret (core/keys.ts mintKey).
alter function app.create_dashboard_key(bytea, text, text, text[], int, boolean) set schema app_private;
grant execute on function app_private.create_dashboard_key(bytea, text, text, text[], int, boolean) to podium_app;
comment on function app_private.create_dashboard_key(bytea, text, text, text[], int, boolean) is
  'Makes a deck key for the signed-in person from the sha256 and last four characters of the secret the keys page drew (browser sessions only).';

-- Submission exceptions: the route captures the named revision itself (core/codehost/capture.ts).
alter function app.record_submission_exception(uuid, text, text, text, bigint, boolean, boolean) set schema app_private;
grant execute on function app_private.record_submission_exception(uuid, text, text, text, bigint, boolean, boolean) to podium_app;
comment on function app_private.record_submission_exception(uuid, text, text, text, bigint, boolean, boolean) is
  'submissions exception: freezes a team on a sha with the evidence archive the route captured, or marks it missing (exception route only).';
