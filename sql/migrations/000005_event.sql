-- Hackathon event service, part 1: the event (schedule, phases, vote switch, code-host
-- settings), event roles, the roster, the agenda, and the records the roster builds on:
-- projects (each event team is one), workspace teams and project members.
-- Tables hold what callers may read under row-level security; every change goes through a
-- security-definer function here that checks the caller and the spec's rules.

-- Helpers -----------------------------------------------------------------------------

-- Every instant on the wire is UTC with a Z, in the form JavaScript's toISOString prints.
create function app_private.iso(t timestamptz) returns text
  language sql immutable
  set search_path = ''
as $$ select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

-- Paged tables keep their keyset instants to the millisecond, as cursors carry them.
create function app_private.ms(t timestamptz) returns timestamptz
  language sql immutable
  set search_path = ''
as $$ select date_trunc('milliseconds', t) $$;

-- The GraphQL endpoint takes any key, so write functions check the scope themselves.
create function app_private.require_event_scope(p_scope text) returns void
  language plpgsql stable
  set search_path = ''
as $$
begin
  if not app.has_scope(p_scope) then
    perform app_private.fail('insufficient_scope', format('This credential lacks the scope %s', p_scope),
      jsonb_build_object('needed', jsonb_build_array(p_scope)));
  end if;
end;
$$;

-- An instant sent as text: ISO 8601 with a zone, else null (callers name the field).
create function app_private.parse_instant(p text) returns timestamptz
  language plpgsql stable
  set search_path = ''
as $$
begin
  if p is null or p !~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|z|[+-]\d{2}(:?\d{2})?)$' then
    return null;
  end if;
  return p::timestamptz;
exception when others then
  return null;
end;
$$;

create function app_private.is_email(p text) returns boolean
  language sql immutable
  set search_path = ''
as $$ select p is not null and p ~ '^[^@\s]+@[^@\s]+$' and length(p) <= 320 $$;

-- Who signed in at least once (a session, or a key minted by a sign-in), for `roster show`.
create table app_private.sign_ins (
  user_id uuid primary key references app.users (id) on delete cascade,
  first_at timestamptz not null default now(),
  last_at timestamptz not null default now()
);

create function app_private.record_sign_in() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  insert into app_private.sign_ins (user_id) values (new.user_id)
    on conflict (user_id) do update set last_at = now();
  return new;
end;
$$;
create trigger sessions_record_sign_in after insert on app_private.sessions
  for each row execute function app_private.record_sign_in();
-- Keys an operator mints for someone are not a sign-in by that person.
create trigger api_keys_record_sign_in after insert on app_private.api_keys
  for each row when (new.created_via <> 'operator') execute function app_private.record_sign_in();

-- Projects, workspace teams, project members ----------------------------------------------

create table app.projects (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references app.workspaces (id) on delete cascade,
  name text not null check (length(name) between 1 and 100 and name !~ '[[:cntrl:]]'),
  description text check (length(description) between 1 and 4000),
  metadata jsonb not null default '{}' check (jsonb_typeof(metadata) = 'object'),
  archived_at timestamptz,
  created_by uuid references app.users (id) on delete set null,
  created_at timestamptz not null default app_private.ms(now()),
  updated_at timestamptz not null default now()
);
-- Names are unique per workspace so a roster team name maps to exactly one project.
create unique index projects_name_key on app.projects (workspace_id, lower(name));
create index projects_listing_idx on app.projects (workspace_id, created_at desc, id desc);
create index projects_created_by_idx on app.projects (created_by);
comment on table app.projects is E'@behavior -insert -update -delete\nProjects of a workspace; each event team is one. Archived projects are read-only and out of the default list; nothing is deleted.';

create table app.teams (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references app.workspaces (id) on delete cascade,
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 50),
  name text not null check (length(name) between 1 and 100 and name !~ '[[:cntrl:]]'),
  hub_managed boolean not null default false,
  created_at timestamptz not null default app_private.ms(now()),
  unique (workspace_id, slug)
);
create index teams_listing_idx on app.teams (workspace_id, created_at desc, id desc);
comment on table app.teams is E'@behavior -insert -update -delete\nWorkspace teams (groups of members), usable as project members. Hub-managed teams change only on the hub.';

create table app.team_members (
  team_id uuid not null references app.teams (id) on delete cascade,
  user_id uuid not null references app.users (id) on delete cascade,
  added_at timestamptz not null default app_private.ms(now()),
  primary key (team_id, user_id)
);
create index team_members_user_idx on app.team_members (user_id);
comment on table app.team_members is E'@behavior -insert -update -delete\nWho belongs to which workspace team.';

