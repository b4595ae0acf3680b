-- Identity state rules: authentication lookup, setup, workspaces, members, keys,
-- emailed-code sign-in, self-revocation, usage and worker heartbeats.
-- These run as the owner (operator commands, auth layer, workers); none is exposed.

-- A workspace named by id or by name (case-insensitive), as operators type it.
create function app_private.find_workspace(ref text) returns app.workspaces
  language plpgsql stable
  set search_path = ''
as $$
declare
  ws app.workspaces;
begin
  if ref ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' then
    select * into ws from app.workspaces w where w.id = ref::uuid;
  end if;
  if ws.id is null then
    select * into ws from app.workspaces w where lower(w.name) = lower(ref);
  end if;
  if ws.id is null then
    perform app_private.fail('workspace_not_found', format('No workspace named %s', ref));
  end if;
  return ws;
end;
$$;

-- Which workspace a request acts in: the requested one (by id or cloud organization),
-- else the key's pin, else the account's default, else its oldest membership.
create function app_private.resolve_workspace(p_user uuid, p_pin uuid, p_workspace uuid, p_org text) returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
declare
  ws app.workspaces;
  pinned app.workspaces;
  member_role app.workspace_role;
begin
  if p_pin is not null then
    select * into pinned from app.workspaces w where w.id = p_pin;
  end if;
  if p_workspace is not null then
    select * into ws from app.workspaces w where w.id = p_workspace;
  elsif p_org is not null then
    select * into ws from app.workspaces w where w.organization_id = p_org;
  elsif pinned.id is not null then
    ws := pinned;
  else
    select w.* into ws from app.users u join app.workspaces w on w.id = u.default_workspace_id
      join app.memberships m on m.workspace_id = w.id and m.user_id = u.id
      where u.id = p_user;
    if ws.id is null then
      select w.* into ws from app.memberships m join app.workspaces w on w.id = m.workspace_id
        where m.user_id = p_user order by m.created_at, w.id limit 1;
    end if;
  end if;
  if (p_workspace is not null or p_org is not null) and pinned.id is not null and ws.id is distinct from pinned.id then
    return jsonb_build_object('error', jsonb_build_object('code', 'workspace_pinned',
      'message', format('This key is pinned to workspace %s (%s) and acts only there', pinned.name, pinned.id),
      'pinnedWorkspaceId', pinned.id));
  end if;
  if ws.id is not null then
    select m.role into member_role from app.memberships m where m.workspace_id = ws.id and m.user_id = p_user;
  end if;
  if member_role is null then
    if p_workspace is not null or p_org is not null then
      return jsonb_build_object('error', jsonb_build_object('code', 'workspace_not_found',
        'message', case when p_org is not null then format('No workspace of yours belongs to organization %s', p_org)
                        else format('No workspace %s among yours', p_workspace) end));
    end if;
    return null;
  end if;
  return jsonb_build_object('id', ws.id, 'name', ws.name, 'organizationId', ws.organization_id, 'role', member_role);
end;
$$;

-- One round trip per authenticated request: a key hash or a session hash in, the
-- caller out (null when the credential is unknown, expired or revoked).
create function app_private.authenticate(p_key_hash bytea, p_session_hash bytea, p_workspace uuid, p_org text) returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
declare
  k app_private.api_keys;
  s app_private.sessions;
  u app.users;
  ws jsonb;
begin
  if p_key_hash is not null then
    select * into k from app_private.api_keys x where x.token_hash = p_key_hash;
    if k.id is null or k.revoked_at is not null or (k.expires_at is not null and k.expires_at <= app.now()) then
      return null;
    end if;
    select * into u from app.users x where x.id = k.user_id;
  elsif p_session_hash is not null then
    select * into s from app_private.sessions x where x.token_hash = p_session_hash;
    if s.id is null or s.expires_at <= app.now() then
      return null;
    end if;
    select * into u from app.users x where x.id = s.user_id;
  else
    return null;
  end if;
  ws := app_private.resolve_workspace(u.id, k.workspace_id, p_workspace, p_org);
  return jsonb_build_object(
    'via', case when k.id is not null then 'api_key' else 'session' end,
    'user', jsonb_build_object('id', u.id, 'email', u.email, 'name', u.name),
    'key', case when k.id is null then null else jsonb_build_object(
      'id', k.id, 'name', k.name, 'tool', k.tool, 'scopes', to_jsonb(k.scopes),
      'workspaceId', k.workspace_id, 'expiresAt', k.expires_at) end,
    'sessionId', s.id,
    'workspace', case when ws ? 'error' then null else ws end,
    'workspaceError', ws -> 'error'
  );
end;
$$;

