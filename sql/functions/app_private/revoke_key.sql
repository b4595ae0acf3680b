-- The presenting key revokes exactly itself.

CREATE OR REPLACE FUNCTION app_private.revoke_key(p_key uuid)
 RETURNS jsonb
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  update app_private.api_keys set revoked_at = coalesce(revoked_at, app.now()) where id = p_key
  returning jsonb_build_object('id', id, 'name', name, 'revokedAt', revoked_at)
$function$;

revoke all on function app_private.revoke_key(p_key uuid) from public;
