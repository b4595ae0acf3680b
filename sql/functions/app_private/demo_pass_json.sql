-- A demo pass as JSON: its person, expiry, revocation and uses.

CREATE OR REPLACE FUNCTION app_private.demo_pass_json(d app_private.demo_passes)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('id', d.id, 'userId', d.user_id, 'email', (select u.email from app.users u where u.id = d.user_id),
    'expiresAt', app_private.iso(d.expires_at), 'revokedAt', app_private.iso(d.revoked_at), 'uses', d.uses,
    'lastUsedAt', app_private.iso(d.last_used_at), 'createdAt', app_private.iso(d.created_at))
$function$;

revoke all on function app_private.demo_pass_json(d app_private.demo_passes) from public;
