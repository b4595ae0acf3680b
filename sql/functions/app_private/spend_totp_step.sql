-- True when the step was live and is now spent; false when it (or a later one) was used.
-- The row lock of the update serialises two sign-ins racing with one code.

CREATE OR REPLACE FUNCTION app_private.spend_totp_step(p_user uuid, p_step bigint)
 RETURNS boolean
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  with spent as (
    update app_private.user_secrets s set totp_last_step = p_step
     where s.user_id = p_user and (s.totp_last_step is null or s.totp_last_step < p_step)
    returning 1
  )
  select exists (select 1 from spent)
$function$;

revoke all on function app_private.spend_totp_step(p_user uuid, p_step bigint) from public;
