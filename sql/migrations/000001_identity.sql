-- Identity: accounts, workspaces, memberships, sessions, API keys, emailed codes,
-- the one clock, caller settings and the error helper. See sql/CONVENTIONS.md.

-- The role every API request and PostGraphile query runs as: no BYPASSRLS, no login.
-- Roles are cluster-wide, so this tolerates a role made by another database.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'podium_app') then
    create role podium_app nologin;
  end if;
exception when duplicate_object or unique_violation then null;
end $$;
grant podium_app to current_user;

create schema if not exists app;
comment on schema app is 'What the API and PostGraphile see: tables under row-level security and the state-rule functions.';
comment on schema app_private is 'Hashes, secrets and security-definer internals. Never exposed.';
revoke all on schema app_private from public;
grant usage on schema app to podium_app;
grant usage on schema app_private to podium_app; -- only for functions granted one by one below
alter default privileges in schema app revoke execute on functions from public;
alter default privileges in schema app_private revoke execute on functions from public;

-- Errors: every refusal is raised here, with the spec's code in DETAIL and optional
-- JSON details in HINT. api/errors.ts maps the code to an HTTP status.
create function app_private.fail(code text, message text, details jsonb default null) returns void
  language plpgsql immutable
  set search_path = ''
as $$
begin
  raise exception using errcode = 'PD000', message = message, detail = code, hint = coalesce(details::text, '');
end;
$$;
grant execute on function app_private.fail(text, text, jsonb) to podium_app;

-- The one clock. Tests in test mode move it with app_private.clock.offset_seconds;
-- production never writes that row. TypeScript never decides a phase from its own clock.
create table app_private.clock (
  id boolean primary key default true check (id),
  offset_seconds double precision not null default 0
);
insert into app_private.clock default values;

create function app.now() returns timestamptz
  language sql stable security definer
  set search_path = ''
as $$ select pg_catalog.now() + pg_catalog.make_interval(secs => (select offset_seconds from app_private.clock)) $$;
comment on function app.now() is 'The server clock every phase and deadline is decided by.';
grant execute on function app.now() to podium_app;

-- Identity through settings, set per transaction by the API (core/db/pool.ts).
create function app.current_user_id() returns uuid
  language sql stable
as $$ select nullif(current_setting('app.user_id', true), '')::uuid $$;
create function app.current_workspace_id() returns uuid
  language sql stable
as $$ select nullif(current_setting('app.workspace_id', true), '')::uuid $$;
create function app.current_workspace_role() returns text
  language sql stable
as $$ select nullif(current_setting('app.workspace_role', true), '') $$;
create function app.has_scope(scope text) returns boolean
  language sql stable
as $$ select scope = any (string_to_array(coalesce(current_setting('app.scopes', true), ''), ',')) $$;
comment on function app.current_user_id() is 'The signed-in account of this request, or null.';
comment on function app.current_workspace_id() is 'The workspace this request acts in, or null.';
comment on function app.current_workspace_role() is 'The caller''s membership role in the current workspace: owner, admin, member or guest.';
comment on function app.has_scope(text) is 'Whether the caller''s credential carries the scope (sessions carry every scope).';
grant execute on function app.current_user_id(), app.current_workspace_id(), app.current_workspace_role(), app.has_scope(text) to podium_app;

-- Accounts --------------------------------------------------------------------
create table app.users (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email ~ '^[^@\s]+@[^@\s]+$' and length(email) <= 320),
  name text check (length(name) between 1 and 200),
  two_factor_enabled boolean not null default false,
  default_workspace_id uuid,
  created_at timestamptz not null default now()
);
create unique index users_email_key on app.users (lower(email));
comment on table app.users is 'Accounts. Email is unique case-insensitively; passwords and TOTP secrets live in app_private.user_secrets.';

create table app_private.user_secrets (
  user_id uuid primary key references app.users (id) on delete cascade,
  password_hash text, -- argon2id
  totp_secret_sealed text -- AES-GCM sealed with AUTH_SECRET: a TOTP secret cannot be a hash
);

create table app.workspaces (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 100 and name !~ '[[:cntrl:]]'),
  organization_id text check (length(organization_id) between 1 and 200),
  created_at timestamptz not null default now()
);
create unique index workspaces_name_key on app.workspaces (lower(name));
create unique index workspaces_organization_key on app.workspaces (organization_id) where organization_id is not null;
comment on table app.workspaces is 'A workspace holds decks, one event and its projects. organization_id links it to a cloud organization.';