create table app.project_members (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references app.projects (id) on delete cascade,
  user_id uuid references app.users (id) on delete cascade,
  team_id uuid references app.teams (id) on delete cascade,
  role text not null check (role in ('viewer', 'editor', 'manager')),
  added_at timestamptz not null default app_private.ms(now()),
  check (num_nonnulls(user_id, team_id) = 1),
  unique (project_id, user_id),
  unique (project_id, team_id)
);
create index project_members_user_idx on app.project_members (user_id);
create index project_members_team_idx on app.project_members (team_id);
comment on table app.project_members is E'@behavior -insert -update -delete\nProject roles given to a person or a workspace team: viewer < editor < manager.';

create function app_private.project_role_rank(p_role text) returns int
  language sql immutable
  set search_path = ''
as $$ select case p_role when 'viewer' then 1 when 'editor' then 2 when 'manager' then 3 else 0 end $$;

-- The caller's role on a project of the workspace they act in, or null when they may not
-- read it: owners and admins manage every project; guests take no part; anyone else has the
-- highest of their own entry and their teams' entries.
create function app_private.project_role_of(p_project uuid) returns text
  language sql stable security definer
  set search_path = ''
as $$
  select case
    when m.role in ('owner', 'admin') then 'manager'
    when m.role = 'guest' then null
    else (
      select pm.role from app.project_members pm
      where pm.project_id = p.id
        and (pm.user_id = m.user_id
             or pm.team_id in (select tm.team_id from app.team_members tm where tm.user_id = m.user_id))
      order by app_private.project_role_rank(pm.role) desc limit 1)
  end
  from app.projects p
  join app.memberships m on m.workspace_id = p.workspace_id and m.user_id = app.current_user_id()
  where p.id = p_project and p.workspace_id = app.current_workspace_id()
$$;
grant execute on function app_private.project_role_of(uuid) to podium_app;

-- The event ------------------------------------------------------------------------------

create table app.events (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null unique references app.workspaces (id) on delete cascade,
  name text not null check (length(name) between 1 and 100 and name !~ '[[:cntrl:]]'),
  version int not null default 1 check (version >= 1),
  timezone text not null, -- IANA name, for display only
  starts_at timestamptz not null,
  build_ends_at timestamptz not null,
  freeze_at timestamptz not null,
  vote_opens_at timestamptz not null,
  vote_closes_at timestamptz not null,
  vote_section boolean not null default false,
  github_organization text,
  github_template text,
  github_branch text not null default 'main',
  roster_locked_at timestamptz,
  voting_opened_at timestamptz, -- set when the community vote opens (community vote issue)
  frozen_at timestamptz, -- set when the freeze sweep froze the submissions (submissions issue)
  never_run boolean not null default false, -- created with a start already past and not rescheduled since
  created_at timestamptz not null default app_private.ms(now()),
  updated_at timestamptz not null default now(),
  check (build_ends_at > starts_at),
  check (freeze_at - build_ends_at = interval '15 minutes'),
  check (vote_opens_at >= freeze_at),
  check (vote_closes_at > vote_opens_at)
);
comment on table app.events is E'@behavior -insert -update -delete\nOne hackathon event per workspace: schedule (freeze = build end + 15 minutes), vote switch, code-host settings, roster lock.';

create table app.event_notices (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references app.events (id) on delete cascade,
  at timestamptz not null,
  reason text not null check (length(reason) between 1 and 500),
  previous_build_ends_at timestamptz not null,
  build_ends_at timestamptz not null
);
create index event_notices_event_idx on app.event_notices (event_id, at desc);
comment on table app.event_notices is E'@behavior -insert -update -delete\nWhy the build end moved while the event was running; every participant sees these.';

create table app.roster_entries (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references app.events (id) on delete cascade,
  email text not null check (app_private.is_email(email)),
  name text check (length(name) between 1 and 200 and name !~ '[[:cntrl:]]'),
  role text not null check (role in ('participant', 'organizer', 'jury', 'advisor')),
  team_id uuid references app.projects (id) on delete cascade,
  github_login text,
  created_at timestamptz not null default app_private.ms(now()),
  check ((role = 'participant') = (team_id is not null))
);
create unique index roster_entries_email_key on app.roster_entries (event_id, lower(email));
create index roster_entries_team_idx on app.roster_entries (team_id);
create index roster_entries_listing_idx on app.roster_entries (event_id, created_at desc, id desc);
comment on table app.roster_entries is E'@behavior -insert -update -delete\nThe roster: who takes part in the event and how (participant on a team, organizer, jury, advisor).';

