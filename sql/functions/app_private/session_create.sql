-- A browser session of the account for p_days from now (app.now()), keyed by the sha256 of its
-- token; answers its id. Called by the API, which mints the token.

CREATE OR REPLACE FUNCTION app_private.session_create(p_token_hash bytea, p_user uuid, p_days integer)
 RETURNS uuid
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  insert into app_private.sessions (token_hash, user_id, expires_at)
  values (p_token_hash, p_user, app.now() + make_interval(days => p_days))
  returning id
$function$;

comment on function app_private.session_create(p_token_hash bytea, p_user uuid, p_days integer) is 'A browser session of the account for p_days from now (app.now()), keyed by the sha256 of its token; answers its id. Called by the API, which mints the token.';
revoke all on function app_private.session_create(p_token_hash bytea, p_user uuid, p_days integer) from public;
