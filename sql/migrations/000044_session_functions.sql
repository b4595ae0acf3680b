-- Browser sessions are made and ended through SQL functions, like every other credential:
-- the API (api/auth/session.ts) inserted and deleted app_private.sessions rows with raw SQL
-- from three files. The API still mints the random token and signs the cookie; the row (its
-- sha256, the account, the expiry from the one clock) is written here. The sign-in
-- triggers (collaboration claims, last sign-in) fire as before.

create function app_private.session_create(p_token_hash bytea, p_user uuid, p_days integer) returns uuid
  language sql volatile
  set search_path = ''
as $$
  insert into app_private.sessions (token_hash, user_id, expires_at)
  values (p_token_hash, p_user, app.now() + make_interval(days => p_days))
  returning id
$$;
comment on function app_private.session_create(bytea, uuid, integer) is
  'A browser session of the account for p_days from now (app.now()), keyed by the sha256 of its token; answers its id. Called by the API, which mints the token.';

create function app_private.session_end(p_session uuid) returns boolean
  language sql volatile
  set search_path = ''
as $$
  with gone as (delete from app_private.sessions s where s.id = p_session returning 1)
  select exists (select 1 from gone)
$$;
comment on function app_private.session_end(uuid) is
  'Ends (deletes) one browser session: sign-out. Answers whether it existed.';
