-- Sets (sealed TOTP secret) or clears a hub account's two-factor; a new secret forgets the last
-- TOTP step spent. Refuses not_found for an unknown email.

CREATE OR REPLACE FUNCTION hub_private.set_account_two_factor(p_email text, p_sealed text)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  a hub.accounts;
begin
  select * into a from hub.accounts x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if a.id is null then
    perform app_private.fail('not_found', format('No hub account %s', p_email));
  end if;
  if p_sealed is null then
    delete from hub_private.account_secrets s where s.account_id = a.id;
  else
    insert into hub_private.account_secrets (account_id, totp_secret_sealed) values (a.id, p_sealed)
      on conflict (account_id) do update set totp_secret_sealed = excluded.totp_secret_sealed, totp_last_step = null;
  end if;
  update hub.accounts x set two_factor_enabled = p_sealed is not null where x.id = a.id;
  return p_sealed is not null;
end;
$function$;

revoke all on function hub_private.set_account_two_factor(p_email text, p_sealed text) from public;