create table app.event_teams (
  project_id uuid primary key references app.projects (id) on delete cascade,
  event_id uuid not null references app.events (id) on delete cascade,
  left_at timestamptz, -- dissolved: no roster row named it; its project was archived
  product_name text check (length(product_name) between 1 and 24 and product_name !~ '[[:cntrl:]]'),
  tagline text check (length(tagline) between 1 and 140 and tagline !~ '[[:cntrl:]]'),
  description text check (length(description) between 1 and 4000 and description !~ '[\x01-\x08\x0b-\x1f\x7f]'),
  demo_link text,
  pitch_link text,
  vote_link text,
  joined_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index event_teams_event_idx on app.event_teams (event_id);
comment on table app.event_teams is E'@behavior -insert -update -delete\nThe projects taking part in the event as teams, with their showcase and three deck links. A dissolved team keeps its row (left_at) so nothing is lost if it comes back.';

create table app.agenda_items (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references app.events (id) on delete cascade,
  position int not null,
  title text not null check (length(title) between 1 and 80 and title !~ '[[:cntrl:]]'),
  kind text not null check (kind in ('break', 'meal', 'talk', 'presentations', 'announcement', 'other')),
  starts_at timestamptz not null,
  ends_at timestamptz,
  check (ends_at is null or ends_at > starts_at)
);
create index agenda_items_event_idx on app.agenda_items (event_id, starts_at);
comment on table app.agenda_items is E'@behavior -insert -update -delete\nThe programme shown to every attendee; it moves no phase and no deadline.';

-- The phase, from the server clock only.
create function app.events_phase(e app.events) returns text
  language sql stable
  set search_path = ''
as $$
  select case
    when app.now() < e.starts_at then 'scheduled'
    when app.now() < e.build_ends_at then 'building'
    when app.now() < e.freeze_at then 'grace'
    else 'closed'
  end
$$;
comment on function app.events_phase(app.events) is 'scheduled, building, grace or closed, decided by the server clock only.';
grant execute on function app.events_phase(app.events) to podium_app;

-- A team's submission state. Every team waits until the submissions issue replaces this
-- derivation with the receipts and the freeze.
create function app.event_teams_submission_state(t app.event_teams) returns text
  language sql stable
  set search_path = ''
as $$ select 'waiting'::text $$;
comment on function app.event_teams_submission_state(app.event_teams) is 'waiting, capturing, frozen, missing or error.';
grant execute on function app.event_teams_submission_state(app.event_teams) to podium_app;

-- Event roles --------------------------------------------------------------------------

create type app_private.event_ctx as (event_id uuid, workspace_id uuid, user_id uuid, role text, team_id uuid);

-- The caller's place in the event of the workspace they act in, without refusing:
-- event_id null when there is no event, role null when not on the roster. Owners and
-- admins are organizers whatever the roster says; their roster row may still give a team.
create function app_private.event_ctx_or_null() returns app_private.event_ctx
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  ws_role app.workspace_role;
  user_email text;
  roster_role text;
begin
  ctx.user_id := app.current_user_id();
  ctx.workspace_id := app.current_workspace_id();
  select e.id into ctx.event_id from app.events e where e.workspace_id = ctx.workspace_id;
  if ctx.event_id is null or ctx.user_id is null then
    return ctx;
  end if;
  select m.role into ws_role from app.memberships m where m.workspace_id = ctx.workspace_id and m.user_id = ctx.user_id;
  if ws_role is null then
    return ctx;
  end if;
  select u.email into user_email from app.users u where u.id = ctx.user_id;
  select r.role, r.team_id into roster_role, ctx.team_id
    from app.roster_entries r where r.event_id = ctx.event_id and lower(r.email) = lower(user_email);
  ctx.role := case when ws_role in ('owner', 'admin') then 'organizer' else roster_role end;
  return ctx;
end;
$$;
grant execute on function app_private.event_ctx_or_null() to podium_app;

create function app_private.event_ctx() returns app_private.event_ctx
  language plpgsql stable
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.event_ctx_or_null();
begin
  if ctx.event_id is null then
    perform app_private.fail('event_not_configured', 'This workspace has no event yet; an organizer creates it with event configure --expected-version 0');
  end if;
  if ctx.role is null then
    perform app_private.fail('not_on_roster', 'You are not on the roster of this event; ask an organizer to add you');
  end if;
  return ctx;
end;
$$;

-- Reusable role gate: raises insufficient_event_role with a sentence fit for the role.
create function app_private.require_event_role(p_roles text[]) returns app_private.event_ctx
  language plpgsql stable
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.event_ctx();
begin
  if ctx.role = any (p_roles) then
    return ctx;
  end if;
  perform app_private.fail('insufficient_event_role',
    case
      when p_roles = array['organizer'] then 'An event organizer is needed for this'
      when ctx.role = 'jury' then 'Jury viewers may read the gallery, the programme and presentations only'
      else format('This is for %s only; you are %s', array_to_string(p_roles, ', '), ctx.role)
    end,
    jsonb_build_object('role', ctx.role, 'needed', to_jsonb(p_roles)));
  return ctx;
end;
$$;

-- The vote section switch: community and deck-generation functions call this first.
create function app_private.require_vote_on(p_event uuid) returns void
  language plpgsql stable
  set search_path = ''
as $$
begin
  if not exists (select 1 from app.events e where e.id = p_event and e.vote_section) then
    perform app_private.fail('vote_off', 'The vote section of this event is off; an organizer turns it on with event vote --on');
  end if;
end;
$$;
grant execute on function app_private.require_vote_on(uuid) to podium_app;

-- Row-level security ---------------------------------------------------------------------

alter table app.projects enable row level security;
alter table app.teams enable row level security;
alter table app.team_members enable row level security;
alter table app.project_members enable row level security;
alter table app.events enable row level security;
alter table app.event_notices enable row level security;
alter table app.roster_entries enable row level security;
alter table app.event_teams enable row level security;
alter table app.agenda_items enable row level security;
grant select on app.projects, app.teams, app.team_members, app.project_members, app.events, app.event_notices,
  app.roster_entries, app.event_teams, app.agenda_items to podium_app;

create policy projects_select on app.projects for select to podium_app using (
  workspace_id = (select app.current_workspace_id()) and app_private.project_role_of(id) is not null
);
create policy project_members_select on app.project_members for select to podium_app using (
  exists (select 1 from app.projects p where p.id = project_id)
);
create policy teams_select on app.teams for select to podium_app using (
  workspace_id = (select app.current_workspace_id()) and (select app_private.is_member_of(app.current_workspace_id()))
);
create policy team_members_select on app.team_members for select to podium_app using (
  exists (select 1 from app.teams t where t.id = team_id)
);
create policy events_select on app.events for select to podium_app using (
  id = (select (app_private.event_ctx_or_null()).event_id) and (select (app_private.event_ctx_or_null()).role) is not null
);
create policy event_notices_select on app.event_notices for select to podium_app using (
  exists (select 1 from app.events e where e.id = event_id)
);
create policy agenda_items_select on app.agenda_items for select to podium_app using (
  exists (select 1 from app.events e where e.id = event_id)
);
-- Organizers see the whole roster; anyone else only their own row.
create policy roster_entries_select on app.roster_entries for select to podium_app using (
  exists (select 1 from app.events e where e.id = event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer'
       or lower(email) = (select lower(u.email) from app.users u where u.id = (select app.current_user_id())))
);
-- Organizers see every team; a participant sees their own.
create policy event_teams_select on app.event_teams for select to podium_app using (
  exists (select 1 from app.events e where e.id = event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer'
       or project_id = (select (app_private.event_ctx_or_null()).team_id))
);

-- Reading the event ------------------------------------------------------------------------

create function app_private.event_json(e app.events) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object(
    'id', e.id, 'name', e.name, 'version', e.version, 'timezone', e.timezone,
    'startsAt', app_private.iso(e.starts_at), 'buildEndsAt', app_private.iso(e.build_ends_at),
    'freezeAt', app_private.iso(e.freeze_at), 'voteOpensAt', app_private.iso(e.vote_opens_at),
    'voteClosesAt', app_private.iso(e.vote_closes_at),
    'phase', app.events_phase(e), 'serverTime', app_private.iso(app.now()),
    'voteSection', case when e.vote_section then 'on' else 'off' end,
    'rosterLockedAt', app_private.iso(e.roster_locked_at), 'votingOpenedAt', app_private.iso(e.voting_opened_at),
    'github', case when e.github_organization is null then null else jsonb_build_object(
      'organization', e.github_organization, 'template', e.github_template, 'branch', e.github_branch) end,
    'notices', coalesce((select jsonb_agg(jsonb_build_object('at', app_private.iso(n.at), 'reason', n.reason,
        'previousBuildEndsAt', app_private.iso(n.previous_build_ends_at), 'buildEndsAt', app_private.iso(n.build_ends_at))
        order by n.at desc, n.id) from app.event_notices n where n.event_id = e.id), '[]'),
    'createdAt', app_private.iso(e.created_at), 'updatedAt', app_private.iso(e.updated_at))
$$;

create function app.current_event() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
begin
  perform app_private.require_event_scope('hackathon:read');
  ctx := app_private.event_ctx();
  return (select app_private.event_json(e) from app.events e where e.id = ctx.event_id);
end;
$$;
comment on function app.current_event() is 'The event of the workspace you act in, for any event role.';
grant execute on function app.current_event() to podium_app;

-- event status: schedule, phase and server time, the caller's role and team, and one line
-- per team (organizers every team, a participant their own).
create function app.event_status() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  e app.events;
  rec jsonb;
begin
  perform app_private.require_event_scope('hackathon:read');
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
$$;
comment on function app.event_status() is 'event status: phase, server time, the five deadlines, your role and team, and team submission states.';
grant execute on function app.event_status() to podium_app;

-- Configuring the event -----------------------------------------------------------------------

-- The shape rules every configuration obeys, whatever the phase.
create function app_private.check_event_config(
  p_name text, p_timezone text, p_starts_at timestamptz, p_build_ends_at timestamptz,
  p_vote_opens_at timestamptz, p_vote_closes_at timestamptz, p_reason text
) returns void
  language plpgsql stable
  set search_path = ''
as $$
begin
  if p_name is null or length(trim(p_name)) not between 1 and 100 or p_name ~ '[[:cntrl:]]' then
    perform app_private.fail('invalid_input', 'name must be 1 to 100 characters on one line', '{"field":"name"}');
  end if;
  if p_timezone is null or not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = p_timezone) then
    perform app_private.fail('invalid_input', format('timezone must be an IANA time zone name such as Europe/Berlin, got %s', coalesce(p_timezone, 'nothing')), '{"field":"timezone"}');
  end if;
  if p_build_ends_at <= p_starts_at then
    perform app_private.fail('invalid_input', 'buildEndsAt must be after startsAt', '{"field":"buildEndsAt"}');
  end if;
  if p_vote_opens_at < p_build_ends_at + interval '15 minutes' then
    perform app_private.fail('invalid_input', format('voteOpensAt must be at the freeze (%s, build end + 15 minutes) or later',
      app_private.iso(p_build_ends_at + interval '15 minutes')), '{"field":"voteOpensAt"}');
  end if;
  if p_vote_closes_at <= p_vote_opens_at then
    perform app_private.fail('invalid_input', 'voteClosesAt must be after voteOpensAt', '{"field":"voteClosesAt"}');
  end if;
  if p_reason is not null and (length(trim(p_reason)) not between 1 and 500) then
    perform app_private.fail('invalid_input', 'reason must be 1 to 500 characters', '{"field":"reason"}');
  end if;
