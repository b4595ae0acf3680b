-- Hackathon event service, part 2: projects and their members, workspace teams, and the
-- team pages of the event (showcase and the three deck links) with the who-rules of
-- `decks link`. Tables are in 000005_event.sql; every change goes through a function here.

-- Shared lookups ----------------------------------------------------------------------------

-- The caller's membership role in the workspace they act in; guests take no part in projects.
create function app_private.project_caller_role() returns app.workspace_role
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  r app.workspace_role;
begin
  select m.role into r from app.memberships m where m.workspace_id = app.current_workspace_id() and m.user_id = app.current_user_id();
  if r is null then
    perform app_private.fail('workspace_not_found', 'You act in no workspace of yours');
  end if;
  if r = 'guest' then
    perform app_private.fail('guest_excluded', 'Guests do not take part in projects');
  end if;
  return r;
end;
$$;

-- A project the caller may act on with at least p_needed, locked when p_change, and refused
-- when archived and p_change. A project the caller may not read does not exist for them.
create function app_private.project_for(p_project uuid, p_needed text, p_change boolean) returns app.projects
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  p app.projects;
  r text;
begin
  perform app_private.project_caller_role();
  r := app_private.project_role_of(p_project);
  if r is null then
    perform app_private.fail('project_not_found',
      format('No project %s in workspace %s, or it is not yours to read', p_project,
        (select w.name from app.workspaces w where w.id = app.current_workspace_id())),
      jsonb_build_object('projectId', p_project, 'workspaceId', app.current_workspace_id(),
        'workspace', (select w.name from app.workspaces w where w.id = app.current_workspace_id())));
  end if;
  if app_private.project_role_rank(r) < app_private.project_role_rank(p_needed) then
    perform app_private.fail('insufficient_project_role', format('This needs the %s role on the project; you are %s', p_needed, r),
      jsonb_build_object('needed', p_needed, 'role', r));
  end if;
  if p_change then
    select * into p from app.projects x where x.id = p_project for update;
    if p.archived_at is not null then
      perform app_private.fail('project_archived', format('Project %s is archived and read-only; unarchive it first', p.name));
    end if;
  else
    select * into p from app.projects x where x.id = p_project;
  end if;
  return p;
end;
$$;

create function app_private.project_json(p app.projects) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select jsonb_build_object('id', p.id, 'name', p.name, 'description', p.description, 'metadata', p.metadata,
    'archived', p.archived_at is not null, 'archivedAt', app_private.iso(p.archived_at),
    'inEvent', exists (select 1 from app.event_teams t where t.project_id = p.id and t.left_at is null),
    'role', app_private.project_role_of(p.id),
    'createdAt', app_private.iso(p.created_at), 'updatedAt', app_private.iso(p.updated_at))
$$;

-- A person named by email (anything with @) or user id, among the members of the workspace.
create function app_private.workspace_person(p_ref text) returns app.memberships
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  m app.memberships;
begin
  if p_ref like '%@%' then
    select x.* into m from app.memberships x join app.users u on u.id = x.user_id
      where x.workspace_id = app.current_workspace_id() and lower(u.email) = lower(trim(p_ref));
  elsif p_ref ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' then
    select x.* into m from app.memberships x where x.workspace_id = app.current_workspace_id() and x.user_id = p_ref::uuid;
  end if;
  if m.user_id is null then
    perform app_private.fail('not_a_member', format('%s is not an active member of this workspace', p_ref), jsonb_build_object('person', p_ref));
  end if;
  return m;
end;
$$;

-- A workspace team named by slug or id.
create function app_private.workspace_team(p_ref text) returns app.teams
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  t app.teams;
begin
  if p_ref ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' then
    select * into t from app.teams x where x.workspace_id = app.current_workspace_id() and x.id = p_ref::uuid;
  else
    select * into t from app.teams x where x.workspace_id = app.current_workspace_id() and x.slug = lower(trim(p_ref));
  end if;
  if t.id is null then
    perform app_private.fail('team_not_found', format('No team %s in this workspace', p_ref), jsonb_build_object('team', p_ref));
  end if;
  return t;
end;
$$;

