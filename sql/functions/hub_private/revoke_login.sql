-- Ends a hub login (sign-out); revoking again keeps the first time. Answers its id and revokedAt.

CREATE OR REPLACE FUNCTION hub_private.revoke_login(p_login uuid)
 RETURNS jsonb
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  update hub_private.logins set revoked_at = coalesce(revoked_at, app.now()) where id = p_login
  returning jsonb_build_object('id', id, 'revokedAt', revoked_at)
$function$;

revoke all on function hub_private.revoke_login(p_login uuid) from public;
