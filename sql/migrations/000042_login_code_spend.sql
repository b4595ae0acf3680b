-- One login-code spend: the expiry, the three attempts and the spending of an emailed code
-- were written twice, in login_code_complete (a CLI key) and login_code_for_session (a
-- browser session). Both call app_private.login_code_spend now, which answers the account's
-- id once the code is right (the code is spent), or { error: invalid_code, message,
-- attemptsLeft } having counted the wrong attempt (a refusal that keeps a change answers
-- instead of raising, CONVENTIONS.md 5). The wording stays each path's own: the CLI says
-- "request a new one", the browser page "ask for a new one".

create function app_private.login_code_spend(p_email text, p_tool text, p_code_hash bytea, p_renew text) returns jsonb
  language plpgsql volatile
  set search_path = ''
as $$
declare
  u app.users;
  c app_private.login_codes;
begin
  select * into u from app.users x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if u.id is not null then
    select * into c from app_private.login_codes x where x.user_id = u.id and x.tool = p_tool for update;
  end if;
  if c.id is null or c.expires_at <= app.now() then
    delete from app_private.login_codes x where x.id = c.id;
    return jsonb_build_object('error', 'invalid_code', 'message', format('The code is wrong or has expired; %s a new one', p_renew));
  end if;
  if c.code_hash <> p_code_hash then
    if c.attempts + 1 >= 3 then
      delete from app_private.login_codes x where x.id = c.id;
      return jsonb_build_object('error', 'invalid_code', 'message', format('Wrong code, and that was the last attempt; %s a new code', p_renew), 'attemptsLeft', 0);
    end if;
    update app_private.login_codes x set attempts = x.attempts + 1 where x.id = c.id;
    return jsonb_build_object('error', 'invalid_code', 'message', format('Wrong code; %s attempt(s) left', 3 - c.attempts - 1), 'attemptsLeft', 3 - c.attempts - 1);
  end if;
  delete from app_private.login_codes x where x.id = c.id;
  return jsonb_build_object('userId', u.id);
end;
$$;
comment on function app_private.login_code_spend(text, text, bytea, text) is
  'Spends the emailed code of (email, tool): { userId } when it is right and unexpired, else { error: invalid_code, message, attemptsLeft } after counting the attempt (three per code; an expired or exhausted code is deleted). p_renew words the advice: request or ask for.';

create or replace function app_private.login_code_complete(p_email text, p_tool text, p_code_hash bytea, p_key_hash bytea, p_key_name text, p_expires_in_days integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  u app.users;
  spent jsonb;
  k jsonb;
begin
  spent := app_private.login_code_spend(p_email, p_tool, p_code_hash, 'request');
  if spent ? 'error' then
    return spent;
  end if;
  select * into u from app.users x where x.id = (spent ->> 'userId')::uuid;
  if u.two_factor_enabled then
    return jsonb_build_object('error', 'two_factor_required',
      'message', 'This account uses two-factor authentication: sign in in the browser and create a key in the dashboard');
  end if;
  k := app_private.create_api_key(u.id, p_key_hash, p_tool, p_key_name, null, null, p_expires_in_days, 'email_code');
  return jsonb_build_object('key', k, 'user', jsonb_build_object('id', u.id, 'email', u.email, 'name', u.name));
end;
$function$;

create or replace function app_private.login_code_for_session(p_email text, p_code_hash bytea)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  u app.users;
  spent jsonb;
begin
  spent := app_private.login_code_spend(p_email, 'browser', p_code_hash, 'ask for');
  if spent ? 'error' then
    return spent;
  end if;
  select * into u from app.users x where x.id = (spent ->> 'userId')::uuid;
  return jsonb_build_object('userId', u.id, 'twoFactor', u.two_factor_enabled);
end;
$function$;