create function app_private.require_owner_or_admin(p_what text) returns void
  language plpgsql stable security definer
  set search_path = ''
as $$
begin
  if not exists (select 1 from app.memberships m where m.workspace_id = app.current_workspace_id()
                 and m.user_id = app.current_user_id() and m.role in ('owner', 'admin')) then
    perform app_private.fail('owner_or_admin_required', format('Only an owner or admin %s', p_what));
  end if;
end;
$$;

-- Projects --------------------------------------------------------------------------------------

create function app_private.check_project_fields(p_name text, p_description text, p_metadata jsonb) returns void
  language plpgsql immutable
  set search_path = ''
as $$
begin
  if p_name is not null and (length(trim(p_name)) not between 1 and 100 or p_name ~ '[[:cntrl:]]') then
    perform app_private.fail('invalid_input', 'name must be 1 to 100 characters on one line', '{"field":"name"}');
  end if;
  if p_description is not null and length(p_description) > 4000 then
    perform app_private.fail('invalid_input', 'description must be at most 4000 characters', '{"field":"description"}');
  end if;
  if p_metadata is not null and jsonb_typeof(p_metadata) <> 'object' then
    perform app_private.fail('invalid_input', 'metadata must be a JSON object', '{"field":"metadata"}');
  end if;
end;
$$;

create function app_private.check_project_name_free(p_name text, p_except uuid) returns void
  language plpgsql stable security definer
  set search_path = ''
as $$
begin
  if exists (select 1 from app.projects p where p.workspace_id = app.current_workspace_id()
             and lower(p.name) = lower(trim(p_name)) and p.id is distinct from p_except) then
    perform app_private.fail('project_name_taken', format('A project named %s already exists in this workspace', trim(p_name)));
  end if;
end;
$$;

-- projects list: live by default, 'true' archived only, 'all' both; newest first (limit + 1).
create function app.list_projects(p_archived text, p_limit int, p_before_at timestamptz default null, p_before_id uuid default null) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
begin
  perform app_private.require_event_scope('hackathon:read');
  perform app_private.project_caller_role();
  return coalesce((
    select jsonb_agg(app_private.project_json(x) order by x.created_at desc, x.id desc) from (
      select p.* from app.projects p
      where p.workspace_id = app.current_workspace_id()
        and case coalesce(p_archived, 'false') when 'true' then p.archived_at is not null when 'all' then true else p.archived_at is null end
        and (p_before_at is null or (p.created_at, p.id) < (p_before_at, p_before_id))
        and app_private.project_role_of(p.id) is not null
      order by p.created_at desc, p.id desc
      limit p_limit) x), '[]');
end;
$$;
comment on function app.list_projects(text, int, timestamptz, uuid) is 'projects list: the projects you may read, newest first; archived ones only when asked.';
grant execute on function app.list_projects(text, int, timestamptz, uuid) to podium_app;

-- projects create: any member but a guest; the caller becomes its first manager.
create function app.create_project(p_name text, p_description text default null, p_metadata jsonb default null) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  p app.projects;
  now_ timestamptz := app_private.ms(app.now());
begin
  perform app_private.require_event_scope('hackathon:write');
  perform app_private.project_caller_role();
  if p_name is null then
    perform app_private.fail('invalid_input', 'name is required', '{"field":"name"}');
  end if;
  perform app_private.check_project_fields(p_name, p_description, p_metadata);
  perform app_private.check_project_name_free(p_name, null);
  insert into app.projects (workspace_id, name, description, metadata, created_by, created_at, updated_at)
  values (app.current_workspace_id(), trim(p_name), nullif(p_description, ''), coalesce(p_metadata, '{}'), app.current_user_id(), now_, now_)
  returning * into p;
  insert into app.project_members (project_id, user_id, role, added_at) values (p.id, app.current_user_id(), 'manager', now_);
  return app_private.project_json(p);
end;
$$;
comment on function app.create_project(text, text, jsonb) is 'projects create: the caller becomes its first manager; guests cannot.';
grant execute on function app.create_project(text, text, jsonb) to podium_app;