end;
$$;

-- event configure: the whole configuration each time, guarded by the version. The order of
-- the checks makes every row of the schedule rules reachable: a stale version first, then
-- an opened vote, then the never-run exception, then the phase rules.
create function app.configure_event(
  p_expected_version int, p_name text, p_timezone text, p_starts_at timestamptz, p_build_ends_at timestamptz,
  p_vote_opens_at timestamptz, p_vote_closes_at timestamptz, p_reason text default null
) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  ws uuid := app.current_workspace_id();
  now_ timestamptz := app.now();
  e app.events;
  phase text;
  reason text := nullif(trim(p_reason), '');
  exempt boolean;
begin
  perform app_private.require_event_scope('hackathon:write');
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
$$;
comment on function app.configure_event(int, text, text, timestamptz, timestamptz, timestamptz, timestamptz, text) is
  'event configure: creates the event (expected version 0) or replaces its configuration, under the schedule rules.';
grant execute on function app.configure_event(int, text, text, timestamptz, timestamptz, timestamptz, timestamptz, text) to podium_app;

-- event github: where team repositories are created.
create function app.set_event_github(p_organization text, p_template text, p_branch text default null) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  branch text := coalesce(nullif(trim(p_branch), ''), 'main');
begin
  perform app_private.require_event_scope('hackathon:write');
  ctx := app_private.require_event_role(array['organizer']);
  if p_organization is null or p_organization !~ '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$' or length(p_organization) > 39 then
    perform app_private.fail('invalid_input', 'organization must be a code-host login: letters, digits, single hyphens, at most 39', '{"field":"organization"}');
  end if;
  if p_template is null or p_template !~ '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*/[A-Za-z0-9._-]{1,100}$'
     or length(split_part(p_template, '/', 1)) > 39 or split_part(p_template, '/', 2) in ('.', '..') then
    perform app_private.fail('invalid_input', 'template must be <owner>/<repo>', '{"field":"template"}');
  end if;
  if branch !~ '^[A-Za-z0-9._/-]{1,200}$' or branch ~ '(^[/.-]|/$|\.\.|//|\.lock$)' then
    perform app_private.fail('invalid_input', 'branch is not a valid branch name', '{"field":"branch"}');
  end if;
  update app.events e set github_organization = p_organization, github_template = p_template, github_branch = branch, updated_at = app.now()
    where e.id = ctx.event_id;
  return jsonb_build_object('organization', p_organization, 'template', p_template, 'branch', branch);
