-- One scope check: app_private.require_scope. It was written three ways: require_scope
-- (deck functions), require_event_scope (event functions, the same check worded
-- "credential") and an inline either-scope copy in app.set_default_workspace (000017, 000028).
-- require_scope now takes one or more scopes (variadic) and passes when the credential holds
-- any of them; its refusal is unchanged for one scope ("This key lacks the scope X",
-- needed [X]) and reads "This key lacks the scope X or Y" (needed [X, Y]) for several, as the
-- inline copy did. Every caller of require_event_scope is redefined on it (bodies otherwise
-- unchanged, copied from sql/schema.sql), then require_event_scope is dropped.

drop function app_private.require_scope(text);
create function app_private.require_scope(variadic p_scopes text[]) returns void
  language plpgsql stable
  set search_path = ''
as $$
begin
  if not exists (select 1 from unnest(p_scopes) s where app.has_scope(s)) then
    perform app_private.fail('insufficient_scope', format('This key lacks the scope %s', array_to_string(p_scopes, ' or ')),
      jsonb_build_object('needed', to_jsonb(p_scopes)));
  end if;
end;
$$;
comment on function app_private.require_scope(text[]) is
  'Refuses (insufficient_scope, needed) unless the caller''s credential holds one of the scopes. The one scope check of every function.';
grant execute on function app_private.require_scope(text[]) to podium_app;