create function app.get_project(p_project uuid) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
begin
  perform app_private.require_event_scope('hackathon:read');
  return app_private.project_json(app_private.project_for(p_project, 'viewer', false));
end;
$$;
comment on function app.get_project(uuid) is 'One project you may read; any other answers project_not_found.';
grant execute on function app.get_project(uuid) to podium_app;

-- projects update: editors and up; a key left out keeps its value, description null clears,
-- metadata replaces the whole object.
create function app.update_project(p_project uuid, p_patch jsonb) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  p app.projects;
  k text;
begin
  perform app_private.require_event_scope('hackathon:write');
  p := app_private.project_for(p_project, 'editor', true);
  for k in select jsonb_object_keys(p_patch) loop
    if k not in ('name', 'description', 'metadata') then
      perform app_private.fail('invalid_input', format('%s is not a known field', k), jsonb_build_object('field', k));
    end if;
  end loop;
  if p_patch ? 'name' and jsonb_typeof(p_patch -> 'name') is distinct from 'string' then
    perform app_private.fail('invalid_input', 'name must be a string', '{"field":"name"}');
  end if;
  if jsonb_typeof(p_patch -> 'description') not in ('string', 'null') then
    perform app_private.fail('invalid_input', 'description must be a string or null', '{"field":"description"}');
  end if;
  perform app_private.check_project_fields(p_patch ->> 'name', p_patch ->> 'description', p_patch -> 'metadata');
  if p_patch ? 'name' then
    perform app_private.check_project_name_free(p_patch ->> 'name', p.id);
  end if;
  update app.projects x set
    name = case when p_patch ? 'name' then trim(p_patch ->> 'name') else x.name end,
    description = case when p_patch ? 'description' then nullif(p_patch ->> 'description', '') else x.description end,
    metadata = case when p_patch ? 'metadata' then p_patch -> 'metadata' else x.metadata end,
    updated_at = app.now()
  where x.id = p.id returning * into p;
  return app_private.project_json(p);
end;
$$;
comment on function app.update_project(uuid, jsonb) is 'projects update: name, description (null clears), metadata (replaces); editors and managers.';
grant execute on function app.update_project(uuid, jsonb) to podium_app;

create function app.archive_project(p_project uuid) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  p app.projects;
begin
  perform app_private.require_event_scope('hackathon:write');
  p := app_private.project_for(p_project, 'manager', false);
  update app.projects x set archived_at = coalesce(x.archived_at, app.now()), updated_at = app.now()
    where x.id = p.id returning * into p;
  return app_private.project_json(p);
end;
$$;
comment on function app.archive_project(uuid) is 'projects archive: read-only and out of the default list; nothing is deleted. Idempotent.';
grant execute on function app.archive_project(uuid) to podium_app;

create function app.unarchive_project(p_project uuid) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  p app.projects;
begin
  perform app_private.require_event_scope('hackathon:write');
  p := app_private.project_for(p_project, 'manager', false);
  update app.projects x set archived_at = null, updated_at = app.now() where x.id = p.id returning * into p;
  return app_private.project_json(p);
end;
$$;
comment on function app.unarchive_project(uuid) is 'projects unarchive: the one change an archived project takes. Idempotent.';
grant execute on function app.unarchive_project(uuid) to podium_app;

-- Project members ----------------------------------------------------------------------------------

create function app_private.project_member_json(m app.project_members) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select jsonb_build_object('id', m.id, 'kind', case when m.user_id is not null then 'person' else 'team' end, 'role', m.role,
    'userId', m.user_id, 'email', u.email, 'name', u.name,
    'teamId', m.team_id, 'teamSlug', t.slug, 'teamName', t.name, 'addedAt', app_private.iso(m.added_at))
  from (select 1) one
  left join app.users u on u.id = m.user_id
  left join app.teams t on t.id = m.team_id
$$;

create function app_private.check_project_role(p_role text) returns void
  language plpgsql immutable
  set search_path = ''
as $$
begin
  if p_role is null or p_role not in ('viewer', 'editor', 'manager') then
    perform app_private.fail('invalid_input', 'role must be viewer, editor or manager', '{"field":"role"}');
  end if;
end;
$$;

