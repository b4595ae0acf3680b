-- Spends the emailed code of (email, tool): { userId } when it is right and unexpired, else {
-- error: invalid_code, message } after counting the attempt (three per code; an expired or
-- exhausted code is deleted). A wrong code answers exactly like no code or no account
-- (login_code_expired), so the answer never tells whether the address has an account. p_renew
-- words the advice: request or ask for.

CREATE OR REPLACE FUNCTION app_private.login_code_spend(p_email text, p_tool text, p_code_hash bytea, p_renew text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;

comment on function app_private.login_code_spend(p_email text, p_tool text, p_code_hash bytea, p_renew text) is 'Spends the emailed code of (email, tool): { userId } when it is right and unexpired, else { error: invalid_code, message } after counting the attempt (three per code; an expired or exhausted code is deleted). A wrong code answers exactly like no code or no account (login_code_expired), so the answer never tells whether the address has an account. p_renew words the advice: request or ask for.';
revoke all on function app_private.login_code_spend(p_email text, p_tool text, p_code_hash bytea, p_renew text) from public;