end;
$$;
comment on function app.set_event_github(text, text, text) is 'event github: code-host organization, template repository and branch (default main).';
grant execute on function app.set_event_github(text, text, text) to podium_app;

-- event vote --on|--off
create function app.set_vote_section(p_on boolean) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
begin
  perform app_private.require_event_scope('hackathon:write');
  ctx := app_private.require_event_role(array['organizer']);
  update app.events e set vote_section = p_on, updated_at = app.now() where e.id = ctx.event_id;
  return jsonb_build_object('voteSection', case when p_on then 'on' else 'off' end);
end;
$$;
comment on function app.set_vote_section(boolean) is 'event vote --on|--off: while off, community and deck-generation commands are refused vote_off.';
grant execute on function app.set_vote_section(boolean) to podium_app;

-- The roster ---------------------------------------------------------------------------------

-- Roster rows as sent, numbered from 0, trimmed; role defaults to participant.
create function app_private.roster_rows(p jsonb) returns table (n int, email text, name text, role text, team text)
  language sql immutable
  set search_path = ''
as $$
  select (o - 1)::int, trim(x ->> 'email'), nullif(trim(x ->> 'name'), ''), coalesce(x ->> 'role', 'participant'),
         nullif(trim(x ->> 'team'), '')
  from jsonb_array_elements(p) with ordinality as r(x, o)