-- The entry named by kind ('person' or 'team') and reference, or member_not_found.
create function app_private.project_entry(p_project uuid, p_kind text, p_ref text) returns app.project_members
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  e app.project_members;
begin
  if p_kind = 'team' then
    select * into e from app.project_members x where x.project_id = p_project and x.team_id = (app_private.workspace_team(p_ref)).id;
  else
    -- By account, not membership: an entry outlives its person's membership and can still go.
    select x.* into e from app.project_members x join app.users u on u.id = x.user_id
      where x.project_id = p_project
        and (lower(u.email) = lower(trim(p_ref)) or (p_ref ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' and u.id = p_ref::uuid));
  end if;
  if e.id is null then
    perform app_private.fail('member_not_found', format('%s is not a member of this project', p_ref), jsonb_build_object(p_kind, p_ref));
  end if;
  return e;
end;
$$;

create function app.list_project_members(p_project uuid, p_limit int, p_before_at timestamptz default null, p_before_id uuid default null) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  p app.projects;
begin
  perform app_private.require_event_scope('hackathon:read');
  p := app_private.project_for(p_project, 'viewer', false);
  return coalesce((
    select jsonb_agg(app_private.project_member_json(x) order by x.added_at desc, x.id desc) from (
      select m.* from app.project_members m
      where m.project_id = p.id and (p_before_at is null or (m.added_at, m.id) < (p_before_at, p_before_id))
      order by m.added_at desc, m.id desc limit p_limit) x), '[]');
end;
$$;
comment on function app.list_project_members(uuid, int, timestamptz, uuid) is 'projects members list: people and teams with their roles, newest first.';
grant execute on function app.list_project_members(uuid, int, timestamptz, uuid) to podium_app;

-- projects members add: a person (not a guest) or a workspace team; managers only. Adding an
-- entry that exists sets its role (created false).
create function app.add_project_member(p_project uuid, p_person text, p_team text, p_role text) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  p app.projects;
  who app.memberships;
  team_ref uuid;
  m app.project_members;
  entry_id uuid;
  inserted boolean;
begin
  perform app_private.require_event_scope('hackathon:write');
  p := app_private.project_for(p_project, 'manager', true);
  perform app_private.check_project_role(p_role);
  if (p_person is null) = (p_team is null) then
    perform app_private.fail('invalid_input', 'Name a person or a team, not both', '{"field":"person"}');
  end if;
  if p_person is not null then
    who := app_private.workspace_person(p_person);
    if who.role = 'guest' then
      perform app_private.fail('guest_cannot_be_member', format('%s is a guest of this workspace; a guest cannot be a project member', p_person));
    end if;
    insert into app.project_members as x (project_id, user_id, role, added_at) values (p.id, who.user_id, p_role, app_private.ms(app.now()))
      on conflict (project_id, user_id) do update set role = excluded.role
      returning x.id, (xmax = 0) into entry_id, inserted;
  else
    team_ref := (app_private.workspace_team(p_team)).id;
    insert into app.project_members as x (project_id, team_id, role, added_at) values (p.id, team_ref, p_role, app_private.ms(app.now()))
      on conflict (project_id, team_id) do update set role = excluded.role
      returning x.id, (xmax = 0) into entry_id, inserted;
  end if;
  select * into m from app.project_members x where x.id = entry_id;
  return jsonb_build_object('created', inserted, 'member', app_private.project_member_json(m));
end;
$$;
comment on function app.add_project_member(uuid, text, text, text) is 'projects members add: a person by email or user id, or a team by slug or id, with a role; managers only.';
grant execute on function app.add_project_member(uuid, text, text, text) to podium_app;

create function app.set_project_member_role(p_project uuid, p_kind text, p_ref text, p_role text) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  p app.projects;
  m app.project_members;
begin
  perform app_private.require_event_scope('hackathon:write');
  p := app_private.project_for(p_project, 'manager', true);
  perform app_private.check_project_role(p_role);
  m := app_private.project_entry(p.id, p_kind, p_ref);
  update app.project_members x set role = p_role where x.id = m.id returning * into m;
  return app_private.project_member_json(m);
end;
$$;
comment on function app.set_project_member_role(uuid, text, text, text) is 'projects members role: managers change the role of a person or team entry.';
grant execute on function app.set_project_member_role(uuid, text, text, text) to podium_app;

-- projects members remove: a manager removes anyone; anyone removes themselves.
create function app.remove_project_member(p_project uuid, p_kind text, p_ref text) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  p app.projects;
  m app.project_members;
begin
  perform app_private.require_event_scope('hackathon:write');
  p := app_private.project_for(p_project, 'viewer', true);
  m := app_private.project_entry(p.id, p_kind, p_ref);
  if m.user_id is distinct from app.current_user_id() then
    perform app_private.project_for(p_project, 'manager', false);
  end if;
  delete from app.project_members x where x.id = m.id;
  return app_private.project_member_json(m);
end;
$$;
comment on function app.remove_project_member(uuid, text, text) is 'projects members remove: managers remove anyone; anyone removes their own entry.';
grant execute on function app.remove_project_member(uuid, text, text) to podium_app;

-- Workspace teams ---------------------------------------------------------------------------------

create function app_private.team_json(t app.teams) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select jsonb_build_object('id', t.id, 'slug', t.slug, 'name', t.name, 'hubManaged', t.hub_managed,
    'memberCount', (select count(*) from app.team_members m where m.team_id = t.id), 'createdAt', app_private.iso(t.created_at))
$$;

create function app_private.team_member_json(p_team uuid, p_user uuid) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select jsonb_build_object('userId', u.id, 'email', u.email, 'name', u.name, 'addedAt', app_private.iso(m.added_at))
  from app.team_members m join app.users u on u.id = m.user_id where m.team_id = p_team and m.user_id = p_user
$$;

-- A team the caller may change: owners and admins only, never a hub-managed team.
create function app_private.team_for_change(p_ref text) returns app.teams
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  t app.teams;
begin
  perform app_private.require_event_scope('hackathon:write');
  perform app_private.require_owner_or_admin('manages teams');
  t := app_private.workspace_team(p_ref);
  if t.hub_managed then
    perform app_private.fail('team_managed_on_hub', format('Team %s is managed on the hub account site; change it there', t.slug));
  end if;
  select * into t from app.teams x where x.id = t.id for update;
  return t;
end;
$$;

create function app_private.check_team_fields(p_slug text, p_name text) returns void
  language plpgsql stable security definer
  set search_path = ''
as $$
begin
  if p_slug is not null and (p_slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or length(p_slug) > 50) then
    perform app_private.fail('invalid_input', 'slug must be lowercase letters, digits and single hyphens, at most 50', '{"field":"slug"}');
  end if;
  if p_name is not null and (length(trim(p_name)) not between 1 and 100 or p_name ~ '[[:cntrl:]]') then
    perform app_private.fail('invalid_input', 'name must be 1 to 100 characters on one line', '{"field":"name"}');
  end if;
end;
$$;

create function app.list_teams(p_limit int, p_before_at timestamptz default null, p_before_id uuid default null) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
begin
  perform app_private.require_event_scope('hackathon:read');
  if not app_private.is_member_of(app.current_workspace_id()) then
    perform app_private.fail('workspace_not_found', 'You act in no workspace of yours');
  end if;
  return coalesce((
    select jsonb_agg(app_private.team_json(x) order by x.created_at desc, x.id desc) from (
      select t.* from app.teams t
      where t.workspace_id = app.current_workspace_id() and (p_before_at is null or (t.created_at, t.id) < (p_before_at, p_before_id))
      order by t.created_at desc, t.id desc limit p_limit) x), '[]');
end;
$$;
comment on function app.list_teams(int, timestamptz, uuid) is 'teams list: the workspace teams, newest first; hub-managed ones are marked.';
grant execute on function app.list_teams(int, timestamptz, uuid) to podium_app;

-- Team members page newest first; the keyset id is the user id.
create function app.list_team_members(p_team text, p_limit int, p_before_at timestamptz default null, p_before_id uuid default null) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  t app.teams;
begin
  perform app_private.require_event_scope('hackathon:read');
  if not app_private.is_member_of(app.current_workspace_id()) then
    perform app_private.fail('workspace_not_found', 'You act in no workspace of yours');
  end if;
  t := app_private.workspace_team(p_team);
  return coalesce((
    select jsonb_agg(jsonb_build_object('userId', x.user_id, 'email', x.email, 'name', x.name, 'addedAt', app_private.iso(x.added_at))
             order by x.added_at desc, x.user_id desc) from (
      select m.user_id, m.added_at, u.email, u.name from app.team_members m join app.users u on u.id = m.user_id
      where m.team_id = t.id and (p_before_at is null or (m.added_at, m.user_id) < (p_before_at, p_before_id))
      order by m.added_at desc, m.user_id desc limit p_limit) x), '[]');
end;
$$;
comment on function app.list_team_members(text, int, timestamptz, uuid) is 'teams members: who is in a workspace team, newest first.';
grant execute on function app.list_team_members(text, int, timestamptz, uuid) to podium_app;

create function app.create_team(p_slug text, p_name text) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  t app.teams;
begin
  perform app_private.require_event_scope('hackathon:write');
  perform app_private.require_owner_or_admin('manages teams');
  if p_slug is null or p_name is null then
    perform app_private.fail('invalid_input', 'slug and name are required', jsonb_build_object('field', case when p_slug is null then 'slug' else 'name' end));
  end if;
  perform app_private.check_team_fields(p_slug, p_name);
  if exists (select 1 from app.teams x where x.workspace_id = app.current_workspace_id() and x.slug = p_slug) then
    perform app_private.fail('slug_taken', format('The slug %s is already used by a team of this workspace', p_slug));
  end if;
  insert into app.teams (workspace_id, slug, name, created_at) values (app.current_workspace_id(), p_slug, trim(p_name), app_private.ms(app.now()))
    returning * into t;
  return app_private.team_json(t);
end;
$$;
comment on function app.create_team(text, text) is 'teams create: owners and admins.';
grant execute on function app.create_team(text, text) to podium_app;

create function app.update_team(p_team text, p_slug text, p_name text) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  t app.teams := app_private.team_for_change(p_team);
begin
  perform app_private.check_team_fields(p_slug, p_name);
  if p_slug is not null and exists (select 1 from app.teams x where x.workspace_id = t.workspace_id and x.slug = p_slug and x.id <> t.id) then
    perform app_private.fail('slug_taken', format('The slug %s is already used by a team of this workspace', p_slug));
  end if;
  update app.teams x set slug = coalesce(p_slug, x.slug), name = coalesce(trim(p_name), x.name) where x.id = t.id returning * into t;
  return app_private.team_json(t);
end;
$$;
comment on function app.update_team(text, text, text) is 'teams update: slug and name; owners and admins; hub teams change on the hub.';
grant execute on function app.update_team(text, text, text) to podium_app;

create function app.add_team_member(p_team text, p_person text) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  t app.teams := app_private.team_for_change(p_team);
  who app.memberships := app_private.workspace_person(p_person);
begin
  if exists (select 1 from app.team_members m where m.team_id = t.id and m.user_id = who.user_id) then
    perform app_private.fail('already_in_team', format('%s is already in team %s', p_person, t.slug));
  end if;
  insert into app.team_members (team_id, user_id, added_at) values (t.id, who.user_id, app_private.ms(app.now()));
  return app_private.team_member_json(t.id, who.user_id);
end;
$$;
comment on function app.add_team_member(text, text) is 'teams members add: a member of the workspace joins a team; owners and admins.';
grant execute on function app.add_team_member(text, text) to podium_app;

create function app.remove_team_member(p_team text, p_person text) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  t app.teams := app_private.team_for_change(p_team);
  who app.memberships := app_private.workspace_person(p_person);
  gone jsonb;
begin
  delete from app.team_members m where m.team_id = t.id and m.user_id = who.user_id
    returning jsonb_build_object('userId', m.user_id, 'email', (select u.email from app.users u where u.id = m.user_id)) into gone;
  if gone is null then
    perform app_private.fail('member_not_found', format('%s is not in team %s', p_person, t.slug));
  end if;
  return gone;
end;
$$;
comment on function app.remove_team_member(text, text) is 'teams members remove: owners and admins.';
grant execute on function app.remove_team_member(text, text) to podium_app;

-- Team pages of the event: showcase and deck links ---------------------------------------------------

-- The who-rules of `decks link`: a participant acts on their own team and names no other;
-- an organizer names the team (or acts on their own when they have one); jury and advisors
-- are refused. Answers the team row, locked when p_lock.
create function app_private.event_team_for(p_team text, p_lock boolean) returns app.event_teams
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.require_event_role(array['organizer', 'participant']);
  named uuid;
  t app.event_teams;
begin
  if p_team is not null then
    select x.project_id into named from app.event_teams x join app.projects p on p.id = x.project_id
      where x.event_id = ctx.event_id and x.left_at is null and (p.id::text = lower(trim(p_team)) or lower(p.name) = lower(trim(p_team)));
  end if;
  if ctx.role = 'participant' and p_team is not null and named is distinct from ctx.team_id then
    perform app_private.fail('not_your_team', 'You act on your own team only; leave the team out');
  end if;
  if p_team is null then
    if ctx.team_id is null then
      perform app_private.fail('team_required', 'You are on no team: name the team to act on');
    end if;
    named := ctx.team_id;
  elsif named is null then
    perform app_private.fail('team_not_found', format('No team %s in this event', p_team), jsonb_build_object('team', p_team));
  end if;
  if p_lock then
    select * into t from app.event_teams x where x.project_id = named for update;
    if exists (select 1 from app.projects p where p.id = named and p.archived_at is not null) then
      perform app_private.fail('project_archived', 'This team''s project is archived and read-only; unarchive it first');
    end if;
  else
    select * into t from app.event_teams x where x.project_id = named;
  end if;
  return t;
end;
$$;

create function app_private.team_ref_json(p_project uuid) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$ select jsonb_build_object('id', p.id, 'name', p.name) from app.projects p where p.id = p_project $$;

create function app.team_showcase(p_team text default null) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  t app.event_teams;
begin
  perform app_private.require_event_scope('hackathon:read');
  t := app_private.event_team_for(p_team, false);
  return jsonb_build_object('team', app_private.team_ref_json(t.project_id), 'product', t.product_name, 'tagline', t.tagline, 'description', t.description);
end;
$$;
comment on function app.team_showcase(text) is 'showcase show: product name, tagline and description of a team (who-rules of decks link).';
grant execute on function app.team_showcase(text) to podium_app;

-- showcase set: a key left out keeps its value; null or '' clears it. Plain text only.
create function app.set_team_showcase(p_team text, p_patch jsonb) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  t app.event_teams;
  k text;
  v text;
  caps constant jsonb := '{"product": 24, "tagline": 140, "description": 4000}';
begin
  perform app_private.require_event_scope('hackathon:write');
  t := app_private.event_team_for(p_team, true);
  for k in select jsonb_object_keys(p_patch) loop
    if not caps ? k then
      perform app_private.fail('invalid_input', format('%s is not a known field', k), jsonb_build_object('field', k));
    end if;
    if jsonb_typeof(p_patch -> k) not in ('string', 'null') then
      perform app_private.fail('invalid_input', format('%s must be text or null', k), jsonb_build_object('field', k));
    end if;
    v := replace(p_patch ->> k, E'\r\n', E'\n');
    if length(v) > (caps ->> k)::int then
      perform app_private.fail('invalid_input', format('%s must be at most %s characters', k, caps ->> k), jsonb_build_object('field', k));
    end if;
    if (k <> 'description' and v ~ '[[:cntrl:]]') or v ~ '[\x01-\x08\x0b-\x1f\x7f]' then
      perform app_private.fail('invalid_input', format('%s must be plain text%s', k, case when k = 'description' then '' else ' on one line' end),
        jsonb_build_object('field', k));
    end if;
  end loop;
  update app.event_teams x set
    product_name = case when p_patch ? 'product' then nullif(p_patch ->> 'product', '') else x.product_name end,
    tagline = case when p_patch ? 'tagline' then nullif(p_patch ->> 'tagline', '') else x.tagline end,
    description = case when p_patch ? 'description' then nullif(replace(p_patch ->> 'description', E'\r\n', E'\n'), '') else x.description end,
    updated_at = app.now()
  where x.project_id = t.project_id returning * into t;
  return jsonb_build_object('team', app_private.team_ref_json(t.project_id), 'product', t.product_name, 'tagline', t.tagline, 'description', t.description);
end;
$$;
comment on function app.set_team_showcase(text, jsonb) is 'showcase set: product (24), tagline (140), description (4000), plain text; null clears.';
grant execute on function app.set_team_showcase(text, jsonb) to podium_app;

create function app_private.deck_links_json(t app.event_teams) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$ select jsonb_build_object('team', app_private.team_ref_json(t.project_id), 'demo', t.demo_link, 'pitch', t.pitch_link, 'vote', t.vote_link) $$;

create function app.team_deck_links(p_team text default null) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
begin
  perform app_private.require_event_scope('hackathon:read');
  return app_private.deck_links_json(app_private.event_team_for(p_team, false));
end;
$$;
comment on function app.team_deck_links(text) is 'decks show without an id: the team''s demo, pitch and vote links (who-rules of decks link).';
grant execute on function app.team_deck_links(text) to podium_app;

-- decks link: a link is an https share link /v/<token>/ on a host this instance allows. The
-- API puts those hosts (ALLOWED_DECK_LINK_HOSTS) in the transaction setting
-- podium.deck_link_hosts; without it (e.g. GraphQL) no host is allowed: fail closed.
create function app.set_team_deck_links(p_team text, p_patch jsonb) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  t app.event_teams;
  k text;
  v text;
  hosts text[] := string_to_array(lower(coalesce(current_setting('podium.deck_link_hosts', true), '')), ',');
begin
  perform app_private.require_event_scope('hackathon:write');
  ctx := app_private.event_ctx();
  t := app_private.event_team_for(p_team, true);
  for k in select jsonb_object_keys(p_patch) loop
    if k not in ('demo', 'pitch', 'vote') then
      perform app_private.fail('invalid_input', format('%s is not a known field', k), jsonb_build_object('field', k));
    end if;
    if jsonb_typeof(p_patch -> k) = 'null' then
      continue;
    end if;
    v := p_patch ->> k;
    if jsonb_typeof(p_patch -> k) <> 'string' or length(v) > 500 or v !~ '^https://[A-Za-z0-9.-]+(:[0-9]{1,5})?/v/[A-Za-z0-9_-]+/$' then
      perform app_private.fail('invalid_deck_link', format('%s must be a share link https://<host>/v/<token>/', k), jsonb_build_object('field', k));
    end if;
    if not lower(substring(v from '^https://([^/]+)/')) = any (hosts) then
      perform app_private.fail('invalid_deck_link', format('%s: this instance does not allow deck links on %s', k, substring(v from '^https://([^/]+)/')),
        jsonb_build_object('field', k, 'allowedHosts', to_jsonb(array_remove(hosts, ''))));
    end if;
  end loop;
  if p_patch ? 'vote' and ctx.role = 'participant'
     and exists (select 1 from app.events e where e.id = ctx.event_id and e.voting_opened_at is not null) then
    perform app_private.fail('vote_link_frozen', 'Voting has opened: the vote link is frozen; an organizer may replace it');
  end if;
  update app.event_teams x set
    demo_link = case when p_patch ? 'demo' then p_patch ->> 'demo' else x.demo_link end,
    pitch_link = case when p_patch ? 'pitch' then p_patch ->> 'pitch' else x.pitch_link end,
    vote_link = case when p_patch ? 'vote' then p_patch ->> 'vote' else x.vote_link end,
    updated_at = app.now()
  where x.project_id = t.project_id returning * into t;
  return app_private.deck_links_json(t);
end;
$$;
comment on function app.set_team_deck_links(text, jsonb) is 'decks link: sets or clears (null) the demo, pitch and vote links of a team; works whatever the vote section says.';
grant execute on function app.set_team_deck_links(text, jsonb) to podium_app;
