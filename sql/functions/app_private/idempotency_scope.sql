-- An Idempotency-Key was remembered per person and route: the same person sending the same
-- key and body to the same route in another workspace got the first workspace's answer
-- replayed, and nothing was created where they asked. The record now belongs to the
-- workspace the caller acts in too (the route's scope is prefixed with it, server-side).

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
