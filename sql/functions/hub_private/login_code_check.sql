-- Checks a hub email sign-in code's hash without spending it; answers the account, its two-factor
-- and sealed TOTP secret. A wrong code counts an attempt but answers like an address with no code
-- (expired, ask again), so attempts left never say the account exists.

CREATE OR REPLACE FUNCTION hub_private.login_code_check(p_email text, p_code_hash bytea)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;

revoke all on function hub_private.login_code_check(p_email text, p_code_hash bytea) from public;
