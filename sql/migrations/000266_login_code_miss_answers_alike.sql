-- A wrong emailed code answers like no code at all (issue 39, finding F4). After a code
-- request, a wrong guess answered `Wrong code; 2 attempt(s) left` (attemptsLeft: 2) for a real
-- account and `The code is wrong or has expired` for any other address: anyone could tell
-- which addresses have an account. The attempt is still counted (three per code, the third
-- deletes it), but the answer is app_private.login_code_expired's, the same for a wrong code,
-- an expired or spent one, a code never sent and an address with no account; the instance
-- (CLIs and web page) and the hub alike. login_code_miss stays for the hub's two-factor step,
-- which runs only after the emailed code was right (the caller holds the mailbox).

create or replace function app_private.login_code_spend(p_email text, p_tool text, p_code_hash bytea, p_renew text) returns jsonb
  language plpgsql
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
    return app_private.login_code_expired(p_renew);
  end if;
  if c.code_hash <> p_code_hash then
    if c.attempts + 1 >= (app_private.login_code_policy()).attempts then
      delete from app_private.login_codes x where x.id = c.id;
    else
      update app_private.login_codes x set attempts = x.attempts + 1 where x.id = c.id;
    end if;
    -- Counted, but answered like an address with no code: attempts left would say the account exists.
    return app_private.login_code_expired(p_renew);
  end if;
  delete from app_private.login_codes x where x.id = c.id;
  return jsonb_build_object('userId', u.id);
end;
$$;
comment on function app_private.login_code_spend(text, text, bytea, text) is
  'Spends the emailed code of (email, tool): { userId } when it is right and unexpired, else { error: invalid_code, message } after counting the attempt (three per code; an expired or exhausted code is deleted). A wrong code answers exactly like no code or no account (login_code_expired), so the answer never tells whether the address has an account. p_renew words the advice: request or ask for.';

create or replace function hub_private.login_code_check(p_email text, p_code_hash bytea) returns jsonb
  language plpgsql
  set search_path = ''
as $$
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
    -- Counted, but answered like an address with no code: attempts left would say the account exists.
    perform hub_private.login_code_strike(a.id, 'Wrong code');
    return app_private.login_code_expired('request');
  end if;
  return jsonb_build_object('accountId', a.id, 'twoFactor', a.two_factor_enabled,
    'totpSealed', (select s.totp_secret_sealed from hub_private.account_secrets s where s.account_id = a.id));
end;
$$;

comment on function app_private.login_code_expired(text) is
  'The verdict on every refused emailed code (a wrong one, never sent, expired, used up, or an address with no account): the same answer whatever the reason.';
comment on function app_private.login_code_miss(int, text, text) is
  'The verdict on a wrong two-factor code at the hub, after the emailed code was right: invalid_code with attemptsLeft (0: the caller deletes the code). A wrong emailed code never gets it (login_code_expired). p_renew words the advice: request or ask for.';
