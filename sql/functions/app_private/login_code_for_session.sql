-- The sign-in page spends a browser email code (app_private.login_code_spend) and answers the
-- account and whether it has two-factor; a refused code answers { error }, not raised, so the
-- attempt counts.

CREATE OR REPLACE FUNCTION app_private.login_code_for_session(p_email text, p_code_hash bytea)
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

revoke all on function app_private.login_code_for_session(p_email text, p_code_hash bytea) from public;
