-- The account behind a presented hub login, or null (unknown or revoked).

CREATE OR REPLACE FUNCTION hub_private.authenticate_login(p_token_hash bytea)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('loginId', l.id, 'account', jsonb_build_object('id', a.id, 'email', a.email, 'name', a.name))
    from hub_private.logins l join hub.accounts a on a.id = l.account_id
   where l.token_hash = p_token_hash and l.revoked_at is null
$function$;

revoke all on function hub_private.authenticate_login(p_token_hash bytea) from public;
