-- Stores the response of an Idempotency-Key request, so a retry answers it again.

CREATE OR REPLACE FUNCTION app_private.idempotency_finish(p_scope text, p_key text, p_status integer, p_body jsonb)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  update app_private.idempotency_keys set status = p_status, body = p_body
  where user_id = app.current_user_id() and scope = app_private.idempotency_scope(p_scope) and key = p_key
$function$;

revoke all on function app_private.idempotency_finish(p_scope text, p_key text, p_status integer, p_body jsonb) from public;
grant execute on function app_private.idempotency_finish(p_scope text, p_key text, p_status integer, p_body jsonb) to podium_app;