$$;

-- Refuses the first bad row, naming participants.<n>.<field>.
create function app_private.check_roster(p jsonb) returns void
  language plpgsql immutable
  set search_path = ''
as $$
declare
  x jsonb;
  n int := -1;
  k text;
  dup int;
begin
  if jsonb_typeof(p) is distinct from 'array' then
    perform app_private.fail('invalid_input', 'participants must be a list of roster entries', '{"field":"participants"}');
  end if;
  for x in select value from jsonb_array_elements(p) loop
    n := n + 1;
    if jsonb_typeof(x) <> 'object' then
      perform app_private.fail('invalid_input', format('participants.%s must be an object', n), jsonb_build_object('field', format('participants.%s', n)));
    end if;
    for k in select jsonb_object_keys(x) loop
      if k not in ('email', 'name', 'role', 'team') then
        perform app_private.fail('invalid_input', format('participants.%s.%s is not a known field', n, k), jsonb_build_object('field', format('participants.%s.%s', n, k)));
      end if;
      if jsonb_typeof(x -> k) not in ('string', 'null') then
        perform app_private.fail('invalid_input', format('participants.%s.%s must be a string', n, k), jsonb_build_object('field', format('participants.%s.%s', n, k)));
      end if;
    end loop;
    if not app_private.is_email(trim(x ->> 'email')) then
      perform app_private.fail('invalid_input', format('participants.%s.email must be an email address', n), jsonb_build_object('field', format('participants.%s.email', n)));
    end if;
    if length(trim(x ->> 'name')) > 200 or x ->> 'name' ~ '[[:cntrl:]]' then
      perform app_private.fail('invalid_input', format('participants.%s.name must be at most 200 characters on one line', n), jsonb_build_object('field', format('participants.%s.name', n)));
    end if;
    if coalesce(x ->> 'role', 'participant') not in ('participant', 'organizer', 'jury', 'advisor') then
      perform app_private.fail('invalid_input', format('participants.%s.role must be participant, organizer, jury or advisor', n), jsonb_build_object('field', format('participants.%s.role', n)));
    end if;
    if coalesce(x ->> 'role', 'participant') = 'participant' and nullif(trim(x ->> 'team'), '') is null then
      perform app_private.fail('invalid_input', format('participants.%s.team is required for a participant', n), jsonb_build_object('field', format('participants.%s.team', n)));
    end if;
    if coalesce(x ->> 'role', 'participant') <> 'participant' and nullif(trim(x ->> 'team'), '') is not null then
      perform app_private.fail('invalid_input', format('participants.%s.team: an %s names no team', n, x ->> 'role'), jsonb_build_object('field', format('participants.%s.team', n)));
    end if;
    if length(trim(x ->> 'team')) > 100 or x ->> 'team' ~ '[[:cntrl:]]' then
      perform app_private.fail('invalid_input', format('participants.%s.team must be 1 to 100 characters on one line', n), jsonb_build_object('field', format('participants.%s.team', n)));
    end if;
  end loop;
  select min(r.n) into dup from (
    select r.n, row_number() over (partition by lower(r.email) order by r.n) as k from app_private.roster_rows(p) r) r
  where r.k > 1;
  if dup is not null then
    perform app_private.fail('invalid_input', format('participants.%s.email appears earlier in the roster', dup), jsonb_build_object('field', format('participants.%s.email', dup)));
  end if;
end;
$$;

-- event roster import: the body is the whole roster. Absent rows are removed; each team
-- named is a project of the workspace (created, or brought back into the event); teams no
-- row names are dissolved (project archived, out of the event).
create function app.import_roster(p_participants jsonb) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  e app.events;
  now_ timestamptz := app_private.ms(app.now());
  bad_team text;
  created jsonb;
  removed jsonb;
  dissolved jsonb;
