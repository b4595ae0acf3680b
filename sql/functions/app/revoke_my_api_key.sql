-- Revokes one of the signed-in person's own API keys; revoking twice keeps the first time. The
-- scope check comes first, like every exposed write (insufficient_scope); then keys are refused
-- key_not_allowed: only a browser session revokes keys.

CREATE OR REPLACE FUNCTION app.revoke_my_api_key(p_key uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  r jsonb;
begin
  perform app_private.require_scope('presentations:write'); -- sessions carry every scope
  perform app_private.require_session();
  update app_private.api_keys x set revoked_at = coalesce(x.revoked_at, app.now())
   where x.id = p_key and x.user_id = app.current_user_id()
  returning jsonb_build_object('id', x.id, 'name', x.name, 'revokedAt', x.revoked_at) into r;
  if r is null then
    perform app_private.fail('not_found', 'No such key of yours');
  end if;
  return r;
end;
$function$;

comment on function app.revoke_my_api_key(p_key uuid) is E'@shape app.revoked_api_key\nRevokes one of the signed-in person''s own API keys (browser sessions only; keys are refused). Revoking twice keeps the first time.';
revoke all on function app.revoke_my_api_key(p_key uuid) from public;
grant execute on function app.revoke_my_api_key(p_key uuid) to public;
grant execute on function app.revoke_my_api_key(p_key uuid) to podium_app;
