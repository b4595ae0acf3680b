-- The scope of an Idempotency-Key record: the caller's workspace and the route, so the same key and
-- body sent to the same route in another workspace is a new request, not a replay of the first
-- workspace's answer.

CREATE OR REPLACE FUNCTION app_private.idempotency_scope(p_scope text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(app.current_workspace_id()::text, '-') || ' ' || p_scope
$function$;

comment on function app_private.idempotency_scope(p_scope text) is 'The key of an idempotency record: the caller''s workspace and the route, so a key is remembered per person, workspace and route.';
revoke all on function app_private.idempotency_scope(p_scope text) from public;
