-- The account, password hash and sealed TOTP secret for an email, for the API to check a password
-- sign-in itself; null for an unknown email.

CREATE OR REPLACE FUNCTION app_private.password_login_info(p_email text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('userId', u.id, 'passwordHash', s.password_hash,
    'twoFactor', u.two_factor_enabled, 'totpSealed', s.totp_secret_sealed)
  from app.users u left join app_private.user_secrets s on s.user_id = u.id
  where app_private.normalize_email(u.email) = app_private.normalize_email(p_email)
$function$;

revoke all on function app_private.password_login_info(p_email text) from public;
