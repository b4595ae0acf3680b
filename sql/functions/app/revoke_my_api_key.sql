-- app.revoke_my_api_key checks its scope first, like every other exposed write. It refused key
-- callers (key_not_allowed) before the scope check, so the scope was never what refused a key
-- through /graphql; test/api/graphql-catalogue.test.ts now calls every mutation with keys that
-- lack a write scope and expects insufficient_scope. A key with the write scope is still
-- refused key_not_allowed; sessions carry every scope and are unchanged.

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

comment on function app.revoke_my_api_key(p_key uuid) is 'Revokes one of the signed-in person''s own API keys (browser sessions only; keys are refused). Revoking twice keeps the first time.';
revoke all on function app.revoke_my_api_key(p_key uuid) from public;
grant execute on function app.revoke_my_api_key(p_key uuid) to public;
grant execute on function app.revoke_my_api_key(p_key uuid) to podium_app;
