-- Emailed-code sign-in in the browser (self-hosted instances with an email driver): the
-- same one-live-code-per-account rules as the CLIs' (10 minutes, 3 attempts, sealed in the
-- mail job), kind `browser`; a right code opens a browser session instead of minting a key.
alter table app_private.login_codes drop constraint login_codes_tool_check;
alter table app_private.login_codes add constraint login_codes_tool_check check (tool in ('deck', 'hackathon', 'browser'));

-- Answers { error, message, attemptsLeft? } for a wrong, spent or expired code (attempts are
-- kept, so this never raises), else { userId, twoFactor }; a right code is spent.
create function app_private.login_code_for_session(p_email text, p_code_hash bytea) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  u app.users;
  c app_private.login_codes;
begin
  select * into u from app.users x where lower(x.email) = lower(trim(p_email));
  if u.id is not null then
    select * into c from app_private.login_codes x where x.user_id = u.id and x.tool = 'browser' for update;
  end if;
  if c.id is null or c.expires_at <= app.now() then
    delete from app_private.login_codes x where x.id = c.id;
    return jsonb_build_object('error', 'invalid_code', 'message', 'The code is wrong or has expired; ask for a new one');
  end if;
  if c.code_hash <> p_code_hash then
    if c.attempts + 1 >= 3 then
      delete from app_private.login_codes x where x.id = c.id;
      return jsonb_build_object('error', 'invalid_code', 'message', 'Wrong code, and that was the last attempt; ask for a new code', 'attemptsLeft', 0);
    end if;
    update app_private.login_codes x set attempts = x.attempts + 1 where x.id = c.id;
    return jsonb_build_object('error', 'invalid_code', 'message', format('Wrong code; %s attempt(s) left', 3 - c.attempts - 1), 'attemptsLeft', 3 - c.attempts - 1);
  end if;
  delete from app_private.login_codes x where x.id = c.id;
  return jsonb_build_object('userId', u.id, 'twoFactor', u.two_factor_enabled);
end;
$$;
