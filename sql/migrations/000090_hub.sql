-- The hub (SERVICE_ROLE=hub): one sign-in for a family of instances. Accounts sign in with
-- an emailed code (and optional two-factor), belong to organizations, and each organization
-- lives on one instance and opens some tools there (deck, hackathon). A client holding a hub
-- login exchanges it here for a short-lived token signed by the hub (the instance as its
-- audience) and a one-time offline grant; the instance redeems the grant here exactly once.
--
-- Schema `hub` holds what an account may read about itself (row-level security for the role
-- podium_hub, identity in the setting hub.account_id); `hub_private` holds every secret, as a
-- hash (login codes, logins, grants, instance secrets) or sealed with the hub's AUTH_SECRET
-- (signing keys, TOTP secrets), and the functions the hub's routes call. The same migrations
-- run everywhere, so an instance's database holds these (empty) tables too.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'podium_hub') then
    create role podium_hub nologin;
  end if;
exception when duplicate_object or unique_violation then null;
end $$;
grant podium_hub to current_user;

create schema hub;
create schema hub_private;
comment on schema hub is 'The hub: accounts, organizations, their instances, tools and teams (read by their own accounts under row-level security).';
comment on schema hub_private is 'The hub''s secrets (hashed or sealed) and the functions its routes call. Never exposed.';
revoke all on schema hub_private from public;
grant usage on schema hub to podium_hub;
alter default privileges in schema hub revoke execute on functions from public;
alter default privileges in schema hub_private revoke execute on functions from public;

create function hub.current_account_id() returns uuid
  language sql stable
as $$ select nullif(current_setting('hub.account_id', true), '')::uuid $$;
comment on function hub.current_account_id() is 'The hub account of this request (set by the hub''s routes from the presented hub login).';
grant execute on function hub.current_account_id() to podium_hub;

create table hub.instances (
  id uuid primary key default gen_random_uuid(),
  url text not null unique check (url ~ '^https?://[^\s/]+(/[^\s]*)?$' and url !~ '/$' and length(url) <= 500),
  name text not null check (length(name) between 1 and 100 and name !~ '[[:cntrl:]]'),
  created_at timestamptz not null default now()
);
comment on table hub.instances is 'Instances behind this hub. The url is the audience of the tokens minted for it (its PUBLIC_URL).';

create table hub.organizations (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 100 and name !~ '[[:cntrl:]]'),
  instance_id uuid not null references hub.instances on delete cascade,
  tools text[] not null default '{}' check (tools <@ array['deck', 'hackathon']),
  created_at timestamptz not null default now()
);
create index organizations_instance_idx on hub.organizations (instance_id);
create unique index organizations_name_key on hub.organizations (instance_id, lower(name));
comment on table hub.organizations is 'An organization lives on one instance (a workspace there) and opens tools on it.';

create table hub.accounts (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email ~ '^[^@\s]+@[^@\s]+$' and length(email) <= 320),
  name text check (length(name) between 1 and 200 and name !~ '[[:cntrl:]]'),
  two_factor_enabled boolean not null default false,
  default_organization_id uuid references hub.organizations on delete set null,
  created_at timestamptz not null default now()
);
create unique index accounts_email_key on hub.accounts (app_private.normalize_email(email));
create index accounts_default_organization_idx on hub.accounts (default_organization_id);
comment on table hub.accounts is 'Hub accounts. The default organization is where an instance acts when a request names none.';

create table hub.memberships (
  organization_id uuid not null references hub.organizations on delete cascade,
  account_id uuid not null references hub.accounts on delete cascade,
  role text not null check (role in ('owner', 'admin', 'member', 'guest')),
  created_at timestamptz not null default now(),
  primary key (organization_id, account_id)
);
create index memberships_account_idx on hub.memberships (account_id);
comment on table hub.memberships is 'Who belongs to which organization, with the workspace role an instance gives them.';