-- Accounts, workspaces and members (operator acts) --------------------------------
create function app_private.ensure_user(p_email text, p_name text) returns app.users
  language plpgsql
  set search_path = ''
as $$
declare
  u app.users;
begin
  select * into u from app.users x where lower(x.email) = lower(trim(p_email));
  if u.id is null then
    insert into app.users (email, name) values (trim(p_email), nullif(trim(p_name), '')) returning * into u;
  elsif p_name is not null and u.name is null then
    update app.users x set name = nullif(trim(p_name), '') where x.id = u.id returning * into u;
  end if;
  return u;
end;
$$;

create function app_private.create_workspace(p_name text, p_organization_id text default null) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  ws app.workspaces;
begin
  if exists (select 1 from app.workspaces w where lower(w.name) = lower(trim(p_name))) then
    perform app_private.fail('workspace_exists', format('A workspace named %s already exists', trim(p_name)));
  end if;
  insert into app.workspaces (name, organization_id) values (trim(p_name), p_organization_id) returning * into ws;
  return jsonb_build_object('id', ws.id, 'name', ws.name, 'organizationId', ws.organization_id, 'createdAt', ws.created_at);
end;
$$;

create function app_private.add_member(p_workspace text, p_email text, p_role text, p_name text default null) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  ws app.workspaces;
  u app.users;
begin
  if p_role not in ('owner', 'admin', 'member', 'guest') then
    perform app_private.fail('invalid_role', format('Role must be owner, admin, member or guest, got %s', p_role));
  end if;
  ws := app_private.find_workspace(p_workspace);
  u := app_private.ensure_user(p_email, p_name);
  insert into app.memberships (workspace_id, user_id, role) values (ws.id, u.id, p_role::app.workspace_role)
    on conflict (workspace_id, user_id) do update set role = excluded.role;
  update app.users x set default_workspace_id = ws.id where x.id = u.id and x.default_workspace_id is null;
  return jsonb_build_object('workspaceId', ws.id, 'workspace', ws.name, 'userId', u.id, 'email', u.email, 'role', p_role);
end;
$$;

-- First workspace and its owner. Serialized by a table lock; refused once done.
create function app_private.setup(p_workspace text, p_email text, p_name text, p_password_hash text) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  ws jsonb;
  member jsonb;
begin
  lock table app.workspaces in exclusive mode;
  if exists (select 1 from app.workspaces) then
    perform app_private.fail('already_set_up', 'This instance is already set up; add workspaces and members with podium workspace create and podium member add');
  end if;
  ws := app_private.create_workspace(p_workspace);
  member := app_private.add_member(ws ->> 'id', p_email, 'owner', p_name);
  if p_password_hash is not null then
    insert into app_private.user_secrets (user_id, password_hash) values ((member ->> 'userId')::uuid, p_password_hash)
      on conflict (user_id) do update set password_hash = excluded.password_hash;
  end if;
  update app_private.setup_tokens set used_at = now() where used_at is null;
  return jsonb_build_object('workspace', ws, 'owner', jsonb_build_object('id', member -> 'userId', 'email', member -> 'email', 'name', nullif(trim(p_name), '')));
end;
$$;

-- A new setup link replaces every earlier unused one. Answers false once set up.
create function app_private.issue_setup_token(p_token_hash bytea) returns boolean
  language plpgsql
  set search_path = ''
as $$
begin
  if exists (select 1 from app.workspaces) then
    return false;
  end if;
  delete from app_private.setup_tokens where used_at is null;
  insert into app_private.setup_tokens (token_hash) values (p_token_hash);
  return true;
end;
$$;

create function app_private.setup_with_token(p_token_hash bytea, p_workspace text, p_email text, p_name text, p_password_hash text) returns jsonb
  language plpgsql
  set search_path = ''
as $$
begin
  if not exists (select 1 from app_private.setup_tokens t where t.token_hash = p_token_hash and t.used_at is null) then
    perform app_private.fail('invalid_setup_token', 'This setup link is no longer valid; restart the server for a new one');
  end if;
  return app_private.setup(p_workspace, p_email, p_name, p_password_hash);
end;
$$;

-- Keys ---------------------------------------------------------------------------
create function app_private.create_api_key(
  p_user uuid, p_token_hash bytea, p_tool text, p_name text, p_scopes text[],
  p_workspace uuid, p_expires_in_days int, p_via text
) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  k app_private.api_keys;
  scopes text[];
