-- An Idempotency-Key was remembered per person and route: the same person sending the same
-- key and body to the same route in another workspace got the first workspace's answer
-- replayed, and nothing was created where they asked. The record now belongs to the
-- workspace the caller acts in too (the route's scope is prefixed with it, server-side).
create or replace function app_private.idempotency_scope(p_scope text) returns text
  language sql stable set search_path = '' as $$
  select coalesce(app.current_workspace_id()::text, '-') || ' ' || p_scope
$$;
comment on function app_private.idempotency_scope(text) is 'The key of an idempotency record: the caller''s workspace and the route, so a key is remembered per person, workspace and route.';

create or replace function app_private.idempotency_begin(p_scope text, p_key text, p_request_hash text) returns jsonb
  language plpgsql security definer set search_path = '' as $$
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
$$;

create or replace function app_private.idempotency_finish(p_scope text, p_key text, p_status integer, p_body jsonb) returns void
  language sql security definer set search_path = '' as $$
  update app_private.idempotency_keys set status = p_status, body = p_body
  where user_id = app.current_user_id() and scope = app_private.idempotency_scope(p_scope) and key = p_key
$$;
