-- Starts an Idempotency-Key request for the caller (the API's idempotency support, scoped by method
-- and route): answers the stored response of the same request, or null to go ahead. Refuses
-- idempotency_key_reused when the key came with a different request; keys older than 24 hours are
-- forgotten.

CREATE OR REPLACE FUNCTION app_private.idempotency_begin(p_scope text, p_key text, p_request_hash text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  r app_private.idempotency_keys;
  uid uuid := app.current_user_id();
  s text := app_private.idempotency_scope(p_scope);
begin
  if uid is null then
    return null;
  end if;
  delete from app_private.idempotency_keys k
    where k.user_id = uid and k.scope = s and k.key = p_key and k.created_at < now() - interval '24 hours';
  insert into app_private.idempotency_keys (user_id, scope, key, request_hash)
    values (uid, s, p_key, p_request_hash)
    on conflict do nothing;
  select * into r from app_private.idempotency_keys k where k.user_id = uid and k.scope = s and k.key = p_key;
  if r.request_hash <> p_request_hash then
    perform app_private.fail('idempotency_key_reused', 'This Idempotency-Key was already used for a different request');
  end if;
  if r.status is null then
    return null;
  end if;
  return jsonb_build_object('status', r.status, 'body', r.body);
end;
$function$;

revoke all on function app_private.idempotency_begin(p_scope text, p_key text, p_request_hash text) from public;
grant execute on function app_private.idempotency_begin(p_scope text, p_key text, p_request_hash text) to podium_app;