create table hub.teams (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references hub.organizations on delete cascade,
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 50),
  name text not null check (length(name) between 1 and 100 and name !~ '[[:cntrl:]]'),
  created_at timestamptz not null default now(),
  unique (organization_id, slug)
);
comment on table hub.teams is 'Teams managed on the hub: instances show them as (hub) teams that change only here.';

create table hub.team_members (
  team_id uuid not null references hub.teams on delete cascade,
  account_id uuid not null references hub.accounts on delete cascade,
  primary key (team_id, account_id)
);
create index team_members_account_idx on hub.team_members (account_id);
comment on table hub.team_members is 'Members of hub-managed teams.';

-- Row-level security: an account reads itself, its organizations, their members, teams and instances.
create function hub_private.my_organization(p_org uuid) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select exists (select 1 from hub.memberships m where m.organization_id = p_org and m.account_id = hub.current_account_id())
$$;
grant usage on schema hub_private to podium_hub; -- only for functions granted one by one
grant execute on function hub_private.my_organization(uuid) to podium_hub;

alter table hub.instances enable row level security;
alter table hub.organizations enable row level security;
alter table hub.accounts enable row level security;
alter table hub.memberships enable row level security;
alter table hub.teams enable row level security;
alter table hub.team_members enable row level security;
grant select on hub.instances, hub.organizations, hub.accounts, hub.memberships, hub.teams, hub.team_members to podium_hub;

create policy instances_select on hub.instances for select to podium_hub
  using (exists (select 1 from hub.organizations o where o.instance_id = instances.id and (select hub_private.my_organization(o.id))));
create policy organizations_select on hub.organizations for select to podium_hub
  using ((select hub_private.my_organization(organizations.id)));
create policy accounts_select on hub.accounts for select to podium_hub
  using (id = (select hub.current_account_id()));
create policy memberships_select on hub.memberships for select to podium_hub
  using ((select hub_private.my_organization(memberships.organization_id)));
create policy teams_select on hub.teams for select to podium_hub
  using ((select hub_private.my_organization(teams.organization_id)));
create policy team_members_select on hub.team_members for select to podium_hub
  using (exists (select 1 from hub.teams t where t.id = team_members.team_id and (select hub_private.my_organization(t.organization_id))));

-- Secrets.
create table hub_private.account_secrets (
  account_id uuid primary key references hub.accounts on delete cascade,
  totp_secret_sealed text not null,
  totp_last_step bigint
);
comment on table hub_private.account_secrets is 'Two-factor secrets of hub accounts, sealed with the hub''s AUTH_SECRET; the last TOTP step spent.';

