-- Community vote, part 1: eligibility. Who may be voted for (candidates: the event teams with
-- a vote link) and who votes (voters: the participants on a team), each included or excluded
-- with a reason. `community eligibility lock` freezes both lists into a numbered version
-- (app.vote_eligibility and its rows); `unlock` ends that version until voting opens.
--
-- Confirmation is kept on the team (event_teams.vote_confirmed_at), across versions: a lock
-- confirms the teams its file names (or, with --confirm-all, every included candidate) and a
-- version records which candidates were confirmed when it was locked.
-- `submissions exception --invalidate-voting` clears the team's confirmation, so the next lock
-- must confirm it again. A candidate is ready when its submission is frozen, its vote link
-- resolves to a live deck of this instance, and it is confirmed (app_private.vote_readiness).
--
-- Every community function starts with app_private.community_ctx: scope, roster role
-- (organizer, participant, advisor: jury viewers read the gallery, programme and
-- presentations only), then the vote section (vote_off).

alter table app.events add column voting_closed_at timestamptz;
comment on column app.events.voting_closed_at is 'When an organizer closed voting (community voting close) before the configured close.';
alter table app.event_teams add column vote_confirmed_at timestamptz;
comment on column app.event_teams.vote_confirmed_at is
  'When an organizer confirmed this team as a vote candidate (eligibility lock); cleared by submissions exception --invalidate-voting.';

create table app.vote_eligibility (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references app.events (id) on delete cascade,
  version integer not null check (version >= 1),
  locked_at timestamptz not null,
  locked_by uuid references app.users (id) on delete set null,
  unlocked_at timestamptz,
  unique (event_id, version)
);
-- At most one version is locked (current) per event.
create unique index vote_eligibility_current_key on app.vote_eligibility (event_id) where unlocked_at is null;
create index vote_eligibility_locked_by_idx on app.vote_eligibility (locked_by);
comment on table app.vote_eligibility is E'@behavior -insert -update -delete\nCommunity vote eligibility versions: each lock makes a new one; the one without unlocked_at is current.';

create table app.vote_candidates (
  eligibility_id uuid not null references app.vote_eligibility (id) on delete cascade,
  event_id uuid not null references app.events (id) on delete cascade,
  project_id uuid not null references app.projects (id) on delete cascade,
  name text not null,
  included boolean not null,
  reason text check (length(reason) between 1 and 500 and reason !~ '[[:cntrl:]]'),
  member_count integer not null check (member_count >= 0),
  confirmed boolean not null,
  primary key (eligibility_id, project_id),
  check (included = (reason is null))
);
create index vote_candidates_event_idx on app.vote_candidates (event_id);
create index vote_candidates_project_idx on app.vote_candidates (project_id);
comment on table app.vote_candidates is E'@behavior -insert -update -delete\nThe candidates of an eligibility version (teams with a vote link when it was locked): included or excluded with the reason, member count, confirmed.';

create table app.vote_voters (
  id uuid primary key default gen_random_uuid(),
  eligibility_id uuid not null references app.vote_eligibility (id) on delete cascade,
  event_id uuid not null references app.events (id) on delete cascade,
  email text not null check (app_private.is_email(email)),
  name text,
  team_id uuid not null references app.projects (id) on delete cascade,
  included boolean not null,
  reason text check (length(reason) between 1 and 500 and reason !~ '[[:cntrl:]]'),
  check (included = (reason is null))
);
create unique index vote_voters_email_key on app.vote_voters (eligibility_id, lower(email));
create index vote_voters_event_idx on app.vote_voters (event_id);
create index vote_voters_team_idx on app.vote_voters (team_id);
comment on table app.vote_voters is E'@behavior -insert -update -delete\nThe voters of an eligibility version (participants on a team when it was locked): included or excluded with the reason.';

alter table app.vote_eligibility enable row level security;
alter table app.vote_candidates enable row level security;
alter table app.vote_voters enable row level security;
grant select on app.vote_eligibility, app.vote_candidates, app.vote_voters to podium_app;

