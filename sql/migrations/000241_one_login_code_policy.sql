-- One login-code policy for the instance and the hub (issue 31, item 3). The instance's
-- app_private.login_code_spend and the hub's hub_private.login_code_check/spend/strike each wrote
-- the rule themselves: ten minutes, three attempts, and the sentences of a miss. They now
-- ask app_private.login_code_policy() for the numbers and app_private.login_code_miss /
-- login_code_expired for the verdicts, so the two cannot drift apart
-- (test/sql/login-code.test.ts checks both sides against the policy).

create type app_private.login_code_policy as (lifetime interval, attempts int);

create function app_private.login_code_policy() returns app_private.login_code_policy
  language sql immutable parallel safe
  set search_path = ''
as $$ select row(interval '10 minutes', 3)::app_private.login_code_policy $$;
comment on function app_private.login_code_policy() is
  'How long an emailed sign-in code lives and how many wrong tries it takes (instance and hub alike).';
revoke all on function app_private.login_code_policy() from public;

create function app_private.login_code_miss(p_attempts_before int, p_what text, p_renew text) returns jsonb
  language plpgsql immutable
  set search_path = ''
as $$
declare
  left_ int := greatest((app_private.login_code_policy()).attempts - p_attempts_before - 1, 0);
begin
  if left_ = 0 then
    return jsonb_build_object('error', 'invalid_code',
      'message', format('%s, and that was the last attempt; %s a new code', p_what, p_renew), 'attemptsLeft', 0);
  end if;
  return jsonb_build_object('error', 'invalid_code', 'message', format('%s; %s attempt(s) left', p_what, left_), 'attemptsLeft', left_);
end;
$$;
comment on function app_private.login_code_miss(int, text, text) is
  'The verdict on a wrong try of a code that had p_attempts_before wrong tries: invalid_code with attemptsLeft (0: the caller deletes the code). p_renew words the advice: request or ask for.';
revoke all on function app_private.login_code_miss(int, text, text) from public;

create function app_private.login_code_expired(p_renew text) returns jsonb
  language sql immutable
  set search_path = ''
as $$ select jsonb_build_object('error', 'invalid_code', 'message', format('The code is wrong or has expired; %s a new one', p_renew)) $$;
comment on function app_private.login_code_expired(text) is
  'The verdict when there is no live code (never sent, expired or used up): the same answer whatever the reason.';
revoke all on function app_private.login_code_expired(text) from public;

create or replace function app_private.login_code_request(p_email text, p_tool text, p_code_hash bytea, p_sealed_code text) RETURNS uuid
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  u app.users;
begin
  select * into u from app.users x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if u.id is null then
    return null;
  end if;
  insert into app_private.login_codes (user_id, tool, code_hash, attempts, expires_at)
  values (u.id, p_tool, p_code_hash, 0, app.now() + (app_private.login_code_policy()).lifetime)
  on conflict (user_id, tool) do update set code_hash = excluded.code_hash, attempts = 0,
    expires_at = excluded.expires_at, created_at = now();
  perform graphile_worker.add_job('mail__send',
    jsonb_build_object('to', u.email, 'template', 'login_code', 'tool', p_tool, 'sealedCode', p_sealed_code)::json,
    job_key => 'login_code:' || u.id || ':' || p_tool, max_attempts => 5);
  return u.id;
end;
$$;

create or replace function app_private.login_code_spend(p_email text, p_tool text, p_code_hash bytea, p_renew text) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  u app.users;
  c app_private.login_codes;
  verdict jsonb;
begin
  select * into u from app.users x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if u.id is not null then
    select * into c from app_private.login_codes x where x.user_id = u.id and x.tool = p_tool for update;
  end if;
  if c.id is null or c.expires_at <= app.now() then
    delete from app_private.login_codes x where x.id = c.id;
    return app_private.login_code_expired(p_renew);
  end if;
  if c.code_hash <> p_code_hash then
    verdict := app_private.login_code_miss(c.attempts, 'Wrong code', p_renew);
    if (verdict ->> 'attemptsLeft')::int = 0 then
      delete from app_private.login_codes x where x.id = c.id;
    else
      update app_private.login_codes x set attempts = x.attempts + 1 where x.id = c.id;
    end if;
    return verdict;
  end if;
  delete from app_private.login_codes x where x.id = c.id;
  return jsonb_build_object('userId', u.id);
end;
$$;

create or replace function hub_private.login_code_request(p_email text, p_code_hash bytea, p_sealed_code text) RETURNS uuid
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  a hub.accounts;
begin
  select * into a from hub.accounts x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if a.id is null then
    return null; -- the same answer for every address; no mail for an unknown one
  end if;
  insert into hub_private.login_codes (account_id, code_hash, attempts, expires_at)
  values (a.id, p_code_hash, 0, app.now() + (app_private.login_code_policy()).lifetime)
  on conflict (account_id) do update set code_hash = excluded.code_hash, attempts = 0, expires_at = excluded.expires_at, created_at = now();
  perform graphile_worker.add_job('mail__send',
    jsonb_build_object('to', a.email, 'template', 'hub_login_code', 'sealedCode', p_sealed_code)::json,
    job_key => 'hub_login_code:' || a.id, max_attempts => 5);
  return a.id;
end;
$$;

create or replace function hub_private.login_code_check(p_email text, p_code_hash bytea) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  a hub.accounts;
  c hub_private.login_codes;
begin
  select * into a from hub.accounts x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if a.id is not null then
    select * into c from hub_private.login_codes x where x.account_id = a.id for update;
  end if;
  if c.account_id is null or c.expires_at <= app.now() then
    delete from hub_private.login_codes x where x.account_id = c.account_id;
    return app_private.login_code_expired('request');
  end if;
  if c.code_hash <> p_code_hash then
    return hub_private.login_code_strike(a.id, 'Wrong code');
  end if;
  return jsonb_build_object('accountId', a.id, 'twoFactor', a.two_factor_enabled,
    'totpSealed', (select s.totp_secret_sealed from hub_private.account_secrets s where s.account_id = a.id));
end;
$$;

create or replace function hub_private.login_code_spend(p_account uuid, p_code_hash bytea, p_login_hash bytea) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  a hub.accounts;
  l hub_private.logins;
begin
  delete from hub_private.login_codes x
   where x.account_id = p_account and x.code_hash = p_code_hash and x.expires_at > app.now();
  if not found then
    return app_private.login_code_expired('request');
  end if;
  insert into hub_private.logins (account_id, token_hash) values (p_account, p_login_hash) returning * into l;
  select * into a from hub.accounts x where x.id = p_account;
  return jsonb_build_object('loginId', l.id, 'account', jsonb_build_object('id', a.id, 'email', a.email, 'name', a.name));
end;
$$;

create or replace function hub_private.login_code_strike(p_account uuid, p_what text) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  before int;
  verdict jsonb;
begin
  select x.attempts into before from hub_private.login_codes x where x.account_id = p_account for update;
  -- No code left (spent by a parallel attempt): as good as the last one.
  verdict := app_private.login_code_miss(coalesce(before, (app_private.login_code_policy()).attempts), p_what, 'request');
  if (verdict ->> 'attemptsLeft')::int = 0 then
    delete from hub_private.login_codes x where x.account_id = p_account;
  else
    update hub_private.login_codes x set attempts = x.attempts + 1 where x.account_id = p_account;
  end if;
  return verdict;
end;
$$;
