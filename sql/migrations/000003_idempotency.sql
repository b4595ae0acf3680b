-- Idempotency-Key for creates a client may retry: the first answer is kept for 24 hours
-- and replayed; the same key with a different request is refused. The row is written in
-- the same transaction as the create it guards, so a retry never sees half of it.
create table app_private.idempotency_keys (
  user_id uuid not null references app.users (id) on delete cascade,
  scope text not null, -- METHOD /route
  key text not null check (length(key) between 1 and 200),
  request_hash text not null,
  status int,
  body jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, scope, key)
);
create index idempotency_keys_created_idx on app_private.idempotency_keys (created_at);

-- Claims the key (waiting for a concurrent twin to commit) and answers the stored reply,
-- or null when the caller should do the work now.
create function app_private.idempotency_begin(p_scope text, p_key text, p_request_hash text) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  r app_private.idempotency_keys;
  uid uuid := app.current_user_id();
begin
  if uid is null then
    return null;
  end if;
  delete from app_private.idempotency_keys k
    where k.user_id = uid and k.scope = p_scope and k.key = p_key and k.created_at < now() - interval '24 hours';
  insert into app_private.idempotency_keys (user_id, scope, key, request_hash)
    values (uid, p_scope, p_key, p_request_hash)
    on conflict do nothing;
  select * into r from app_private.idempotency_keys k where k.user_id = uid and k.scope = p_scope and k.key = p_key;
  if r.request_hash <> p_request_hash then
    perform app_private.fail('idempotency_key_reused', 'This Idempotency-Key was already used for a different request');
  end if;
  if r.status is null then
    return null;
  end if;
  return jsonb_build_object('status', r.status, 'body', r.body);
end;
$$;

create function app_private.idempotency_finish(p_scope text, p_key text, p_status int, p_body jsonb) returns void
  language sql security definer
  set search_path = ''
as $$
  update app_private.idempotency_keys set status = p_status, body = p_body
  where user_id = app.current_user_id() and scope = p_scope and key = p_key
$$;
grant execute on function app_private.idempotency_begin(text, text, text), app_private.idempotency_finish(text, text, int, jsonb) to podium_app;