-- Versions: every organizer, participant and advisor of the event (not jury viewers).
create policy vote_eligibility_select on app.vote_eligibility for select to podium_app using (
  (select app.has_scope('hackathon:read'))
  and event_id = (select (app_private.event_ctx_or_null()).event_id)
  and (select (app_private.event_ctx_or_null()).role) in ('organizer', 'participant', 'advisor')
);
-- Candidates: organizers every row (exclusion reasons too); others the included ones.
create policy vote_candidates_select on app.vote_candidates for select to podium_app using (
  (select app.has_scope('hackathon:read'))
  and event_id = (select (app_private.event_ctx_or_null()).event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer'
       or (included and (select (app_private.event_ctx_or_null()).role) in ('participant', 'advisor')))
);
-- Voters: organizers every row; anyone else their own.
create policy vote_voters_select on app.vote_voters for select to podium_app using (
  (select app.has_scope('hackathon:read'))
  and event_id = (select (app_private.event_ctx_or_null()).event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer'
       or lower(email) = (select lower(u.email) from app.users u where u.id = (select app.current_user_id())))
);

-- Helpers --------------------------------------------------------------------------------------

-- The preamble of every community function: scope, roster role, then the vote section.
create function app_private.community_ctx(p_scope text, p_organizer_only boolean) returns app_private.event_ctx
  language plpgsql stable set search_path = '' as $$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.role_ctx(p_scope, case when p_organizer_only then array['organizer'] else array['organizer', 'participant', 'advisor'] end);
  perform app_private.require_vote_on(ctx.event_id);
  return ctx;
end;
$$;
comment on function app_private.community_ctx(text, boolean) is
  'The caller''s event context for a community command: scope, roster role (organizers only, or organizers, participants and advisors), then vote_off while the vote section is off.';
grant execute on function app_private.community_ctx(text, boolean) to podium_app;

-- The current (locked) eligibility version of an event, or null.
create function app_private.current_eligibility(p_event uuid) returns app.vote_eligibility
  language sql stable set search_path = '' as $$
  select * from app.vote_eligibility v where v.event_id = p_event and v.unlocked_at is null
$$;

-- The vote state, from the event and the clock (docs/VOTING.md): `unlocked` (no eligibility
-- lock), `locked` (locked, voting not opened), `scheduled` (voting opened by an organizer and
-- the configured vote opening still ahead), `open` (from the vote opening to the close),
-- `closed` (closed by an organizer, or the configured close reached: the first of the two).
create function app_private.vote_closes_at(e app.events) returns timestamptz
  language sql stable set search_path = '' as $$ select least(e.voting_closed_at, e.vote_closes_at) $$;

create function app_private.vote_state(e app.events) returns text
  language sql stable set search_path = '' as $$
  select case
    when e.voting_opened_at is null then
      case when exists (select 1 from app.vote_eligibility v where v.event_id = e.id and v.unlocked_at is null) then 'locked' else 'unlocked' end
    when app.now() >= app_private.vote_closes_at(e) then 'closed'
    when app.now() < e.vote_opens_at then 'scheduled'
    else 'open'
  end
$$;

-- The teams that are vote candidates now (a team with a vote link; a cleared link is no
-- candidate), with what a lock records of them.
create function app_private.live_vote_candidates(p_event uuid)
  returns table (project_id uuid, name text, member_count integer, confirmed boolean)
  language sql stable set search_path = '' as $$
  select t.project_id, p.name,
    (select count(*)::int from app.roster_entries r where r.event_id = t.event_id and r.role = 'participant' and r.team_id = t.project_id),
    t.vote_confirmed_at is not null
  from app.event_teams t join app.projects p on p.id = t.project_id
  where t.event_id = p_event and t.left_at is null and t.vote_link is not null
$$;

-- The people who are voters now: every participant on a team.
create function app_private.live_voters(p_event uuid)
  returns table (email text, name text, team_id uuid)
  language sql stable set search_path = '' as $$
  select r.email, r.name, r.team_id from app.roster_entries r
  where r.event_id = p_event and r.role = 'participant' and r.team_id is not null
$$;

-- Whether a vote link opens a live deck of this instance: a share link that is not revoked
-- or expired, of a deck not deleted that has a version (what /v/<token>/ would serve).
create function app_private.vote_link_live(p_link text) returns boolean
  language sql stable security definer set search_path = '' as $$
  select p_link is not null and app_private.resolve_share_link(
    pg_catalog.sha256(convert_to(substring(p_link from '/v/([A-Za-z0-9_-]+)/$'), 'UTF8'))) is not null
$$;

-- The readiness answer of a candidate: 'ready', or every reason it is not, comma-separated.
create function app_private.vote_readiness(p_project uuid, p_confirmed boolean) returns text
  language plpgsql stable security definer set search_path = '' as $$