create table hub_private.login_codes (
  account_id uuid primary key references hub.accounts on delete cascade,
  code_hash bytea not null,
  attempts int not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
comment on table hub_private.login_codes is 'One live emailed code per account: HMAC with AUTH_SECRET, 10 minutes, 3 attempts.';

create table hub_private.logins (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references hub.accounts on delete cascade,
  token_hash bytea not null unique check (length(token_hash) = 32),
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index logins_account_idx on hub_private.logins (account_id);
comment on table hub_private.logins is 'Hub logins the clients store (hl_ tokens, sha256 only). Sent to the hub only.';

create table hub_private.instance_secrets (
  instance_id uuid primary key references hub.instances on delete cascade,
  secret_hash bytea not null unique check (length(secret_hash) = 32)
);
comment on table hub_private.instance_secrets is 'The sha256 of each instance''s HUB_INSTANCE_SECRET: how an instance proves itself when it redeems a grant.';

create table hub_private.signing_keys (
  kid text primary key check (kid ~ '^[A-Za-z0-9_-]{8,64}$'),
  public_jwk jsonb not null,
  private_sealed text not null,
  created_at timestamptz not null default clock_timestamp(),
  retired_at timestamptz
);
comment on table hub_private.signing_keys is 'Ed25519 keys the hub signs tokens with (private half sealed with AUTH_SECRET). The newest live key signs; every live key is published.';

create table hub_private.grants (
  id uuid primary key default gen_random_uuid(),
  grant_hash bytea not null unique check (length(grant_hash) = 32),
  jti uuid not null unique,
  account_id uuid not null references hub.accounts on delete cascade,
  instance_id uuid not null references hub.instances on delete cascade,
  login_id uuid references hub_private.logins on delete cascade,
  tool text not null check (tool in ('deck', 'hackathon')),
  expires_at timestamptz not null,
  redeemed_at timestamptz,
  created_at timestamptz not null default now()
);
create index grants_account_idx on hub_private.grants (account_id);
create index grants_instance_idx on hub_private.grants (instance_id);
create index grants_login_idx on hub_private.grants (login_id);
comment on table hub_private.grants is 'One-time offline grants (sha256 only), bound to the token (jti), the account, the instance and the tool; redeemed once by that instance before they expire.';

-- Administration (the operator's `podium hub ...` commands and tests call these).
create function hub_private.register_instance(p_url text, p_name text, p_secret_hash bytea) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  i hub.instances;
begin
  insert into hub.instances (url, name) values (p_url, p_name)
    on conflict (url) do update set name = excluded.name
    returning * into i;
  insert into hub_private.instance_secrets (instance_id, secret_hash) values (i.id, p_secret_hash)
    on conflict (instance_id) do update set secret_hash = excluded.secret_hash;
  return jsonb_build_object('id', i.id, 'url', i.url, 'name', i.name);
end;
$$;

create function hub_private.ensure_account(p_email text, p_name text default null) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  a hub.accounts;
begin
  select * into a from hub.accounts x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if a.id is null then
    insert into hub.accounts (email, name) values (btrim(p_email), nullif(btrim(p_name), '')) returning * into a;
  end if;
  return jsonb_build_object('id', a.id, 'email', a.email, 'name', a.name);
end;
$$;

create function hub_private.organization_ref(p_ref text) returns hub.organizations
  language plpgsql stable
  set search_path = ''
as $$
declare
  o hub.organizations;
begin
  if p_ref ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' then
    select * into o from hub.organizations x where x.id = p_ref::uuid;
  end if;
  if o.id is null then
    select * into o from hub.organizations x where lower(x.name) = lower(btrim(p_ref)) order by x.created_at limit 1;
  end if;
  if o.id is null then
    perform app_private.fail('not_found', format('No organization %s on this hub', p_ref));
  end if;
  return o;
end;
$$;

create function hub_private.create_organization(p_name text, p_instance_url text, p_tools text[]) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  i hub.instances;
  o hub.organizations;
begin
  select * into i from hub.instances x where x.url = p_instance_url;
  if i.id is null then
    perform app_private.fail('not_found', format('No instance %s behind this hub', p_instance_url));
  end if;
  insert into hub.organizations (name, instance_id, tools) values (btrim(p_name), i.id, coalesce(p_tools, '{}')) returning * into o;
  return jsonb_build_object('id', o.id, 'name', o.name, 'instance', i.url, 'tools', to_jsonb(o.tools));
end;
$$;

create function hub_private.set_organization_tools(p_org text, p_tools text[]) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  o hub.organizations := hub_private.organization_ref(p_org);
begin
  update hub.organizations x set tools = coalesce(p_tools, '{}') where x.id = o.id returning * into o;
  return jsonb_build_object('id', o.id, 'name', o.name, 'tools', to_jsonb(o.tools));
end;
$$;

create function hub_private.add_organization_member(p_org text, p_email text, p_role text, p_name text default null) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  o hub.organizations := hub_private.organization_ref(p_org);
  a jsonb;
begin
  if p_role not in ('owner', 'admin', 'member', 'guest') then
    perform app_private.fail('invalid_role', format('Role must be owner, admin, member or guest, got %s', p_role));
  end if;
  a := hub_private.ensure_account(p_email, p_name);
  insert into hub.memberships (organization_id, account_id, role) values (o.id, (a ->> 'id')::uuid, p_role)
    on conflict (organization_id, account_id) do update set role = excluded.role;
  update hub.accounts x set default_organization_id = o.id where x.id = (a ->> 'id')::uuid and x.default_organization_id is null;
  return a || jsonb_build_object('organizationId', o.id, 'role', p_role);
end;
$$;

create function hub_private.remove_organization_member(p_org text, p_email text) returns boolean
  language sql
  set search_path = ''
as $$
  with gone as (
    delete from hub.memberships m
     where m.organization_id = (hub_private.organization_ref(p_org)).id
       and m.account_id = (select a.id from hub.accounts a where app_private.normalize_email(a.email) = app_private.normalize_email(p_email))
    returning 1)
  select exists (select 1 from gone)
$$;

create function hub_private.set_team(p_org text, p_slug text, p_name text, p_emails text[]) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  o hub.organizations := hub_private.organization_ref(p_org);
  t hub.teams;
begin
  insert into hub.teams (organization_id, slug, name) values (o.id, p_slug, btrim(p_name))
    on conflict (organization_id, slug) do update set name = excluded.name
    returning * into t;
  delete from hub.team_members m where m.team_id = t.id;
  insert into hub.team_members (team_id, account_id)
    select t.id, a.id from hub.accounts a
     where app_private.normalize_email(a.email) in (select app_private.normalize_email(e) from unnest(coalesce(p_emails, '{}')) e)
       and exists (select 1 from hub.memberships m where m.organization_id = o.id and m.account_id = a.id);
  return jsonb_build_object('id', t.id, 'slug', t.slug, 'name', t.name,
    'members', (select count(*) from hub.team_members m where m.team_id = t.id));
end;
$$;

create function hub_private.set_account_two_factor(p_email text, p_sealed text) returns boolean
  language plpgsql
  set search_path = ''
as $$
declare
  a hub.accounts;
begin
  select * into a from hub.accounts x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if a.id is null then
    perform app_private.fail('not_found', format('No hub account %s', p_email));
  end if;
  if p_sealed is null then
    delete from hub_private.account_secrets s where s.account_id = a.id;
  else
    insert into hub_private.account_secrets (account_id, totp_secret_sealed) values (a.id, p_sealed)
      on conflict (account_id) do update set totp_secret_sealed = excluded.totp_secret_sealed, totp_last_step = null;
  end if;
  update hub.accounts x set two_factor_enabled = p_sealed is not null where x.id = a.id;
  return p_sealed is not null;
end;
$$;

-- Emailed-code sign-in.
create function hub_private.login_code_request(p_email text, p_code_hash bytea, p_sealed_code text) returns uuid
  language plpgsql
  set search_path = ''
as $$
declare
  a hub.accounts;
begin
  select * into a from hub.accounts x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if a.id is null then
    return null; -- the same answer for every address; no mail for an unknown one
  end if;
  insert into hub_private.login_codes (account_id, code_hash, attempts, expires_at)
  values (a.id, p_code_hash, 0, app.now() + interval '10 minutes')
  on conflict (account_id) do update set code_hash = excluded.code_hash, attempts = 0, expires_at = excluded.expires_at, created_at = now();
  perform graphile_worker.add_job('mail__send',
    jsonb_build_object('to', a.email, 'template', 'hub_login_code', 'sealedCode', p_sealed_code)::json,
    job_key => 'hub_login_code:' || a.id, max_attempts => 5);
  return a.id;
end;
$$;

-- Checks a code without spending it (a two-factor account still needs its TOTP step):
-- { accountId, totpSealed } when right; { error, message, attemptsLeft } when not (the wrong
-- attempt is kept, so this answers instead of raising).
create function hub_private.login_code_check(p_email text, p_code_hash bytea) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  a hub.accounts;
  c hub_private.login_codes;
begin
  select * into a from hub.accounts x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if a.id is not null then
    select * into c from hub_private.login_codes x where x.account_id = a.id for update;
  end if;
  if c.account_id is null or c.expires_at <= app.now() then
    delete from hub_private.login_codes x where x.account_id = c.account_id;
    return jsonb_build_object('error', 'invalid_code', 'message', 'The code is wrong or has expired; request a new one');
  end if;
  if c.code_hash <> p_code_hash then
    return hub_private.login_code_strike(a.id, 'Wrong code');
  end if;
  return jsonb_build_object('accountId', a.id, 'twoFactor', a.two_factor_enabled,
    'totpSealed', (select s.totp_secret_sealed from hub_private.account_secrets s where s.account_id = a.id));
end;
$$;

-- One failed attempt on the account's live code (a wrong code, or a wrong two-factor code
-- behind a right one); the third spends the code.
create function hub_private.login_code_strike(p_account uuid, p_what text) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  left_ int;
begin
  update hub_private.login_codes x set attempts = x.attempts + 1 where x.account_id = p_account
    returning 3 - x.attempts into left_;
  if left_ is null or left_ <= 0 then
    delete from hub_private.login_codes x where x.account_id = p_account;
    return jsonb_build_object('error', 'invalid_code', 'message', p_what || ', and that was the last attempt; request a new code', 'attemptsLeft', 0);
  end if;
  return jsonb_build_object('error', 'invalid_code', 'message', format('%s; %s attempt(s) left', p_what, left_), 'attemptsLeft', left_);
end;
$$;

create function hub_private.spend_totp_step(p_account uuid, p_step bigint) returns boolean
  language sql
  set search_path = ''
as $$
  with spent as (
    update hub_private.account_secrets s set totp_last_step = p_step
     where s.account_id = p_account and (s.totp_last_step is null or s.totp_last_step < p_step)
    returning 1)
  select exists (select 1 from spent)
$$;

-- Spends a right code (once: two racing completions cannot both win) and opens a hub login.
create function hub_private.login_code_spend(p_account uuid, p_code_hash bytea, p_login_hash bytea) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  a hub.accounts;
  l hub_private.logins;
begin
  delete from hub_private.login_codes x
   where x.account_id = p_account and x.code_hash = p_code_hash and x.expires_at > app.now();
  if not found then
    return jsonb_build_object('error', 'invalid_code', 'message', 'The code is wrong or has expired; request a new one');
  end if;
  insert into hub_private.logins (account_id, token_hash) values (p_account, p_login_hash) returning * into l;
  select * into a from hub.accounts x where x.id = p_account;
  return jsonb_build_object('loginId', l.id, 'account', jsonb_build_object('id', a.id, 'email', a.email, 'name', a.name));
end;
$$;

-- The account behind a presented hub login, or null (unknown or revoked).
create function hub_private.authenticate_login(p_token_hash bytea) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('loginId', l.id, 'account', jsonb_build_object('id', a.id, 'email', a.email, 'name', a.name))
    from hub_private.logins l join hub.accounts a on a.id = l.account_id
   where l.token_hash = p_token_hash and l.revoked_at is null
$$;

create function hub_private.revoke_login(p_login uuid) returns jsonb
  language sql
  set search_path = ''
as $$
  update hub_private.logins set revoked_at = coalesce(revoked_at, app.now()) where id = p_login
  returning jsonb_build_object('id', id, 'revokedAt', revoked_at)
$$;

-- What an account reads about itself (as podium_hub, under row-level security).
create function hub.my_account() returns jsonb
  language sql stable
as $$
  select jsonb_build_object(
    'id', a.id, 'email', a.email, 'name', a.name, 'twoFactor', a.two_factor_enabled,
    'defaultOrganizationId', a.default_organization_id,
    'organizations', coalesce((
      select jsonb_agg(jsonb_build_object('id', o.id, 'name', o.name, 'role', m.role, 'tools', to_jsonb(o.tools),
               'instance', jsonb_build_object('url', i.url, 'name', i.name)) order by lower(o.name), o.id)
        from hub.memberships m join hub.organizations o on o.id = m.organization_id join hub.instances i on i.id = o.instance_id
       where m.account_id = a.id), '[]'))
  from hub.accounts a where a.id = hub.current_account_id()
$$;
comment on function hub.my_account() is 'The signed-in hub account, its organizations (role, tools, instance) and its default organization.';
grant execute on function hub.my_account() to podium_hub;

create function hub_private.set_default_organization(p_account uuid, p_org uuid) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  o hub.organizations;
begin
  select o2.* into o from hub.organizations o2 join hub.memberships m on m.organization_id = o2.id
   where o2.id = p_org and m.account_id = p_account;
  if o.id is null then
    perform app_private.fail('workspace_not_found', format('No organization %s among yours', p_org));
  end if;
  update hub.accounts x set default_organization_id = o.id where x.id = p_account;
  return jsonb_build_object('id', o.id, 'name', o.name);
end;
$$;

-- Signing keys.
create function hub_private.add_signing_key(p_kid text, p_public_jwk jsonb, p_private_sealed text) returns jsonb
  language plpgsql
  set search_path = ''
as $$
begin
  -- Only one key is made at a time (two replicas booting together make one, not two).
  perform pg_advisory_xact_lock(7432090);
  insert into hub_private.signing_keys (kid, public_jwk, private_sealed) values (p_kid, p_public_jwk, p_private_sealed);
  -- The new key signs from now on; the one before stays published for the tokens it signed;
  -- older ones are retired (no longer published, so no longer accepted).
  update hub_private.signing_keys k set retired_at = clock_timestamp()
   where k.retired_at is null and k.kid not in (
     select k2.kid from hub_private.signing_keys k2 where k2.retired_at is null order by k2.created_at desc, k2.kid limit 2);
  return hub_private.published_keys();
end;
$$;

create function hub_private.ensure_signing_key(p_kid text, p_public_jwk jsonb, p_private_sealed text) returns boolean
  language plpgsql
  set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(7432090);
  if exists (select 1 from hub_private.signing_keys k where k.retired_at is null) then
    return false;
  end if;
  insert into hub_private.signing_keys (kid, public_jwk, private_sealed) values (p_kid, p_public_jwk, p_private_sealed);
  return true;
end;
$$;

create function hub_private.published_keys() returns jsonb
  language sql stable
  set search_path = ''
as $$
  select coalesce(jsonb_agg(k.public_jwk order by k.created_at desc, k.kid), '[]')
    from hub_private.signing_keys k where k.retired_at is null
$$;

create function hub_private.signing_key(p_kid text) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('kid', k.kid, 'privateSealed', k.private_sealed)
    from hub_private.signing_keys k
   where k.retired_at is null and (p_kid is null or k.kid = p_kid)
   order by k.created_at desc, k.kid limit 1
$$;

-- The exchange: a hub login asks for a token and a grant for one instance and one tool.
-- Refusals: unauthorized (login unknown or revoked), not_found (no such instance behind
-- this hub), tool_access_denied (no organization of the account opens the tool there).
-- Answers the claims the route signs (iat and exp from the hub's clock) and the key to sign with.
create function hub_private.exchange(p_login_hash bytea, p_instance_url text, p_tool text, p_grant_hash bytea, p_jti uuid, p_lifetime_seconds int) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  l hub_private.logins;
  a hub.accounts;
  i hub.instances;
  tool_name text;
  now_ timestamptz := app.now();
begin
  select * into l from hub_private.logins x where x.token_hash = p_login_hash and x.revoked_at is null;
  if l.id is null then
    perform app_private.fail('unauthorized', 'The hub does not know this hub login (signed out or revoked): sign in again');
  end if;
  select * into a from hub.accounts x where x.id = l.account_id;
  if p_tool not in ('deck', 'hackathon') then
    perform app_private.fail('invalid_tool', format('Tool must be deck or hackathon, got %s', p_tool));
  end if;
  select * into i from hub.instances x where x.url = p_instance_url;
  if i.id is null then
    perform app_private.fail('not_found', format('%s is not an instance behind this hub', p_instance_url));
  end if;
  tool_name := case p_tool when 'deck' then 'deck publishing (deckcli)' else 'hackathon events (hackathon)' end;
  if not exists (select 1 from hub.memberships m join hub.organizations o on o.id = m.organization_id
                  where m.account_id = a.id and o.instance_id = i.id and p_tool = any (o.tools)) then
    perform app_private.fail('tool_access_denied',
      format('None of the organizations of %s opens %s on %s: ask an owner of your organization to open it on the hub',
        a.email, tool_name, i.name),
      jsonb_build_object('tool', p_tool, 'instance', i.url));
  end if;
  update hub_private.logins x set last_used_at = now_ where x.id = l.id;
  insert into hub_private.grants (grant_hash, jti, account_id, instance_id, login_id, tool, expires_at)
  values (p_grant_hash, p_jti, a.id, i.id, l.id, p_tool, now_ + make_interval(secs => p_lifetime_seconds));
  return jsonb_build_object(
    'account', jsonb_build_object('id', a.id, 'email', a.email, 'name', a.name),
    'instance', jsonb_build_object('id', i.id, 'url', i.url, 'name', i.name),
    'iat', floor(extract(epoch from now_))::bigint,
    'exp', floor(extract(epoch from now_))::bigint + p_lifetime_seconds,
    'key', hub_private.signing_key(null));
end;
$$;

-- Redemption: the instance (by its secret) spends a grant once, for the token it came with.
-- Answers the account and its organizations on that instance (role, tools, teams) and its
-- default organization. Every refusal is hub_grant_invalid except an unknown instance secret.
create function hub_private.redeem_grant(p_instance_secret_hash bytea, p_grant_hash bytea, p_jti uuid) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  inst uuid;
  g hub_private.grants;
  a hub.accounts;
begin
  select s.instance_id into inst from hub_private.instance_secrets s where s.secret_hash = p_instance_secret_hash;
  if inst is null then
    perform app_private.fail('unauthorized', 'The hub does not know this instance secret (HUB_INSTANCE_SECRET)');
  end if;
  select * into g from hub_private.grants x where x.grant_hash = p_grant_hash for update;
  if g.id is null then
    perform app_private.fail('hub_grant_invalid', 'The hub never issued this grant');
  elsif g.instance_id <> inst then
    perform app_private.fail('hub_grant_invalid', 'This grant was issued for another instance');
  elsif g.jti <> p_jti then
    perform app_private.fail('hub_grant_invalid', 'This grant belongs to another token');
  elsif g.redeemed_at is not null then
    perform app_private.fail('hub_grant_invalid', 'This grant was already redeemed: a grant works once');
  elsif g.expires_at <= app.now() then
    perform app_private.fail('hub_grant_invalid', 'This grant has expired: exchange the hub login again');
  end if;
  update hub_private.grants x set redeemed_at = app.now() where x.id = g.id;
  select * into a from hub.accounts x where x.id = g.account_id;
  return jsonb_build_object(
    'account', jsonb_build_object('id', a.id, 'email', a.email, 'name', a.name),
    'tool', g.tool,
    'jti', g.jti,
    'defaultOrganizationId', a.default_organization_id,
    'organizations', coalesce((
      select jsonb_agg(jsonb_build_object('id', o.id, 'name', o.name, 'role', m.role, 'tools', to_jsonb(o.tools),
               'teams', coalesce((select jsonb_agg(jsonb_build_object('slug', t.slug, 'name', t.name,
                          'member', exists (select 1 from hub.team_members tm where tm.team_id = t.id and tm.account_id = a.id))
                          order by t.slug)
                        from hub.teams t where t.organization_id = o.id), '[]'))
             order by o.created_at, o.id)
        from hub.memberships m join hub.organizations o on o.id = m.organization_id
       where m.account_id = a.id and o.instance_id = inst), '[]'));
end;
$$;

comment on function hub_private.exchange(bytea, text, text, bytea, uuid, int) is 'A hub login asks for a token and a one-time grant for one instance and tool; refused tool_access_denied when no organization of the account opens the tool there.';
comment on function hub_private.redeem_grant(bytea, bytea, uuid) is 'An instance spends a grant exactly once (its own, for the token it came with, before it expires) and learns the account and its organizations there.';
