-- Code-host ownership: which event owns an organization and a repository is a row, never a
-- name an organizer typed (docs/ARCHITECTURE.md, "Code host ownership").
--
-- Local code host (CODE_HOST=local): an organization login (case-insensitive) is claimed by
-- one event, by `event github`; a second workspace's claim is refused organization_taken.
-- Every repository is a row owned by one event: the template (created empty when claimed) and
-- each team repository (recorded by provisioning before it is created). Git access, invitation
-- lookups and push deliveries derive from these rows. A repository found on disk with no row
-- is never adopted. When an event goes, its claims and repositories stay taken (event_id null,
-- retired), so nobody inherits what is left on disk.
--
-- GitHub (CODE_HOST=github): the app installation proves an organization. Its id is recorded
-- for the event when first verified (event github, provisioning); an installation another
-- event holds refuses provisioning, github-check, standing reads and deliveries.
--
-- app.set_event_github moves to app_private: the claim needs what only the server knows (which
-- code host runs, the live installation ids, whether the template is on disk).

-- Tables ------------------------------------------------------------------------------------

create table app_private.local_organizations (
  login_key text primary key check (login_key = lower(login_key)),
  login text not null check (lower(login) = login_key),
  event_id uuid references app.events (id) on delete set null, -- null: retired, stays taken
  claimed_at timestamptz not null default now()
);
create index local_organizations_event_idx on app_private.local_organizations (event_id);

create table app_private.local_repositories (
  name_key text primary key check (name_key = lower(name_key)),
  full_name text not null check (lower(full_name) = name_key),
  event_id uuid references app.events (id) on delete set null, -- null: retired, stays taken
  created_at timestamptz not null default now()
);
create index local_repositories_event_idx on app_private.local_repositories (event_id);

create table app_private.github_installations (
  installation_id bigint primary key,
  login text not null, -- the organization's login when last verified
  event_id uuid not null references app.events (id) on delete cascade,
  verified_at timestamptz not null default now()
);
create index github_installations_event_idx on app_private.github_installations (event_id);
create index github_installations_login_idx on app_private.github_installations (lower(login));

-- Reads --------------------------------------------------------------------------------------

-- An organization on the local host for an event: held (claimed by it), taken (by another
-- event, or retired) or free.
create function app_private.local_organization_standing(p_event uuid, p_login text) returns text
  language sql stable
  set search_path = ''
as $$
  select coalesce((select case when o.event_id = p_event then 'held' else 'taken' end
                     from app_private.local_organizations o where o.login_key = lower(p_login)), 'free')
$$;

-- The event owning a repository of the local host (null: no owner, or retired).
create function app_private.local_repository_owner(p_full_name text) returns uuid
  language sql stable
  set search_path = ''
as $$
  select r.event_id from app_private.local_repositories r where r.name_key = lower(p_full_name)
$$;