begin
  perform app_private.require_event_scope('hackathon:write');
  ctx := app_private.require_event_role(array['organizer']);
  select * into e from app.events x where x.id = ctx.event_id for update;
  if e.roster_locked_at is not null then
    perform app_private.fail('roster_locked', format('The roster is locked since %s; unlock it first (event roster unlock)', app_private.iso(e.roster_locked_at)));
  end if;
  perform app_private.check_roster(p_participants);

  select r.team into bad_team from app_private.roster_rows(p_participants) r
    join app.projects p on p.workspace_id = ctx.workspace_id and lower(p.name) = lower(r.team) and p.archived_at is not null
    order by r.n limit 1;
  if bad_team is not null then
    perform app_private.fail('team_archived', format('The project of team %s is archived; unarchive it (projects unarchive) or rename the team', bad_team),
      jsonb_build_object('team', bad_team));
  end if;

  with named as (
    select distinct on (lower(r.team)) r.team from app_private.roster_rows(p_participants) r
    where r.team is not null order by lower(r.team), r.n
  ), made as (
    insert into app.projects (workspace_id, name, created_by, created_at, updated_at)
    select ctx.workspace_id, named.team, ctx.user_id, now_, now_ from named
    where not exists (select 1 from app.projects p where p.workspace_id = ctx.workspace_id and lower(p.name) = lower(named.team))
    returning name
  )
  select coalesce(jsonb_agg(made.name order by lower(made.name)), '[]') into created from made;

  insert into app.event_teams (project_id, event_id, joined_at, updated_at)
  select distinct p.id, e.id, now_, now_ from app_private.roster_rows(p_participants) r
    join app.projects p on p.workspace_id = ctx.workspace_id and lower(p.name) = lower(r.team)
  on conflict (project_id) do update set left_at = null, event_id = excluded.event_id
    where app.event_teams.left_at is not null or app.event_teams.event_id <> excluded.event_id;

  with gone as (
    delete from app.roster_entries x where x.event_id = e.id
      and lower(x.email) not in (select lower(r.email) from app_private.roster_rows(p_participants) r)
    returning x.email, x.team_id
  )
  select coalesce(jsonb_agg(jsonb_build_object('email', gone.email, 'team', p.name) order by lower(gone.email)), '[]')
    into removed from gone left join app.projects p on p.id = gone.team_id;

  insert into app.roster_entries (event_id, email, name, role, team_id, created_at)
  select e.id, r.email, r.name, r.role, p.id, now_ from app_private.roster_rows(p_participants) r
    left join app.projects p on p.workspace_id = ctx.workspace_id and lower(p.name) = lower(r.team)
  on conflict (event_id, lower(email)) do update set email = excluded.email, name = excluded.name, role = excluded.role, team_id = excluded.team_id
    where (app.roster_entries.email, app.roster_entries.name, app.roster_entries.role, app.roster_entries.team_id)
      is distinct from (excluded.email, excluded.name, excluded.role, excluded.team_id);

  with left_ as (
    update app.event_teams t set left_at = now_, updated_at = now_
    where t.event_id = e.id and t.left_at is null
      and not exists (select 1 from app.roster_entries r where r.event_id = e.id and r.team_id = t.project_id)
    returning t.project_id
  ), archived as (
    update app.projects p set archived_at = coalesce(p.archived_at, now_), updated_at = now_
    from left_ where p.id = left_.project_id
    returning p.name
  )
  select coalesce(jsonb_agg(archived.name order by lower(archived.name)), '[]') into dissolved from archived;

  return jsonb_build_object('imported', jsonb_array_length(p_participants), 'removed', removed, 'created', created, 'dissolved', dissolved);
end;
$$;
comment on function app.import_roster(jsonb) is 'event roster import: replaces the whole roster; answers imported, removed rows, created and dissolved teams.';
grant execute on function app.import_roster(jsonb) to podium_app;

-- event roster show: organizers only; keyset pages newest first (give limit + 1).
create function app.roster_page(p_limit int, p_before_at timestamptz default null, p_before_id uuid default null) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
begin
  perform app_private.require_event_scope('hackathon:read');
  ctx := app_private.require_event_role(array['organizer']);
  return jsonb_build_object(
    'rosterLockedAt', (select app_private.iso(e.roster_locked_at) from app.events e where e.id = ctx.event_id),
    'rows', coalesce((
      select jsonb_agg(jsonb_build_object('id', x.id, 'email', x.email, 'name', x.name, 'role', x.role, 'team', x.team,
               'signedIn', x.signed_in, 'addedAt', app_private.iso(x.created_at)) order by x.created_at desc, x.id desc)
      from (
        select r.id, r.email, r.name, r.role, p.name as team, r.created_at,
               exists (select 1 from app.users u join app_private.sign_ins s on s.user_id = u.id where lower(u.email) = lower(r.email)) as signed_in
        from app.roster_entries r left join app.projects p on p.id = r.team_id
        where r.event_id = ctx.event_id
          and (p_before_at is null or (r.created_at, r.id) < (p_before_at, p_before_id))
        order by r.created_at desc, r.id desc
        limit p_limit
      ) x), '[]'));
end;
$$;
comment on function app.roster_page(int, timestamptz, uuid) is 'event roster show: roster rows with signed-in state, newest first, for organizers.';
grant execute on function app.roster_page(int, timestamptz, uuid) to podium_app;

create function app.lock_roster() returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  locked timestamptz;
begin
  perform app_private.require_event_scope('hackathon:write');
  ctx := app_private.require_event_role(array['organizer']);
  update app.events e set roster_locked_at = coalesce(e.roster_locked_at, app.now()) where e.id = ctx.event_id
    returning e.roster_locked_at into locked;
  return jsonb_build_object('rosterLockedAt', app_private.iso(locked));
end;
$$;
comment on function app.lock_roster() is 'event roster lock: idempotent; a locked roster refuses import.';
grant execute on function app.lock_roster() to podium_app;