begin
  if p_tool not in ('deck', 'hackathon') then
    perform app_private.fail('invalid_tool', format('Tool must be deck or hackathon, got %s', p_tool));
  end if;
  scopes := coalesce(p_scopes, case p_tool when 'deck' then array['presentations:read', 'presentations:write']
                                              else array['hackathon:read', 'hackathon:write'] end);
  if p_tool = 'deck' and not scopes <@ array['presentations:read', 'presentations:write', 'data:export'] then
    perform app_private.fail('invalid_scopes', format('A deck key takes presentations:read, presentations:write, data:export; got %s', array_to_string(scopes, ',')));
  elsif p_tool = 'hackathon' and not scopes <@ array['hackathon:read', 'hackathon:write', 'data:export'] then
    perform app_private.fail('invalid_scopes', format('A hackathon key takes hackathon:read, hackathon:write, data:export; got %s', array_to_string(scopes, ',')));
  elsif cardinality(scopes) = 0 then
    perform app_private.fail('invalid_scopes', 'A key needs at least one scope');
  end if;
  if p_via in ('email_code', 'hub') and 'data:export' = any (scopes) then
    perform app_private.fail('invalid_scopes', 'Keys minted by sign-in never carry data:export');
  end if;
  if p_expires_in_days is not null and (p_expires_in_days < 1 or p_expires_in_days > 3650) then
    perform app_private.fail('invalid_expiry', format('Lifetime must be 1 to 3650 days, got %s', p_expires_in_days));
  end if;
  if p_workspace is not null and not exists (select 1 from app.memberships m where m.workspace_id = p_workspace and m.user_id = p_user) then
    perform app_private.fail('not_a_member', 'A key can only be pinned to a workspace its account belongs to');
  end if;
  insert into app_private.api_keys (user_id, token_hash, tool, name, scopes, workspace_id, created_via, expires_at)
  values (p_user, p_token_hash, p_tool, coalesce(nullif(trim(p_name), ''), p_tool || ' key'), scopes, p_workspace, p_via,
          case when p_expires_in_days is null then null else app.now() + make_interval(days => p_expires_in_days) end)
  returning * into k;
  return jsonb_build_object('id', k.id, 'name', k.name, 'tool', k.tool, 'scopes', to_jsonb(k.scopes),
    'workspaceId', k.workspace_id, 'expiresAt', k.expires_at, 'createdAt', k.created_at);
end;
$$;

-- The presenting key revokes exactly itself.
create function app_private.revoke_key(p_key uuid) returns jsonb
  language sql
  set search_path = ''
as $$
  update app_private.api_keys set revoked_at = coalesce(revoked_at, app.now()) where id = p_key
  returning jsonb_build_object('id', id, 'name', name, 'revokedAt', revoked_at)
$$;

-- Emailed-code sign-in -------------------------------------------------------------
-- Answers null for an unknown address (the API still answers a generic success and
-- no mail is sent). The mail job carries the code sealed with AUTH_SECRET, never plain.
create function app_private.login_code_request(p_email text, p_tool text, p_code_hash bytea, p_sealed_code text) returns uuid
  language plpgsql
  set search_path = ''
as $$
declare
  u app.users;
begin
  select * into u from app.users x where lower(x.email) = lower(trim(p_email));
  if u.id is null then
    return null;
  end if;
  insert into app_private.login_codes (user_id, tool, code_hash, attempts, expires_at)
  values (u.id, p_tool, p_code_hash, 0, app.now() + interval '10 minutes')
  on conflict (user_id, tool) do update set code_hash = excluded.code_hash, attempts = 0,
    expires_at = excluded.expires_at, created_at = now();
  perform graphile_worker.add_job('mail__send',
    jsonb_build_object('to', u.email, 'template', 'login_code', 'tool', p_tool, 'sealedCode', p_sealed_code)::json,
    job_key => 'login_code:' || u.id || ':' || p_tool, max_attempts => 5);
  return u.id;
end;
$$;

-- Answers { error } for a wrong, spent or expired code (attempts must be kept, so this
-- never raises), else the new key. Three attempts per code.
create function app_private.login_code_complete(
  p_email text, p_tool text, p_code_hash bytea, p_key_hash bytea, p_key_name text, p_expires_in_days int
) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  u app.users;
  c app_private.login_codes;
  k jsonb;