declare
  reasons text[] := '{}';
  sub text;
  link text;
begin
  select s.state into sub from app.submissions s where s.project_id = p_project;
  if sub is distinct from 'frozen' then
    reasons := reasons || format('no frozen submission (%s)', coalesce(sub, 'waiting'));
  end if;
  select t.vote_link into link from app.event_teams t where t.project_id = p_project;
  if link is null then
    reasons := reasons || 'no vote link'::text;
  elsif not app_private.vote_link_live(link) then
    reasons := reasons || 'vote link does not open a live deck of this instance'::text;
  end if;
  if not p_confirmed then
    reasons := reasons || 'not confirmed'::text;
  end if;
  return case when cardinality(reasons) = 0 then 'ready' else array_to_string(reasons, ', ') end;
end;
$$;

-- The eligibility as `eligibility show` prints it: the current version, or (nothing locked)
-- the draft a lock without a file would make. Readiness is always read live.
create function app_private.vote_eligibility_json(p_event uuid) returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  e app.events;
  v app.vote_eligibility;
  cands jsonb;
  voters jsonb;
begin
  select * into e from app.events x where x.id = p_event;
  v := app_private.current_eligibility(p_event);
  if v.id is null then
    select coalesce(jsonb_agg(jsonb_build_object('projectId', c.project_id, 'name', c.name, 'included', true, 'reason', null,
        'memberCount', c.member_count, 'confirmed', c.confirmed, 'ready', r.readiness = 'ready', 'readiness', r.readiness)
        order by lower(c.name), c.project_id), '[]')
      into cands
      from app_private.live_vote_candidates(p_event) c, lateral (select app_private.vote_readiness(c.project_id, c.confirmed) as readiness) r;
    select coalesce(jsonb_agg(jsonb_build_object('email', x.email, 'name', x.name, 'team', app_private.team_ref_json(x.team_id),
        'included', true, 'reason', null) order by lower(x.email)), '[]')
      into voters from app_private.live_voters(p_event) x;
  else
    select coalesce(jsonb_agg(jsonb_build_object('projectId', c.project_id, 'name', c.name, 'included', c.included, 'reason', c.reason,
        'memberCount', c.member_count, 'confirmed', c.confirmed, 'ready', r.readiness = 'ready', 'readiness', r.readiness)
        order by lower(c.name), c.project_id), '[]')
      into cands
      from app.vote_candidates c, lateral (select app_private.vote_readiness(c.project_id, c.confirmed) as readiness) r
      where c.eligibility_id = v.id;
    select coalesce(jsonb_agg(jsonb_build_object('email', x.email, 'name', x.name, 'team', app_private.team_ref_json(x.team_id),
        'included', x.included, 'reason', x.reason) order by lower(x.email)), '[]')
      into voters from app.vote_voters x where x.eligibility_id = v.id;
  end if;
  return jsonb_build_object(
    'voteState', app_private.vote_state(e),
    'locked', v.id is not null,
    'version', v.version,
    'lockedAt', app_private.iso(v.locked_at),
    'rosterLocked', e.roster_locked_at is not null,
    'rosterLockedAt', app_private.iso(e.roster_locked_at),
    'candidates', cands,
    'voters', voters,
    'counts', jsonb_build_object(
      'candidates', (select count(*) from jsonb_array_elements(cands) c where (c ->> 'included')::boolean),
      'candidatesExcluded', (select count(*) from jsonb_array_elements(cands) c where not (c ->> 'included')::boolean),
      'voters', (select count(*) from jsonb_array_elements(voters) x where (x ->> 'included')::boolean),
      'votersExcluded', (select count(*) from jsonb_array_elements(voters) x where not (x ->> 'included')::boolean)));
end;
$$;

-- Transitions ----------------------------------------------------------------------------------

create function app.community_eligibility() returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:read', true);
begin
  return app_private.vote_eligibility_json(ctx.event_id);
end;
$$;
comment on function app.community_eligibility() is
  'community eligibility show: candidates (included or excluded, member count, confirmed, readiness), voters, the locked version or the draft, roster lock.';
grant execute on function app.community_eligibility() to podium_app;

-- A reason of the eligibility file: 1 to 500 characters, one line.
create function app_private.eligibility_reason(p jsonb, p_field text) returns text
  language plpgsql immutable set search_path = '' as $$
