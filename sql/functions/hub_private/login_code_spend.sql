-- Spends a hub sign-in code (after its checks) and opens a login with the token's hash; a code gone
-- or expired answers { error } asking for a new one.

CREATE OR REPLACE FUNCTION hub_private.login_code_spend(p_account uuid, p_code_hash bytea, p_login_hash bytea)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  a hub.accounts;
  l hub_private.logins;
begin
  delete from hub_private.login_codes x
   where x.account_id = p_account and x.code_hash = p_code_hash and x.expires_at > app.now();
  if not found then
    return app_private.login_code_expired('request');
  end if;
  insert into hub_private.logins (account_id, token_hash) values (p_account, p_login_hash) returning * into l;
  select * into a from hub.accounts x where x.id = p_account;
  return jsonb_build_object('loginId', l.id, 'account', jsonb_build_object('id', a.id, 'email', a.email, 'name', a.name));
end;
$function$;

revoke all on function hub_private.login_code_spend(p_account uuid, p_code_hash bytea, p_login_hash bytea) from public;