begin
  select * into u from app.users x where lower(x.email) = lower(trim(p_email));
  if u.id is not null then
    select * into c from app_private.login_codes x where x.user_id = u.id and x.tool = p_tool for update;
  end if;
  if c.id is null or c.expires_at <= app.now() then
    delete from app_private.login_codes x where x.id = c.id;
    return jsonb_build_object('error', 'invalid_code', 'message', 'The code is wrong or has expired; request a new one');
  end if;
  if c.code_hash <> p_code_hash then
    if c.attempts + 1 >= 3 then
      delete from app_private.login_codes x where x.id = c.id;
      return jsonb_build_object('error', 'invalid_code', 'message', 'Wrong code, and that was the last attempt; request a new code', 'attemptsLeft', 0);
    end if;
    update app_private.login_codes x set attempts = x.attempts + 1 where x.id = c.id;
    return jsonb_build_object('error', 'invalid_code', 'message', format('Wrong code; %s attempt(s) left', 3 - c.attempts - 1), 'attemptsLeft', 3 - c.attempts - 1);
  end if;
  delete from app_private.login_codes x where x.id = c.id;
  if u.two_factor_enabled then
    return jsonb_build_object('error', 'two_factor_required',
      'message', 'This account uses two-factor authentication: sign in in the browser and create a key in the dashboard');
  end if;
  k := app_private.create_api_key(u.id, p_key_hash, p_tool, p_key_name, null, null, p_expires_in_days, 'email_code');
  return jsonb_build_object('key', k, 'user', jsonb_build_object('id', u.id, 'email', u.email, 'name', u.name));
end;
$$;

-- Usage and heartbeats -------------------------------------------------------------
-- rows: [{ keyId, route, count, lastUsedAt }]; deltas from api replicas, applied by the worker.
create function app_private.apply_usage(p_rows jsonb) returns int
  language plpgsql
  set search_path = ''
as $$
declare
  n int;
begin
  with r as (
    select (x ->> 'keyId')::uuid as key_id, x ->> 'route' as route, (x ->> 'count')::bigint as cnt,
           (x ->> 'lastUsedAt')::timestamptz as last_used_at
    from jsonb_array_elements(p_rows) x
  ), live as (
    select r.* from r join app_private.api_keys k on k.id = r.key_id
  ), upserted as (
    insert into app_private.key_usage as u (key_id, route, request_count, last_used_at)
    select key_id, route, sum(cnt), max(last_used_at) from live group by key_id, route
    on conflict (key_id, route) do update set request_count = u.request_count + excluded.request_count,
      last_used_at = greatest(u.last_used_at, excluded.last_used_at)
    returning 1
  )
  select count(*) into n from upserted;
  update app_private.api_keys k set last_used_at = greatest(k.last_used_at, m.last_used_at)
  from (select (x ->> 'keyId')::uuid as key_id, max((x ->> 'lastUsedAt')::timestamptz) as last_used_at
        from jsonb_array_elements(p_rows) x group by 1) m
  where k.id = m.key_id;
  return n;
end;
$$;

create function app_private.heartbeat(p_worker text, p_role text) returns void
  language sql
  set search_path = ''
as $$
  insert into app_private.worker_heartbeats (worker_id, service_role) values (p_worker, p_role)
  on conflict (worker_id) do update set beat_at = now()
$$;

-- Password sign-in reads the hash and two-factor state in one lookup.
create function app_private.password_login_info(p_email text) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('userId', u.id, 'passwordHash', s.password_hash,
    'twoFactor', u.two_factor_enabled, 'totpSealed', s.totp_secret_sealed)
  from app.users u left join app_private.user_secrets s on s.user_id = u.id
  where lower(u.email) = lower(trim(p_email))
$$;

-- The caller's workspaces, for `hackathon workspaces` and for resolving a name to an id.
create function app.my_workspaces() returns jsonb
  language sql stable
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', w.id, 'name', w.name, 'organizationId', w.organization_id,
           'role', m.role, 'isDefault', u.default_workspace_id is not distinct from w.id) order by lower(w.name)), '[]')
  from app.memberships m
  join app.workspaces w on w.id = m.workspace_id
  join app.users u on u.id = m.user_id
  where m.user_id = app.current_user_id()
$$;
comment on function app.my_workspaces() is 'Every workspace the caller belongs to, with role and whether it is the default.';
grant execute on function app.my_workspaces() to podium_app;

-- The workspace chosen when a request names none (self-hosted instances).
create function app.set_default_workspace(p_workspace uuid) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  ws app.workspaces;
begin
  select w.* into ws from app.workspaces w join app.memberships m on m.workspace_id = w.id
    where w.id = p_workspace and m.user_id = app.current_user_id();
  if ws.id is null then
    perform app_private.fail('workspace_not_found', format('No workspace %s among yours', p_workspace));
  end if;
  update app.users set default_workspace_id = ws.id where id = app.current_user_id();
  return jsonb_build_object('id', ws.id, 'name', ws.name, 'organizationId', ws.organization_id);
end;
$$;
comment on function app.set_default_workspace(uuid) is 'Makes one of your workspaces the default for requests that name none.';
grant execute on function app.set_default_workspace(uuid) to podium_app;