begin
  if jsonb_typeof(p) is distinct from 'string' or length(trim(p #>> '{}')) not between 1 and 500 or (p #>> '{}') ~ '[[:cntrl:]]' then
    perform app_private.fail('invalid_input', format('%s must be a reason of 1 to 500 characters on one line', p_field), jsonb_build_object('field', p_field));
  end if;
  return trim(p #>> '{}');
end;
$$;

-- community eligibility lock: a new version from the file
-- { excludedProjects?: [{ projectId, reason }], excludedVoters?: [{ email, reason }], confirmedProjects?: [projectId] }.
create function app.lock_vote_eligibility(p_file jsonb) returns jsonb
  language plpgsql volatile security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:write', true);
  f jsonb := coalesce(p_file, '{}');
  cur app.vote_eligibility;
  v app.vote_eligibility;
  k text;
  item jsonb;
  i int;
  pid uuid;
  mail text;
  excluded_projects jsonb := '{}'; -- project id -> reason
  excluded_voters jsonb := '{}';   -- lower(email) -> reason
  confirmed uuid[] := '{}';
begin
  perform 1 from app.events e where e.id = ctx.event_id for update;
  cur := app_private.current_eligibility(ctx.event_id);
  if cur.id is not null then
    perform app_private.fail('eligibility_locked', format('Eligibility is already locked (version %s since %s); unlock it first', cur.version, app_private.iso(cur.locked_at)),
      jsonb_build_object('version', cur.version, 'lockedAt', app_private.iso(cur.locked_at)));
  end if;
  -- The file's shape (the client and the route check it too).
  if jsonb_typeof(f) <> 'object' then
    perform app_private.fail('invalid_input', 'The eligibility file is a JSON object', '{"field":"file"}');
  end if;
  for k in select jsonb_object_keys(f) loop
    if k not in ('excludedProjects', 'excludedVoters', 'confirmedProjects') then
      perform app_private.fail('invalid_input', format('%s is not a field of the eligibility file', k), jsonb_build_object('field', k));
    end if;
    if jsonb_typeof(f -> k) <> 'array' then
      perform app_private.fail('invalid_input', format('%s must be an array', k), jsonb_build_object('field', k));
    end if;
  end loop;

  i := 0;
  for item in select x.value from jsonb_array_elements(coalesce(f -> 'excludedProjects', '[]')) x loop
    if jsonb_typeof(item) <> 'object' or exists (select 1 from jsonb_object_keys(item) kk where kk not in ('projectId', 'reason'))
       or jsonb_typeof(item -> 'projectId') is distinct from 'string' then
      perform app_private.fail('invalid_input', format('excludedProjects.%s must be { projectId, reason }', i), jsonb_build_object('field', format('excludedProjects.%s', i)));
    end if;
    pid := app_private.vote_project_id(item ->> 'projectId', format('excludedProjects.%s.projectId', i), ctx.event_id);
    if excluded_projects ? pid::text then
      perform app_private.fail('invalid_eligibility', format('excludedProjects.%s: project %s is named twice', i, pid), jsonb_build_object('field', format('excludedProjects.%s.projectId', i), 'projectId', pid));
    end if;
    excluded_projects := excluded_projects || jsonb_build_object(pid::text, app_private.eligibility_reason(item -> 'reason', format('excludedProjects.%s.reason', i)));
    i := i + 1;
  end loop;

  i := 0;
  for item in select x.value from jsonb_array_elements(coalesce(f -> 'excludedVoters', '[]')) x loop
    if jsonb_typeof(item) <> 'object' or exists (select 1 from jsonb_object_keys(item) kk where kk not in ('email', 'reason'))
       or jsonb_typeof(item -> 'email') is distinct from 'string' then
      perform app_private.fail('invalid_input', format('excludedVoters.%s must be { email, reason }', i), jsonb_build_object('field', format('excludedVoters.%s', i)));
    end if;
    mail := lower(trim(item ->> 'email'));
    if not exists (select 1 from app_private.live_voters(ctx.event_id) x where lower(x.email) = mail) then
      perform app_private.fail('invalid_eligibility', format('excludedVoters.%s: %s is not a participant on a team of this event', i, left(item ->> 'email', 320)),
        jsonb_build_object('field', format('excludedVoters.%s.email', i), 'email', left(item ->> 'email', 320)));
    end if;
    if excluded_voters ? mail then
      perform app_private.fail('invalid_eligibility', format('excludedVoters.%s: %s is named twice', i, mail), jsonb_build_object('field', format('excludedVoters.%s.email', i), 'email', mail));
    end if;
    excluded_voters := excluded_voters || jsonb_build_object(mail, app_private.eligibility_reason(item -> 'reason', format('excludedVoters.%s.reason', i)));
    i := i + 1;
  end loop;

  i := 0;
  for item in select x.value from jsonb_array_elements(coalesce(f -> 'confirmedProjects', '[]')) x loop
    if jsonb_typeof(item) <> 'string' then
      perform app_private.fail('invalid_input', format('confirmedProjects.%s must be a project id', i), jsonb_build_object('field', format('confirmedProjects.%s', i)));
    end if;
    confirmed := confirmed || app_private.vote_project_id(item #>> '{}', format('confirmedProjects.%s', i), ctx.event_id);
    i := i + 1;
  end loop;

  update app.event_teams t set vote_confirmed_at = app.now()
    where t.project_id = any (confirmed) and t.vote_confirmed_at is null;

  insert into app.vote_eligibility (event_id, version, locked_at, locked_by)
  values (ctx.event_id, coalesce((select max(x.version) from app.vote_eligibility x where x.event_id = ctx.event_id), 0) + 1, app.now(), ctx.user_id)
  returning * into v;
  insert into app.vote_candidates (eligibility_id, event_id, project_id, name, included, reason, member_count, confirmed)
  select v.id, ctx.event_id, c.project_id, c.name, not excluded_projects ? c.project_id::text, excluded_projects ->> c.project_id::text, c.member_count, c.confirmed
  from app_private.live_vote_candidates(ctx.event_id) c;
  insert into app.vote_voters (eligibility_id, event_id, email, name, team_id, included, reason)
  select v.id, ctx.event_id, x.email, x.name, x.team_id, not excluded_voters ? lower(x.email), excluded_voters ->> lower(x.email)
  from app_private.live_voters(ctx.event_id) x;
  return app_private.vote_eligibility_json(ctx.event_id);
end;
$$;
comment on function app.lock_vote_eligibility(jsonb) is
  'community eligibility lock: a new eligibility version from the file { excludedProjects?, excludedVoters?, confirmedProjects? } (eligibility_locked, invalid_eligibility).';
grant execute on function app.lock_vote_eligibility(jsonb) to podium_app;

-- A project id of the eligibility file: a candidate of this event (a team with a vote link).
create function app_private.vote_project_id(p text, p_field text, p_event uuid) returns uuid
  language plpgsql stable security definer set search_path = '' as $$
declare
  pid uuid;
begin
  if p !~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' then
    perform app_private.fail('invalid_eligibility', format('%s: %s is not a project id', p_field, left(p, 64)), jsonb_build_object('field', p_field, 'projectId', left(p, 64)));
  end if;
  pid := p::uuid;
  if not exists (select 1 from app_private.live_vote_candidates(p_event) c where c.project_id = pid) then
    perform app_private.fail('invalid_eligibility', format('%s: project %s is not a vote candidate of this event (a team with a vote link)', p_field, pid),
      jsonb_build_object('field', p_field, 'projectId', pid));
  end if;
  return pid;
end;
$$;

create function app.unlock_vote_eligibility() returns jsonb
  language plpgsql volatile security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:write', true);
  e app.events;
  v app.vote_eligibility;
begin
  select * into e from app.events x where x.id = ctx.event_id for update;
  if e.voting_opened_at is not null then
    perform app_private.fail('voting_open', format('Voting was opened at %s: eligibility stays locked', app_private.iso(e.voting_opened_at)),
      jsonb_build_object('votingOpenedAt', app_private.iso(e.voting_opened_at)));
  end if;
  update app.vote_eligibility x set unlocked_at = app.now() where x.event_id = ctx.event_id and x.unlocked_at is null returning * into v;
  return jsonb_build_object('unlocked', true, 'version', v.version, 'unlockedAt', app_private.iso(v.unlocked_at));
end;
$$;
comment on function app.unlock_vote_eligibility() is
  'community eligibility unlock: ends the current version (idempotent); voting_open once voting was opened.';
grant execute on function app.unlock_vote_eligibility() to podium_app;

-- Submissions exceptions: refused while eligibility is locked (unlock first); --invalidate-voting
-- clears the team's confirmation.
create or replace function app.submission_exception_check(p_project uuid) returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx;
  e app.events;
  v app.vote_eligibility;
begin
  perform app_private.require_event_scope('hackathon:write');
  ctx := app_private.require_event_role(array['organizer']);
  select * into e from app.events x where x.id = ctx.event_id;
  if not exists (select 1 from app.event_teams t where t.project_id = p_project and t.event_id = e.id) then
    perform app_private.fail('project_not_found', 'No such team in this event', jsonb_build_object('projectId', p_project));
  end if;
  if app.now() < e.freeze_at then
    perform app_private.fail('event_not_closed', format('Exceptions are recorded after the freeze (%s)', app_private.iso(e.freeze_at)));
  end if;
  if e.voting_opened_at is not null then
    perform app_private.fail('judging_started',
      format('Voting opened at %s: exceptions are recorded before voting opens', app_private.iso(e.voting_opened_at)),
      jsonb_build_object('cause', 'voting_opened', 'votingOpenedAt', app_private.iso(e.voting_opened_at)));
  end if;
  v := app_private.current_eligibility(e.id);
  if v.id is not null then
    perform app_private.fail('judging_started',
      format('Eligibility is locked (version %s since %s): unlock it first with community eligibility unlock', v.version, app_private.iso(v.locked_at)),
      jsonb_build_object('cause', 'eligibility_locked', 'eligibilityVersion', v.version, 'lockedAt', app_private.iso(v.locked_at)));
  end if;
  if app.now() >= e.vote_opens_at then
    perform app_private.fail('judging_started',
      format('The scheduled vote opening (%s) has passed: exceptions are recorded before voting opens', app_private.iso(e.vote_opens_at)),
      jsonb_build_object('cause', 'vote_opens_at_passed', 'voteOpensAt', app_private.iso(e.vote_opens_at)));
  end if;
  return jsonb_build_object('repository', (select r.full_name from app.team_repositories r where r.project_id = p_project));
end;
$$;

create or replace function app_private.record_submission_exception(p_project uuid, p_reason text, p_sha text, p_archive_sha256 text, p_size bigint,
    p_invalidate_decks boolean, p_invalidate_voting boolean) returns jsonb
  language plpgsql volatile security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx;
  prev text;
  x app.submission_exceptions;
begin
  perform app.submission_exception_check(p_project);
  ctx := app_private.event_ctx();
  if p_reason is null or length(trim(p_reason)) = 0 then
    perform app_private.fail('reason_required', 'An exception needs --reason', '{"field":"reason"}');
  end if;
  if (p_sha is null) <> (p_archive_sha256 is null) then
    perform app_private.fail('capture_failed', 'The revision was not captured; nothing was recorded');
  end if;
  select s.sha into prev from app.submissions s where s.project_id = p_project for update;
  insert into app.submission_exceptions (event_id, project_id, at, by_user_id, reason, sha, missing, previous_sha, invalidate_decks, invalidate_voting)
  values (ctx.event_id, p_project, app.now(), ctx.user_id, trim(p_reason), p_sha, p_sha is null, prev, coalesce(p_invalidate_decks, false), coalesce(p_invalidate_voting, false))
  returning * into x;
  insert into app.submissions (project_id, event_id, state, sha, source, archive_sha256, archive_size, frozen_at)
  values (p_project, ctx.event_id, case when p_sha is null then 'missing' else 'frozen' end, p_sha, 'exception', p_archive_sha256, p_size,
    case when p_sha is null then null else app.now() end)
  on conflict (project_id) do update set state = excluded.state, sha = excluded.sha, source = 'exception', receipt_seq = null,
    archive_sha256 = excluded.archive_sha256, archive_size = excluded.archive_size, frozen_at = excluded.frozen_at, attention = null, updated_at = now();
  -- --invalidate-voting: the team must be confirmed again by the next eligibility lock.
  if coalesce(p_invalidate_voting, false) then
    update app.event_teams t set vote_confirmed_at = null where t.project_id = p_project;
  end if;
  return jsonb_build_object('id', x.id, 'at', app_private.iso(x.at), 'reason', x.reason, 'sha', x.sha, 'missing', x.missing,
    'previousSha', x.previous_sha, 'invalidateDecks', x.invalidate_decks, 'invalidateVoting', x.invalidate_voting,
    'team', app_private.submission_team_json(p_project));
end;
$$;