alter table app.users add constraint users_default_workspace_fkey
  foreign key (default_workspace_id) references app.workspaces (id) on delete set null;
create index users_default_workspace_idx on app.users (default_workspace_id);

create type app.workspace_role as enum ('owner', 'admin', 'member', 'guest');

create table app.memberships (
  workspace_id uuid not null references app.workspaces (id) on delete cascade,
  user_id uuid not null references app.users (id) on delete cascade,
  role app.workspace_role not null,
  created_at timestamptz not null default now(),
  primary key (workspace_id, user_id)
);
create index memberships_user_idx on app.memberships (user_id);
comment on table app.memberships is 'Who belongs to which workspace, as owner, admin, member or guest.';

-- Security-definer helpers for policies, so a policy never recurses into RLS.
create function app_private.is_member_of(ws uuid) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select exists (select 1 from app.memberships m where m.workspace_id = ws and m.user_id = app.current_user_id())
$$;
grant execute on function app_private.is_member_of(uuid) to podium_app;

alter table app.users enable row level security;
alter table app.workspaces enable row level security;
alter table app.memberships enable row level security;
grant select on app.users, app.workspaces, app.memberships to podium_app;

-- You see yourself and the members of the workspace you act in.
create policy users_select on app.users for select to podium_app using (
  id = (select app.current_user_id())
  or exists (
    select 1 from app.memberships m
    where m.user_id = users.id and m.workspace_id = (select app.current_workspace_id())
      and (select app_private.is_member_of(app.current_workspace_id()))
  )
);
create policy workspaces_select on app.workspaces for select to podium_app using (
  (select app_private.is_member_of(id))
);
create policy memberships_select on app.memberships for select to podium_app using (
  user_id = (select app.current_user_id())
  or (workspace_id = (select app.current_workspace_id()) and (select app_private.is_member_of(workspace_id)))
);

-- Sessions and keys -------------------------------------------------------------
create table app_private.sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash bytea not null unique,
  user_id uuid not null references app.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_user_idx on app_private.sessions (user_id);

create table app_private.api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app.users (id) on delete cascade,
  token_hash bytea not null unique,
  tool text not null check (tool in ('deck', 'hackathon')),
  name text not null check (length(name) between 1 and 100 and name !~ '[[:cntrl:]]'),
  scopes text[] not null,
  workspace_id uuid references app.workspaces (id) on delete cascade,
  created_via text not null check (created_via in ('operator', 'dashboard', 'email_code', 'hub')),
  expires_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  constraint api_keys_scopes_of_tool check (
    cardinality(scopes) > 0 and
    case tool
      when 'deck' then scopes <@ array['presentations:read', 'presentations:write', 'data:export']
      else scopes <@ array['hackathon:read', 'hackathon:write', 'data:export']
    end
  )
);
create index api_keys_user_idx on app_private.api_keys (user_id);
create index api_keys_workspace_idx on app_private.api_keys (workspace_id);

create view app.my_api_keys as
  select k.id, k.tool, k.name, k.scopes, k.workspace_id, k.created_via, k.expires_at, k.last_used_at, k.revoked_at, k.created_at
  from app_private.api_keys k
  where k.user_id = app.current_user_id();
comment on view app.my_api_keys is 'The caller''s own API keys, without their hashes.';
grant select on app.my_api_keys to podium_app;

-- Usage per key and route, folded in by the usage-flush job on worker replicas.
create table app_private.key_usage (
  key_id uuid not null references app_private.api_keys (id) on delete cascade,
  route text not null,
  request_count bigint not null default 0,
  last_used_at timestamptz not null,
  primary key (key_id, route)
);

-- Emailed-code sign-in: one live code per account and tool; the row is the flow's
-- temporary session and is deleted when the key is handed out.
create table app_private.login_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app.users (id) on delete cascade,
  tool text not null check (tool in ('deck', 'hackathon')),
  code_hash bytea not null,
  attempts int not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  unique (user_id, tool)
);

-- First-run setup link; the newest unused token is the live one.
create table app_private.setup_tokens (
  token_hash bytea primary key,
  created_at timestamptz not null default now(),
  used_at timestamptz
);

-- Worker liveness, shown by GET /api/v1/health.
create table app_private.worker_heartbeats (
  worker_id text primary key,
  service_role text not null,
  started_at timestamptz not null default now(),
  beat_at timestamptz not null default now()
);
