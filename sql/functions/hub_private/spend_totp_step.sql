-- Spends a TOTP step for a hub account: true only if it is later than the last one spent, so a code
-- works once.

CREATE OR REPLACE FUNCTION hub_private.spend_totp_step(p_account uuid, p_step bigint)
 RETURNS boolean
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  with spent as (
    update hub_private.account_secrets s set totp_last_step = p_step
     where s.account_id = p_account and (s.totp_last_step is null or s.totp_last_step < p_step)
    returning 1)
  select exists (select 1 from spent)
$function$;

revoke all on function hub_private.spend_totp_step(p_account uuid, p_step bigint) from public;