create function app.unlock_roster() returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  e app.events;
begin
  perform app_private.require_event_scope('hackathon:write');
  ctx := app_private.require_event_role(array['organizer']);
  select * into e from app.events x where x.id = ctx.event_id for update;
  if e.roster_locked_at is not null and e.voting_opened_at is not null then
    perform app_private.fail('voting_open', 'Voting has opened: the roster stays locked');
  end if;
  update app.events x set roster_locked_at = null where x.id = e.id;
  return jsonb_build_object('rosterLockedAt', null);
end;
$$;
comment on function app.unlock_roster() is 'event roster unlock: idempotent; refused voting_open once voting opened.';
grant execute on function app.unlock_roster() to podium_app;

-- The agenda ---------------------------------------------------------------------------------

create function app_private.agenda_json(p_event uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('title', a.title, 'kind', a.kind, 'startsAt', app_private.iso(a.starts_at),
    'endsAt', app_private.iso(a.ends_at)) order by a.starts_at, a.position), '[]')
  from app.agenda_items a where a.event_id = p_event
$$;

create function app.agenda() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
begin
  perform app_private.require_event_scope('hackathon:read');
  ctx := app_private.event_ctx();
  return app_private.agenda_json(ctx.event_id);
end;
$$;
comment on function app.agenda() is 'event agenda show: the programme sorted by start, for every attendee including jury.';
grant execute on function app.agenda() to podium_app;

-- event agenda set: replaces the programme; a refused item is named items.<n>.<field>.
create function app.set_agenda(p_items jsonb) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  x jsonb;
  n int := -1;
  k text;
  f text;
  starts timestamptz;
  ends timestamptz;
begin
  perform app_private.require_event_scope('hackathon:write');
  ctx := app_private.require_event_role(array['organizer']);
  if jsonb_typeof(p_items) is distinct from 'array' then
    perform app_private.fail('invalid_input', 'items must be a list', '{"field":"items"}');
  end if;
  if jsonb_array_length(p_items) > 30 then
    perform app_private.fail('invalid_input', format('The agenda holds at most 30 items, got %s', jsonb_array_length(p_items)), '{"field":"items"}');
  end if;
  for x in select value from jsonb_array_elements(p_items) loop
    n := n + 1;
    f := format('items.%s', n);
    if jsonb_typeof(x) <> 'object' then
      perform app_private.fail('invalid_input', f || ' must be an object', jsonb_build_object('field', f));
    end if;
    for k in select jsonb_object_keys(x) loop
      if k not in ('title', 'kind', 'startsAt', 'endsAt') then
        perform app_private.fail('invalid_input', format('%s.%s is not a known field', f, k), jsonb_build_object('field', f || '.' || k));
      end if;
    end loop;
    if jsonb_typeof(x -> 'title') is distinct from 'string' or length(x ->> 'title') not between 1 and 80 or x ->> 'title' ~ '[[:cntrl:]]' then
      perform app_private.fail('invalid_input', f || '.title must be one line of 1 to 80 characters', jsonb_build_object('field', f || '.title'));
    end if;
    if jsonb_typeof(x -> 'kind') is distinct from 'string' or x ->> 'kind' not in ('break', 'meal', 'talk', 'presentations', 'announcement', 'other') then
      perform app_private.fail('invalid_input', f || '.kind must be break, meal, talk, presentations, announcement or other', jsonb_build_object('field', f || '.kind'));
    end if;
    starts := case when jsonb_typeof(x -> 'startsAt') = 'string' then app_private.parse_instant(x ->> 'startsAt') end;
    if starts is null then
      perform app_private.fail('invalid_input', f || '.startsAt must be an ISO 8601 instant with a zone', jsonb_build_object('field', f || '.startsAt'));
    end if;
    if x -> 'endsAt' is not null and jsonb_typeof(x -> 'endsAt') <> 'null' then
      ends := case when jsonb_typeof(x -> 'endsAt') = 'string' then app_private.parse_instant(x ->> 'endsAt') end;
      if ends is null or ends <= starts then
        perform app_private.fail('invalid_input', f || '.endsAt must be an ISO 8601 instant with a zone after startsAt', jsonb_build_object('field', f || '.endsAt'));
      end if;
    end if;
  end loop;
  delete from app.agenda_items a where a.event_id = ctx.event_id;
  insert into app.agenda_items (event_id, position, title, kind, starts_at, ends_at)
  select ctx.event_id, i.o::int, i.item ->> 'title', i.item ->> 'kind', app_private.parse_instant(i.item ->> 'startsAt'),
         app_private.parse_instant(i.item ->> 'endsAt')
  from jsonb_array_elements(p_items) with ordinality as i(item, o);
  return app_private.agenda_json(ctx.event_id);
end;
$$;
comment on function app.set_agenda(jsonb) is 'event agenda set: replaces the programme (at most 30 items; an empty list clears it).';
grant execute on function app.set_agenda(jsonb) to podium_app;