-- A repository of the local host for an event: owned, taken (another event's or retired),
-- missing (no row and not on disk) or unowned (on disk with no row: never adopted).
create function app_private.local_repository_standing(p_event uuid, p_full_name text, p_on_disk boolean) returns text
  language sql stable
  set search_path = ''
as $$
  select coalesce((select case when r.event_id = p_event then 'owned' else 'taken' end
                     from app_private.local_repositories r where r.name_key = lower(p_full_name)),
                  case when p_on_disk then 'unowned' else 'missing' end)
$$;

-- A GitHub installation for an event: held, taken (another event's) or free.
create function app_private.github_installation_standing(p_event uuid, p_installation bigint) returns text
  language sql stable
  set search_path = ''
as $$
  select coalesce((select case when i.event_id = p_event then 'held' else 'taken' end
                     from app_private.github_installations i where i.installation_id = p_installation), 'free')
$$;

-- Whether an organization belongs to another event than p_event, on either host: a local
-- claim (or a retired one), or a GitHub installation verified under that login.
create function app_private.organization_held_elsewhere(p_event uuid, p_login text) returns boolean
  language sql stable
  set search_path = ''
as $$
  select exists (select 1 from app_private.local_organizations o
                  where o.login_key = lower(p_login) and o.event_id is distinct from p_event)
      or exists (select 1 from app_private.github_installations i
                  where lower(i.login) = lower(p_login) and i.event_id <> p_event)
$$;

-- Whether a repository (owner/name) belongs to another event than p_event.
create function app_private.repository_held_elsewhere(p_event uuid, p_full_name text) returns boolean
  language sql stable
  set search_path = ''
as $$
  select app_private.organization_held_elsewhere(p_event, split_part(p_full_name, '/', 1))
      or exists (select 1 from app_private.local_repositories r
                  where r.name_key = lower(p_full_name) and r.event_id is distinct from p_event)
$$;

-- Claims -------------------------------------------------------------------------------------

-- Claims an organization of the local host for an event; a name another event holds (in any
-- letter case) is refused organization_taken.
create function app_private.claim_local_organization(p_event uuid, p_login text) returns void
  language plpgsql volatile
  set search_path = ''
as $$
begin
  insert into app_private.local_organizations (login_key, login, event_id) values (lower(p_login), p_login, p_event)
  on conflict (login_key) do nothing;
  if app_private.local_organization_standing(p_event, p_login) <> 'held' then
    perform app_private.fail('organization_taken',
      format('The organization %s is already used by another workspace on this code host (names are case-insensitive); choose another organization name', p_login),
      jsonb_build_object('organization', p_login));
  end if;
end;
$$;

-- Records a repository of the local host as the event's, before it is created on disk.
-- Answers its standing afterwards: owned, taken, unclaimed (its organization is not the
-- event's) or unowned (already on disk with no owner: not adopted).
create function app_private.own_local_repository(p_event uuid, p_full_name text, p_on_disk boolean) returns text
  language plpgsql volatile
  set search_path = ''
as $$
declare
  standing text := app_private.local_repository_standing(p_event, p_full_name, p_on_disk);
  org text := app_private.local_organization_standing(p_event, split_part(p_full_name, '/', 1));
begin
  if standing <> 'missing' then
    return standing;
  end if;
  if org <> 'held' then
    return case org when 'free' then 'unclaimed' else 'taken' end;
  end if;
  insert into app_private.local_repositories (name_key, full_name, event_id) values (lower(p_full_name), p_full_name, p_event)
  on conflict (name_key) do nothing;
  return app_private.local_repository_standing(p_event, p_full_name, p_on_disk);
end;
$$;

-- Records that a live GitHub installation (read with the app JWT) is the event's, on its
-- first verification. Answers held, or taken when another event verified it first.
create function app_private.hold_github_installation(p_event uuid, p_login text, p_installation bigint) returns text
  language plpgsql volatile
  set search_path = ''
as $$
begin
  insert into app_private.github_installations (installation_id, login, event_id) values (p_installation, p_login, p_event)
  on conflict (installation_id) do update set login = excluded.login, verified_at = now()
    where app_private.github_installations.event_id = excluded.event_id;
  return app_private.github_installation_standing(p_event, p_installation);
end;
$$;

-- event github -----------------------------------------------------------------------------

drop function app.set_event_github(text, text, text);

-- event github: organization, template and branch, claimed for the event. The route passes
-- what only it knows: the code host that runs (local or github), on GitHub the live
-- installation id of each organization named (organization and template owner) where the app
-- is installed, and on the local host whether the template repository is already on disk.
-- Local: both organizations are claimed (organization_taken when another workspace holds one)
-- and the template is recorded as the event's (the route then creates it empty). GitHub: each
-- installation found is held (organization_taken when another workspace holds it); one not
-- installed yet is held when provisioning first verifies it.
create function app_private.set_event_github(p_organization text, p_template text, p_branch text, p_code_host text,
  p_installations jsonb, p_template_on_disk boolean) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  branch text := coalesce(nullif(trim(p_branch), ''), 'main');
  owners text[];
  o text;
  installation text;
  template_standing text;
begin
  perform app_private.require_event_scope('hackathon:write');
  ctx := app_private.require_event_role(array['organizer']);
  if p_organization is null or p_organization !~ '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$' or length(p_organization) > 39 then
    perform app_private.fail('invalid_input', 'organization must be a code-host login: letters, digits, single hyphens, at most 39', '{"field":"organization"}');
  end if;
  if p_template is null or p_template !~ '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*/[A-Za-z0-9._-]{1,100}$'
     or length(split_part(p_template, '/', 1)) > 39 or split_part(p_template, '/', 2) in ('.', '..')
     or p_template ~ '\.git$' then
    perform app_private.fail('invalid_input', 'template must be <owner>/<repo>', '{"field":"template"}');
  end if;
  if branch !~ '^[A-Za-z0-9._/-]{1,200}$' or branch ~ '(^[/.-]|/$|\.\.|//|\.lock$)' then
    perform app_private.fail('invalid_input', 'branch is not a valid branch name', '{"field":"branch"}');
  end if;
  owners := array[p_organization];
  if lower(split_part(p_template, '/', 1)) <> lower(p_organization) then
    owners := owners || split_part(p_template, '/', 1);
  end if;
  if p_code_host = 'local' then
    foreach o in array owners loop
      perform app_private.claim_local_organization(ctx.event_id, o);
    end loop;
    template_standing := app_private.own_local_repository(ctx.event_id, p_template, coalesce(p_template_on_disk, false));
  elsif p_code_host = 'github' then
    for o, installation in select x.key, x.value from jsonb_each_text(coalesce(p_installations, '{}')) x loop
      if installation !~ '^[0-9]{1,18}$' then
        perform app_private.fail('invalid_input', 'an installation id is a number', '{"field":"installation"}');
      end if;
      if app_private.hold_github_installation(ctx.event_id, o, installation::bigint) <> 'held' then
        perform app_private.fail('organization_taken',
          format('The GitHub App installation on %s is already used by another workspace on this instance; choose another organization', o),
          jsonb_build_object('organization', o));
      end if;
    end loop;
  else
    perform app_private.fail('invalid_input', 'unknown code host', '{"field":"codeHost"}');
  end if;
  update app.events e set github_organization = p_organization, github_template = p_template, github_branch = branch, updated_at = app.now()
    where e.id = ctx.event_id;
  return jsonb_build_object('organization', p_organization, 'template', p_template, 'branch', branch,
    'templateRepository', template_standing);
end;
$$;
grant execute on function app_private.set_event_github(text, text, text, text, jsonb, boolean) to podium_app;

-- Access on the local host -------------------------------------------------------------------

drop function app_private.local_repository_permission(text, uuid);

-- May this user fetch (read) or push (maintain) this repository of the local host: only
-- through its owning event's workspace (and, for a key pinned to a workspace, only that
-- one): maintain for an organizer of that event (workspace owner or admin, or organizer on
-- its roster), else an accepted grant. A repository with no owner answers null for everyone.
create function app_private.local_repository_permission(p_full_name text, p_user uuid, p_key_workspace uuid) returns text
  language sql stable
  set search_path = ''
as $$
  select coalesce(
    case when m.role in ('owner', 'admin') or exists (
      select 1 from app.roster_entries x join app.users u on lower(u.email) = lower(x.email)
       where x.event_id = e.id and u.id = p_user and x.role = 'organizer') then 'maintain' end,
    (select a.permission from app_private.local_repository_access a
      where lower(a.full_name) = r.name_key and a.user_id = p_user and a.accepted_at is not null))
  from app_private.local_repositories r
  join app.events e on e.id = r.event_id
  join app.memberships m on m.workspace_id = e.workspace_id and m.user_id = p_user
  where r.name_key = lower(p_full_name) and (p_key_workspace is null or p_key_workspace = e.workspace_id)
$$;
grant execute on function app_private.local_repository_permission(text, uuid, uuid) to podium_app;

-- The event a push to a repository of the local host is delivered to: its owner, only.
create or replace function app_private.local_webhook_targets(p_full_name text) returns setof uuid
  language sql stable
  set search_path = ''
as $$
  select r.event_id from app_private.local_repositories r where r.name_key = lower(p_full_name) and r.event_id is not null
$$;

-- The account a code-host login names for a repository of the local host: on the roster of
-- the repository's owning event only (invitations, standing, push permission).
create function app_private.local_account_of(p_full_name text, p_login text) returns uuid
  language sql stable
  set search_path = ''
as $$
  select u.id from app_private.local_repositories lr
    join app.roster_entries x on x.event_id = lr.event_id and lower(x.github_login) = lower(p_login)
    join app.users u on lower(u.email) = lower(x.email)
   where lr.name_key = lower(p_full_name)
   limit 1
$$;

-- Bookkeeping backstop: a team repository is never recorded on another event's organization
-- or repository (whatever the caller checked before). ------------------------------------------

create or replace function app_private.set_team_repository(p_project uuid, p_full_name text, p_readiness text, p_template_sha text default null)
  returns void
  language plpgsql volatile
  set search_path = ''
as $$
begin
  perform app_private.set_repository_readiness(p_project, p_full_name, p_readiness, p_template_sha, null);
end;
$$;

create or replace function app_private.set_repository_readiness(p_project uuid, p_full_name text, p_readiness text, p_template_sha text, p_attention text)
  returns void
  language plpgsql volatile
  set search_path = ''
as $$
begin
  if exists (select 1 from app.event_teams t where t.project_id = p_project and app_private.repository_held_elsewhere(t.event_id, p_full_name)) then
    perform app_private.fail('repository_not_found', format('%s belongs to another workspace on the code host', p_full_name));
  end if;
  insert into app.team_repositories (project_id, event_id, full_name, readiness, template_sha, attention)
  select t.project_id, t.event_id, p_full_name, p_readiness, p_template_sha, p_attention from app.event_teams t where t.project_id = p_project
  on conflict (project_id) do update set full_name = excluded.full_name, readiness = excluded.readiness,
    template_sha = coalesce(excluded.template_sha, app.team_repositories.template_sha), attention = excluded.attention, updated_at = now();
end;
$$;

-- Deliveries --------------------------------------------------------------------------------

-- installation_mismatch now also covers an organization another event holds (a local claim or
-- a GitHub installation) and a delivery naming an installation this event does not hold.
create or replace function app_private.delivery_verdict(e app.events, p_kind text, p jsonb, p_project uuid)
  returns text
  language sql stable
  set search_path = ''
as $$
  select case
    -- the delivery comes from another account than the organizer's organization
    when lower(coalesce(p #>> '{organization,login}', p #>> '{repository,owner,login}', p #>> '{repository,owner,name}', ''))
         <> lower(coalesce(e.github_organization, '')) then 'installation_mismatch'
    -- the organization is another event's (a name alone proves nothing)
    when app_private.organization_held_elsewhere(e.id, e.github_organization) then 'installation_mismatch'
    -- a GitHub App delivery names its installation: it must be one this event holds
    when jsonb_typeof(p -> 'installation') = 'object' and not (case when (p #>> '{installation,id}') ~ '^[0-9]{1,18}$'
           then exists (select 1 from app_private.github_installations i
                         where i.installation_id = (p #>> '{installation,id}')::bigint and i.event_id = e.id)
           else false end) then 'installation_mismatch'
    when p_project is null then 'unknown_repository'
    when p_kind <> 'push' then null
    when coalesce(p ->> 'ref', '') <> 'refs/heads/' || e.github_branch then 'wrong_branch'
    when coalesce((p ->> 'deleted')::boolean, false) or p ->> 'after' = repeat('0', 40) then 'deleted'
    when coalesce(p ->> 'after', '') !~ '^[0-9a-f]{40}$' then 'unresolvable_revision'
  end
$$;

-- Events from before this migration --------------------------------------------------------
-- An organization named by exactly one event is claimed by it, with its template and team
-- repositories. A name several events share stays unclaimed: the first organizer to run
-- `event github` again claims it, and repositories left on disk are not adopted.

insert into app_private.local_organizations (login_key, login, event_id)
select lower(e.github_organization), min(e.github_organization), (array_agg(e.id))[1]
  from app.events e where e.github_organization is not null
 group by lower(e.github_organization) having count(*) = 1;

insert into app_private.local_organizations (login_key, login, event_id)
select lower(split_part(e.github_template, '/', 1)), min(split_part(e.github_template, '/', 1)), (array_agg(e.id))[1]
  from app.events e
 where e.github_template is not null
   and lower(split_part(e.github_template, '/', 1)) <> lower(coalesce(e.github_organization, ''))
   and not exists (select 1 from app.events x where lower(x.github_organization) = lower(split_part(e.github_template, '/', 1)))
 group by lower(split_part(e.github_template, '/', 1)) having count(*) = 1
on conflict (login_key) do nothing;

insert into app_private.local_repositories (name_key, full_name, event_id)
select distinct on (lower(x.full_name)) lower(x.full_name), x.full_name, x.event_id
  from (select e.github_template as full_name, e.id as event_id from app.events e where e.github_template is not null
        union all
        select r.full_name, r.event_id from app.team_repositories r) x
  join app_private.local_organizations o on o.login_key = lower(split_part(x.full_name, '/', 1)) and o.event_id = x.event_id
on conflict (name_key) do nothing;