create or replace function app.accept_repository_invitation(p_full_name text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  a app_private.local_repository_access;
begin
  perform app_private.require_scope('hackathon:write');
  update app_private.local_repository_access x set accepted_at = coalesce(x.accepted_at, now())
    where lower(x.full_name) = lower(p_full_name) and x.user_id = app.current_user_id()
    returning * into a;
  if a.user_id is null then
    perform app_private.fail('invitation_not_found', 'You have no invitation to this repository');
  end if;
  return jsonb_build_object('repository', a.full_name, 'permission', a.permission, 'acceptedAt', app_private.iso(a.accepted_at));
end;
$function$;

create or replace function app.add_project_member(p_project uuid, p_person text, p_team text, p_role text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p app.projects;
  who app.memberships;
  team_ref uuid;
  m app.project_members;
  entry_id uuid;
  inserted boolean;
begin
  perform app_private.require_scope('hackathon:write');
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
$function$;

create or replace function app.agenda()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
begin
  perform app_private.require_scope('hackathon:read');
  ctx := app_private.event_ctx();
  return app_private.agenda_json(ctx.event_id);
end;
$function$;

create or replace function app.archive_project(p_project uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p app.projects;
begin
  perform app_private.require_scope('hackathon:write');
  p := app_private.project_for(p_project, 'manager', false);
  update app.projects x set archived_at = coalesce(x.archived_at, app.now()), updated_at = app.now()
    where x.id = p.id returning * into p;
  return app_private.project_json(p);
end;
$function$;

create or replace function app.bootstrap_record()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  u app.users;
  r app.roster_entries;
  e app.events;
  repo app.team_repositories;
begin
  perform app_private.require_scope('hackathon:read');
  ctx := app_private.event_ctx();
  select * into u from app.users x where x.id = ctx.user_id;
  select * into e from app.events x where x.id = ctx.event_id;
  select * into r from app.roster_entries x where x.event_id = ctx.event_id and lower(x.email) = lower(u.email);
  select * into repo from app.team_repositories x
    where x.project_id = ctx.team_id and x.readiness not in ('planned', 'unassigned');
  return jsonb_build_object(
    'person', jsonb_build_object('id', u.id, 'email', u.email, 'name', coalesce(r.name, u.name)),
    'role', ctx.role,
    'team', case when ctx.team_id is null then null else
      (select jsonb_build_object('id', p.id, 'name', p.name) from app.projects p where p.id = ctx.team_id) end,
    'githubLogin', r.github_login,
    'event', jsonb_build_object('id', e.id, 'name', e.name, 'phase', app.events_phase(e)),
    'repository', case when repo.project_id is null then null else
      jsonb_build_object('fullName', repo.full_name, 'branch', e.github_branch, 'readiness', repo.readiness) end);
end;
$function$;

create or replace function app.configure_event(p_expected_version integer, p_name text, p_timezone text, p_starts_at timestamp with time zone, p_build_ends_at timestamp with time zone, p_vote_opens_at timestamp with time zone, p_vote_closes_at timestamp with time zone, p_reason text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ws uuid := app.current_workspace_id();
  now_ timestamptz := app.now();
  e app.events;
  phase text;
  reason text := nullif(trim(p_reason), '');
  exempt boolean;
begin
  perform app_private.require_scope('hackathon:write');
  select * into e from app.events x where x.workspace_id = ws for update;
  if e.id is null then
    if not exists (select 1 from app.memberships m where m.workspace_id = ws and m.user_id = app.current_user_id() and m.role in ('owner', 'admin')) then
      perform app_private.fail('insufficient_event_role', 'An event organizer is needed for this: a workspace owner or admin creates the event',
        jsonb_build_object('needed', jsonb_build_array('organizer')));
    end if;
    if p_expected_version <> 0 then
      perform app_private.fail('version_conflict', format('There is no event yet (version 0); pass --expected-version 0 to create it, not %s', p_expected_version),
        jsonb_build_object('currentVersion', 0, 'expectedVersion', p_expected_version));
    end if;
    perform app_private.check_event_config(p_name, p_timezone, p_starts_at, p_build_ends_at, p_vote_opens_at, p_vote_closes_at, p_reason);
    insert into app.events (workspace_id, name, timezone, starts_at, build_ends_at, freeze_at, vote_opens_at, vote_closes_at, never_run)
    values (ws, trim(p_name), p_timezone, p_starts_at, p_build_ends_at, p_build_ends_at + interval '15 minutes',
            p_vote_opens_at, p_vote_closes_at, p_starts_at <= now_)
    returning * into e;
    return jsonb_build_object('created', true, 'event', app_private.event_json(e));
  end if;

  perform app_private.require_event_role(array['organizer']);
  if p_expected_version <> e.version then
    perform app_private.fail('version_conflict', format('The event is at version %s, not %s; pass --expected-version %s', e.version, p_expected_version, e.version),
      jsonb_build_object('currentVersion', e.version, 'expectedVersion', p_expected_version));
  end if;
  perform app_private.check_event_config(p_name, p_timezone, p_starts_at, p_build_ends_at, p_vote_opens_at, p_vote_closes_at, p_reason);
  if e.voting_opened_at is not null then
    perform app_private.fail('vote_window_locked', 'Voting was opened: the schedule can no longer change');
  end if;

  phase := app.events_phase(e);
  exempt := e.never_run and e.roster_locked_at is null and e.frozen_at is null;
  if phase <> 'scheduled' and not exempt then
    if phase = 'closed' then
      perform app_private.fail('event_closed', format('The event froze at %s; its schedule can no longer change', app_private.iso(e.freeze_at)));
    end if;
    if p_starts_at <> e.starts_at then
      perform app_private.fail('event_started', format('The event started at %s; its start can no longer change', app_private.iso(e.starts_at)));
    end if;
    if p_build_ends_at <> e.build_ends_at then
      if p_build_ends_at + interval '15 minutes' <= now_ then
        perform app_private.fail('build_end_past', format('A build end of %s puts the freeze (%s) in the past',
          app_private.iso(p_build_ends_at), app_private.iso(p_build_ends_at + interval '15 minutes')));
      end if;
      if reason is null then
        perform app_private.fail('reason_required', 'Moving the build end of a running event needs a reason (--reason); every participant sees it');
      end if;
      insert into app.event_notices (event_id, at, reason, previous_build_ends_at, build_ends_at)
      values (e.id, now_, reason, e.build_ends_at, p_build_ends_at);
    end if;
  elsif p_starts_at <= now_ or p_build_ends_at <= now_ then
    perform app_private.fail('starts_past', format('Start and build end must be ahead of now (%s)', app_private.iso(now_)),
      jsonb_build_object('field', case when p_starts_at <= now_ then 'startsAt' else 'buildEndsAt' end));
  end if;

  update app.events x set name = trim(p_name), timezone = p_timezone, starts_at = p_starts_at, build_ends_at = p_build_ends_at,
    freeze_at = p_build_ends_at + interval '15 minutes', vote_opens_at = p_vote_opens_at, vote_closes_at = p_vote_closes_at,
    version = x.version + 1, updated_at = now_,
    never_run = x.never_run and p_starts_at <= now_
  where x.id = e.id
  returning * into e;
  return jsonb_build_object('created', false, 'event', app_private.event_json(e));
end;
$function$;

create or replace function app.create_project(p_name text, p_description text DEFAULT NULL::text, p_metadata jsonb DEFAULT NULL::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p app.projects;
  now_ timestamptz := app_private.ms(app.now());
begin
  perform app_private.require_scope('hackathon:write');
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
$function$;

create or replace function app.create_team(p_slug text, p_name text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.teams;
begin
  perform app_private.require_scope('hackathon:write');
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
$function$;

create or replace function app.current_event()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
begin
  perform app_private.require_scope('hackathon:read');
  ctx := app_private.event_ctx();
  return (select app_private.event_json(e) from app.events e where e.id = ctx.event_id);
end;
$function$;

create or replace function app.event_status()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  e app.events;
  rec jsonb;
begin
  perform app_private.require_scope('hackathon:read');
  ctx := app_private.event_ctx();
  select * into e from app.events x where x.id = ctx.event_id;
  rec := app_private.event_json(e);
  return jsonb_build_object(
    'name', e.name, 'version', e.version, 'timezone', e.timezone, 'phase', rec -> 'phase', 'serverTime', rec -> 'serverTime',
    'startsAt', rec -> 'startsAt', 'buildEndsAt', rec -> 'buildEndsAt', 'freezeAt', rec -> 'freezeAt',
    'voteOpensAt', rec -> 'voteOpensAt', 'voteClosesAt', rec -> 'voteClosesAt',
    'voteSection', rec -> 'voteSection', 'notices', rec -> 'notices',
    'role', ctx.role,
    'team', (select jsonb_build_object('id', p.id, 'name', p.name) from app.projects p where p.id = ctx.team_id),
    'teams', coalesce((
      select jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'state', app.event_teams_submission_state(t)) order by lower(p.name))
      from app.event_teams t join app.projects p on p.id = t.project_id
      where t.event_id = e.id and t.left_at is null
        and (ctx.role = 'organizer' or (ctx.role = 'participant' and t.project_id = ctx.team_id))), '[]'));
end;
$function$;

create or replace function app.get_project(p_project uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app_private.require_scope('hackathon:read');
  return app_private.project_json(app_private.project_for(p_project, 'viewer', false));
end;
$function$;

create or replace function app.list_project_members(p_project uuid, p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p app.projects;
begin
  perform app_private.require_scope('hackathon:read');
  p := app_private.project_for(p_project, 'viewer', false);
  return coalesce((
    select jsonb_agg(app_private.project_member_json(x) order by x.added_at desc, x.id desc) from (
      select m.* from app.project_members m
      where m.project_id = p.id and (p_before_at is null or (m.added_at, m.id) < (p_before_at, p_before_id))
      order by m.added_at desc, m.id desc limit p_limit) x), '[]');
end;
$function$;

create or replace function app.list_projects(p_archived text, p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app_private.require_scope('hackathon:read');
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
$function$;

create or replace function app.list_team_members(p_team text, p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.teams;
begin
  perform app_private.require_scope('hackathon:read');
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
$function$;

create or replace function app.list_teams(p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app_private.require_scope('hackathon:read');
  if not app_private.is_member_of(app.current_workspace_id()) then
    perform app_private.fail('workspace_not_found', 'You act in no workspace of yours');
  end if;
  return coalesce((
    select jsonb_agg(app_private.team_json(x) order by x.created_at desc, x.id desc) from (
      select t.* from app.teams t
      where t.workspace_id = app.current_workspace_id() and (p_before_at is null or (t.created_at, t.id) < (p_before_at, p_before_id))
      order by t.created_at desc, t.id desc limit p_limit) x), '[]');
end;
$function$;

create or replace function app.remove_project_member(p_project uuid, p_kind text, p_ref text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p app.projects;
  m app.project_members;
begin
  perform app_private.require_scope('hackathon:write');
  p := app_private.project_for(p_project, 'viewer', true);
  m := app_private.project_entry(p.id, p_kind, p_ref);
  if m.user_id is distinct from app.current_user_id() then
    perform app_private.project_for(p_project, 'manager', false);
  end if;
  delete from app.project_members x where x.id = m.id;
  return app_private.project_member_json(m);
end;
$function$;

create or replace function app.set_default_workspace(p_workspace uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  pin app.workspaces;
begin
  perform app_private.require_scope('presentations:write', 'hackathon:write');
  select w.* into pin from app_private.api_keys k join app.workspaces w on w.id = k.workspace_id
   where k.id = nullif(current_setting('app.key_id', true), '')::uuid;
  if pin.id is not null then
    perform app_private.fail('workspace_pinned',
      format('This key is pinned to workspace %s (%s) and acts only there; it cannot change your default workspace', pin.name, pin.id),
      jsonb_build_object('pinnedWorkspaceId', pin.id));
  end if;
  select w.* into pin from app.workspaces w where w.id = app_private.demo_workspace();
  if pin.id is not null then
    perform app_private.fail('workspace_pinned',
      format('This demo session acts only in workspace %s (%s); it cannot change the default workspace of the person it acts for', pin.name, pin.id),
      jsonb_build_object('pinnedWorkspaceId', pin.id));
  end if;
  return app_private.set_default_workspace_checked_by_caller(p_workspace);
end;
$function$;

create or replace function app.set_github_login(p_login text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  login text := app_private.normalize_github_login(p_login);
  holder text;
begin
  perform app_private.require_scope('hackathon:write');
  ctx := app_private.event_ctx();
  if ctx.role <> 'participant' then
    perform app_private.fail('not_a_participant',
      format('Only participants name a code-host username; you are %s and have no team repository', ctx.role),
      jsonb_build_object('role', ctx.role));
  end if;
  if login is null then
    perform app_private.fail('invalid_input', 'A GitHub username is letters, digits and single hyphens, at most 39 characters',
      jsonb_build_object('field', 'login'));
  end if;
  -- One saver at a time per event, so two people cannot both take one login.
  perform pg_advisory_xact_lock(hashtextextended('podium:github-login:' || ctx.event_id::text, 0));
  select r.email into holder from app.roster_entries r join app.users u on u.id = ctx.user_id
    where r.event_id = ctx.event_id and lower(r.github_login) = lower(login) and lower(r.email) <> lower(u.email) limit 1;
  if holder is not null then
    perform app_private.fail('github_login_taken', format('The GitHub username %s is already named by another person on the roster', login),
      jsonb_build_object('login', login));
  end if;
  update app.roster_entries r set github_login = login
    from app.users u where u.id = ctx.user_id and r.event_id = ctx.event_id and lower(r.email) = lower(u.email);
  return app.bootstrap_record();
end;
$function$;

create or replace function app.set_project_member_role(p_project uuid, p_kind text, p_ref text, p_role text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p app.projects;
  m app.project_members;
begin
  perform app_private.require_scope('hackathon:write');
  p := app_private.project_for(p_project, 'manager', true);
  perform app_private.check_project_role(p_role);
  m := app_private.project_entry(p.id, p_kind, p_ref);
  update app.project_members x set role = p_role where x.id = m.id returning * into m;
  return app_private.project_member_json(m);
end;
$function$;

create or replace function app.set_team_deck_links(p_team text, p_patch jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  t app.event_teams;
  k text;
  v text;
  hosts text[] := string_to_array(lower(coalesce(current_setting('podium.deck_link_hosts', true), '')), ',');
begin
  perform app_private.require_scope('hackathon:write');
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
$function$;

create or replace function app.set_team_showcase(p_team text, p_patch jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.event_teams;
  k text;
  v text;
  caps constant jsonb := '{"product": 24, "tagline": 140, "description": 4000}';
begin
  perform app_private.require_scope('hackathon:write');
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
$function$;

create or replace function app.team_deck_links(p_team text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app_private.require_scope('hackathon:read');
  return app_private.deck_links_json(app_private.event_team_for(p_team, false));
end;
$function$;

create or replace function app.team_showcase(p_team text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.event_teams;
begin
  perform app_private.require_scope('hackathon:read');
  t := app_private.event_team_for(p_team, false);
  return jsonb_build_object('team', app_private.team_ref_json(t.project_id), 'product', t.product_name, 'tagline', t.tagline, 'description', t.description);
end;
$function$;

create or replace function app.unarchive_project(p_project uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p app.projects;
begin
  perform app_private.require_scope('hackathon:write');
  p := app_private.project_for(p_project, 'manager', false);
  update app.projects x set archived_at = null, updated_at = app.now() where x.id = p.id returning * into p;
  return app_private.project_json(p);
end;
$function$;

create or replace function app.update_project(p_project uuid, p_patch jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p app.projects;
  k text;
begin
  perform app_private.require_scope('hackathon:write');
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
$function$;

create or replace function app_private.team_for_change(p_ref text)
 RETURNS app.teams
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.teams;
begin
  perform app_private.require_scope('hackathon:write');
  perform app_private.require_owner_or_admin('manages teams');
  t := app_private.workspace_team(p_ref);
  if t.hub_managed then
    perform app_private.fail('team_managed_on_hub', format('Team %s is managed on the hub account site; change it there', t.slug));
  end if;
  select * into t from app.teams x where x.id = t.id for update;
  return t;
end;
$function$;

drop function app_private.require_event_scope(text);
