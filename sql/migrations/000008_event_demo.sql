-- Hackathon event service, part 3: demo passes. An owner or admin mints a pass per member;
-- the pass's secret appears only in the links handed back and is stored as sha256; opening
-- a link signs the member in with a session that ends when the pass expires or is revoked.
-- Everything here is private: the API reaches it through functions granted one by one, so
-- it is not on GraphQL (demo passes are for browser sessions on self-hosted instances only).

create table app_private.demo_passes (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references app.workspaces (id) on delete cascade,
  user_id uuid not null references app.users (id) on delete cascade,
  token_hash bytea not null unique,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  uses int not null default 0,
  last_used_at timestamptz,
  created_by uuid references app.users (id) on delete set null,
  created_at timestamptz not null default app_private.ms(now())
);
create index demo_passes_listing_idx on app_private.demo_passes (workspace_id, created_at desc, id desc);
create index demo_passes_user_idx on app_private.demo_passes (user_id);
create index demo_passes_created_by_idx on app_private.demo_passes (created_by);

-- Which sessions a pass opened, so revoking the pass ends them.
create table app_private.demo_pass_sessions (
  session_id uuid primary key references app_private.sessions (id) on delete cascade,
  pass_id uuid not null references app_private.demo_passes (id) on delete cascade
);
create index demo_pass_sessions_pass_idx on app_private.demo_pass_sessions (pass_id);

create function app_private.demo_pass_json(d app_private.demo_passes) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('id', d.id, 'userId', d.user_id, 'email', (select u.email from app.users u where u.id = d.user_id),
    'expiresAt', app_private.iso(d.expires_at), 'revokedAt', app_private.iso(d.revoked_at), 'uses', d.uses,
    'lastUsedAt', app_private.iso(d.last_used_at), 'createdAt', app_private.iso(d.created_at))
$$;

-- demo link: one pass per email (a member of the workspace), lifetime 1 minute to a week.
-- p_token_hashes[i] is the sha256 of the secret minted for p_emails[i].
create function app_private.create_demo_passes(p_emails text[], p_token_hashes bytea[], p_minutes int) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  now_ timestamptz := app_private.ms(app.now());
  i int;
  who app.memberships;
  d app_private.demo_passes;
  out jsonb := '[]';
begin
  perform app_private.require_owner_or_admin('mints demo passes');
  if p_minutes is null or p_minutes < 1 or p_minutes > 7 * 24 * 60 then
    perform app_private.fail('invalid_input', 'A demo pass lives from one minute to one week', '{"field":"minutes"}');
  end if;
  if coalesce(cardinality(p_emails), 0) = 0 or cardinality(p_emails) <> cardinality(p_token_hashes) then
    perform app_private.fail('invalid_input', 'Name at least one member by email', '{"field":"emails"}');
  end if;
  for i in 1 .. cardinality(p_emails) loop
    if exists (select 1 from unnest(p_emails[1:i - 1]) e where lower(e) = lower(p_emails[i])) then
      perform app_private.fail('invalid_input', format('emails.%s names %s twice', i - 1, p_emails[i]), jsonb_build_object('field', format('emails.%s', i - 1)));
    end if;
    if p_emails[i] not like '%@%' then
      perform app_private.fail('invalid_input', format('emails.%s must be an email address', i - 1), jsonb_build_object('field', format('emails.%s', i - 1)));
    end if;
    who := app_private.workspace_person(p_emails[i]);
    insert into app_private.demo_passes (workspace_id, user_id, token_hash, expires_at, created_by, created_at)
    values (app.current_workspace_id(), who.user_id, p_token_hashes[i], now_ + make_interval(mins => p_minutes), app.current_user_id(), now_)
    returning * into d;
    out := out || jsonb_build_array(app_private.demo_pass_json(d));
  end loop;
  return out;
end;
$$;
grant execute on function app_private.create_demo_passes(text[], bytea[], int) to podium_app;

-- demo list: the workspace's passes, newest first (limit + 1 for paging).
create function app_private.list_demo_passes(p_limit int, p_before_at timestamptz, p_before_id uuid) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
begin
  perform app_private.require_owner_or_admin('sees demo passes');
  return coalesce((
    select jsonb_agg(app_private.demo_pass_json(x) order by x.created_at desc, x.id desc) from (
      select d.* from app_private.demo_passes d
      where d.workspace_id = app.current_workspace_id() and (p_before_at is null or (d.created_at, d.id) < (p_before_at, p_before_id))
      order by d.created_at desc, d.id desc limit p_limit) x), '[]');
end;
$$;
grant execute on function app_private.list_demo_passes(int, timestamptz, uuid) to podium_app;

-- demo revoke: idempotent; ends every session the pass opened.
create function app_private.revoke_demo_pass(p_pass uuid) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  d app_private.demo_passes;
  ended int;
begin
  perform app_private.require_owner_or_admin('revokes demo passes');
  update app_private.demo_passes x set revoked_at = coalesce(x.revoked_at, app.now())
    where x.id = p_pass and x.workspace_id = app.current_workspace_id() returning * into d;
  if d.id is null then
    perform app_private.fail('demo_pass_not_found', format('No demo pass %s in this workspace', p_pass));
  end if;
  with gone as (
    delete from app_private.sessions s using app_private.demo_pass_sessions l
    where l.pass_id = d.id and s.id = l.session_id returning 1
  )
  select count(*) into ended from gone;
  return jsonb_build_object('id', d.id, 'revokedAt', app_private.iso(d.revoked_at), 'sessionsEnded', ended);
end;
$$;
grant execute on function app_private.revoke_demo_pass(uuid) to podium_app;

-- The pass's own sign-in route, run by the server (no caller yet): a live pass, locked, or null.
create function app_private.demo_pass_begin(p_token_hash bytea) returns jsonb
  language plpgsql volatile
  set search_path = ''
as $$
declare
  d app_private.demo_passes;
begin
  select * into d from app_private.demo_passes x where x.token_hash = p_token_hash for update;
  if d.id is null or d.revoked_at is not null or d.expires_at <= app.now() then
    return null;
  end if;
  return jsonb_build_object('passId', d.id, 'userId', d.user_id);
end;
$$;

-- Ties the session just opened to the pass: it ends when the pass expires; counts the use.
create function app_private.demo_pass_opened(p_pass uuid, p_session_hash bytea) returns jsonb
  language plpgsql volatile
  set search_path = ''
as $$
declare
  d app_private.demo_passes;
  sid uuid;
begin
  update app_private.demo_passes x set uses = x.uses + 1, last_used_at = app.now() where x.id = p_pass returning * into d;
  update app_private.sessions s set expires_at = least(s.expires_at, d.expires_at) where s.token_hash = p_session_hash returning s.id into sid;
  insert into app_private.demo_pass_sessions (session_id, pass_id) values (sid, d.id);
  return jsonb_build_object('maxAgeSeconds', greatest(1, floor(extract(epoch from d.expires_at - app.now())))::int);
end;
$$;
