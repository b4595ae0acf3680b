-- A two-factor code signs in once. Sign-in (api/auth/two-factor.ts) finds the time step the
-- code belongs to (unix seconds / 30, one step of drift either way) and spends it here: the
-- account keeps the last step used, and a step at or before it is refused, so the same code
-- cannot be used twice in its window, nor an older code after a newer one.

alter table app_private.user_secrets add column totp_last_step bigint;
comment on column app_private.user_secrets.totp_last_step is 'The last TOTP time step (unix seconds / 30) used to sign in; that step and earlier ones are spent.';

-- True when the step was live and is now spent; false when it (or a later one) was used.
-- The row lock of the update serialises two sign-ins racing with one code.
create function app_private.spend_totp_step(p_user uuid, p_step bigint) returns boolean
  language sql volatile
  set search_path = ''
as $$
  with spent as (
    update app_private.user_secrets s set totp_last_step = p_step
     where s.user_id = p_user and (s.totp_last_step is null or s.totp_last_step < p_step)
    returning 1
  )
  select exists (select 1 from spent)
$$;
