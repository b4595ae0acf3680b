-- One identity of an address everywhere (issue 31, item 3). 000130 made
-- app_private.normalize_email (trim, ASCII A-Z lower-cased) the identity of an address and
-- moved the account lookups to it, but 13 stored functions still compared, keyed, grouped or
-- sorted addresses with lower(), and three unique indexes used it: lower() maps the Kelvin
-- sign to `k` and `İ` to `i`, so two mailboxes could be one roster row, one voter or one
-- collaborator while sign-in kept them apart. Every such site now uses normalize_email, and
-- test/sql/identity-helpers.test.ts forbids lower() on an address in a stored body.
--
-- app.users keeps users_email_key (unique on lower(email)) on purpose: it is not an identity
-- but the look-alike refusal of 000130 (a second account whose address differs from an
-- existing one only by a Unicode case mapping is refused with a sentence saying so); the
-- identity index of accounts is users_email_normalized_key.

-- Frozen or not, said once (issue 31, item 3): six bodies compared app.now() with freeze_at
-- inline. freeze_at is NOT NULL (generated from build_ends_at), so this is never NULL.
create function app_private.is_frozen(e app.events) returns boolean
  language sql stable
  set search_path = ''
as $$ select app.now() >= e.freeze_at $$;
comment on function app_private.is_frozen(app.events) is
  'Whether the event''s submissions are frozen (its freeze time has passed): the one place that compares the clock with freeze_at.';
revoke all on function app_private.is_frozen(app.events) from public;
-- app.events_phase runs as the caller (a computed column of app.events).
grant execute on function app_private.is_frozen(app.events) to podium_app;

-- "Signed in yet" said once: the roster page and the team roster asked it inline.
create function app_private.has_signed_in(p_email text) returns boolean
  language sql stable
  set search_path = ''
as $$
  select exists (select 1 from app.users u join app_private.sign_ins s on s.user_id = u.id
                  where app_private.normalize_email(u.email) = app_private.normalize_email(p_email))
$$;
comment on function app_private.has_signed_in(text) is
  'Whether the person with this address has signed in at least once (roster pages show it).';
revoke all on function app_private.has_signed_in(text) from public;

-- The indexes first (the functions' `on conflict` clauses name the new expressions). A finer
-- identity makes no new duplicates except rows differing only in surrounding blanks, which
-- no writer stores (every insert trims).
drop index app.roster_entries_email_key;
create unique index roster_entries_email_key on app.roster_entries (event_id, app_private.normalize_email(email));
drop index app.vote_voters_email_key;
create unique index vote_voters_email_key on app.vote_voters (eligibility_id, app_private.normalize_email(email));
drop index app.deck_collaborators_email_key;
create unique index deck_collaborators_email_key on app.deck_collaborators (deck_id, app_private.normalize_email(email));
drop index app.deck_collaborators_email_idx;
create index deck_collaborators_email_idx on app.deck_collaborators (app_private.normalize_email(email)) where user_id is null;

create or replace function app.import_roster(p_participants jsonb, p_invite boolean DEFAULT true) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  ctx app_private.event_ctx;
  e app.events;
  now_ timestamptz := app_private.ms(app.now());
  bad_team text;
  created jsonb;
  removed jsonb;
  dissolved jsonb;
  invited jsonb := '[]';
  who record;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
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
      and app_private.normalize_email(x.email) not in (select app_private.normalize_email(r.email) from app_private.roster_rows(p_participants) r)
    returning x.email, x.team_id
  )
  select coalesce(jsonb_agg(jsonb_build_object('email', gone.email, 'team', p.name) order by app_private.normalize_email(gone.email)), '[]')
    into removed from gone left join app.projects p on p.id = gone.team_id;

  insert into app.roster_entries (event_id, email, name, role, team_id, created_at)
  select e.id, r.email, r.name, r.role, p.id, now_ from app_private.roster_rows(p_participants) r
    left join app.projects p on p.workspace_id = ctx.workspace_id and lower(p.name) = lower(r.team)
  on conflict (event_id, app_private.normalize_email(email)) do update set email = excluded.email, name = excluded.name, role = excluded.role, team_id = excluded.team_id
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

  update app_private.invitations i set revoked_at = app.now()
   where i.workspace_id = ctx.workspace_id and i.kind = 'workspace' and i.source = 'roster'
     and i.accepted_at is null and i.revoked_at is null
     and app_private.normalize_email(i.email) in (select app_private.normalize_email(x ->> 'email') from jsonb_array_elements(removed) x);

  if p_invite then
    for who in
      select distinct on (app_private.normalize_email(x.email)) x.email from app_private.roster_rows(p_participants) x
      where not exists (select 1 from app.memberships m join app.users u on u.id = m.user_id
                        where m.workspace_id = ctx.workspace_id and app_private.normalize_email(u.email) = app_private.normalize_email(x.email))
      order by app_private.normalize_email(x.email), x.n
    loop
      if (app_private.invite(ctx.workspace_id, who.email, 'member', 'roster', ctx.user_id, false) ->> 'mailed')::boolean then
        invited := invited || to_jsonb(who.email);
      end if;
    end loop;
  end if;

  return jsonb_build_object('imported', jsonb_array_length(p_participants), 'removed', removed, 'created', created, 'dissolved', dissolved,
    'invited', invited);
end;
$$;

create or replace function app.invite_collaborator(p_deck uuid, p_email text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  d app.decks;
  c app.deck_collaborators;
  i app_private.invitations;
begin
  perform app_private.require_scope('presentations:write');
  d := app_private.deck_for(p_deck, array['owner', 'admin']);
  insert into app.deck_collaborators (deck_id, email, invited_by, created_at)
  values (d.id, app_private.normalize_email(p_email), app.current_user_id(), app.now())
  on conflict (deck_id, app_private.normalize_email(email)) do update set email = excluded.email
  returning * into c;
  if c.user_id is null and not exists (select 1 from app.users u where app_private.normalize_email(u.email) = app_private.normalize_email(c.email)) then
    select * into i from app_private.invitations x where x.collaborator_id = c.id and x.accepted_at is null and x.revoked_at is null for update;
    if i.id is null then
      insert into app_private.invitations (kind, workspace_id, collaborator_id, email, source, invited_by, created_at)
      values ('collaborator', d.workspace_id, c.id, c.email, 'collaborator', app.current_user_id(), app_private.ms(app.now())) returning * into i;
    else
      update app_private.invitations x set invited_by = app.current_user_id(), token_hash = null, sent_at = null, expires_at = null
       where x.id = i.id;
    end if;
    perform graphile_worker.add_job('mail__send', json_build_object('template', 'invitation', 'invitationId', i.id),
      job_key => 'invitation:' || i.id, max_attempts => 10);
  end if;
  return app_private.collaborator_json(c);
end;
$$;

create or replace function app.lock_vote_eligibility(p_file jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
  excluded_voters jsonb := '{}';   -- normalize_email(email) -> reason
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
    mail := app_private.normalize_email(item ->> 'email');
    if not exists (select 1 from app_private.live_voters(ctx.event_id) x where app_private.normalize_email(x.email) = mail) then
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
  select v.id, ctx.event_id, x.email, x.name, x.team_id, not excluded_voters ? app_private.normalize_email(x.email), excluded_voters ->> app_private.normalize_email(x.email)
  from app_private.live_voters(ctx.event_id) x;
  return app_private.vote_eligibility_json(ctx.event_id);
end;
$$;

create or replace function app.member_two_factor() RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(jsonb_build_object('userId', u.id, 'email', u.email, 'name', u.name,
           'twoFactorEnabled', u.two_factor_enabled) order by app_private.normalize_email(u.email)), '[]')
  from app.users u
  where u.id = app.current_user_id()
     or (app.current_workspace_role() = 'owner'
         and exists (select 1 from app.memberships me
                  where me.workspace_id = app.current_workspace_id() and me.user_id = app.current_user_id() and me.role = 'owner')
         and app_private.is_member_of(app.current_workspace_id()) is true
         and exists (select 1 from app.memberships m where m.workspace_id = app.current_workspace_id() and m.user_id = u.id))
$$;

create or replace function app.provision_plan() RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  ctx app_private.event_ctx;
  e app.events;
  teams jsonb;
  coaches jsonb;
  notes jsonb;
  conflicts jsonb := '[]';
begin
  ctx := app_private.organizer_ctx('hackathon:read');
  select * into e from app.events x where x.id = ctx.event_id;
  if e.github_organization is null then
    conflicts := conflicts || jsonb_build_array('No organization and template yet: run event github first');
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
      'project', jsonb_build_object('id', p.id, 'name', p.name),
      'repository', coalesce(r.full_name, e.github_organization || '/' || app_private.repository_slug(p.name)),
      'readiness', coalesce(r.readiness, 'planned'),
      'members', (select coalesce(jsonb_agg(jsonb_build_object('email', m.email, 'login', m.github_login, 'permission', 'maintain') order by app_private.normalize_email(m.email)), '[]')
                    from app.roster_entries m where m.event_id = e.id and m.team_id = p.id)) order by lower(p.name)), '[]')
    into teams
    from app.event_teams t join app.projects p on p.id = t.project_id left join app.team_repositories r on r.project_id = p.id
    where t.event_id = e.id and t.left_at is null;
  -- Coaches: advisors who told their username, invited at read.
  select coalesce(jsonb_agg(jsonb_build_object('email', c.email, 'login', c.github_login, 'permission', 'read') order by app_private.normalize_email(c.email)), '[]')
    into coaches from app.roster_entries c where c.event_id = e.id and c.role = 'advisor' and c.github_login is not null;
  -- Notes: advisors without one are not invited (they can tell it, then provisioning runs again).
  select coalesce(jsonb_agg(format('%s (advisor) has no code-host username: not invited to the repositories', c.email) order by app_private.normalize_email(c.email)), '[]')
    into notes from app.roster_entries c where c.event_id = e.id and c.role = 'advisor' and c.github_login is null;
  -- Conflicts: participants without a code-host username, a username named twice, two teams on one repository name.
  conflicts := conflicts || coalesce((select jsonb_agg(format('%s (%s) has no code-host username', x.email, x.team) order by x.email)
    from (select m.email, p.name as team from app.roster_entries m join app.projects p on p.id = m.team_id
          where m.event_id = e.id and m.role = 'participant' and m.github_login is null) x), '[]');
  conflicts := conflicts || coalesce((select jsonb_agg(format('The username %s is named by %s people', x.login, x.n) order by x.login)
    from (select lower(m.github_login) as login, count(*) as n from app.roster_entries m
          where m.event_id = e.id and m.github_login is not null group by 1 having count(*) > 1) x), '[]');
  conflicts := conflicts || coalesce((select jsonb_agg(format('Teams %s share the repository name %s', x.teams, x.repo) order by x.repo)
    from (select lower(t ->> 'repository') as repo, string_agg(t #>> '{project,name}', ', ' order by t #>> '{project,name}') as teams
          from jsonb_array_elements(teams) t group by 1 having count(*) > 1) x), '[]');
  return jsonb_build_object('organization', e.github_organization, 'template', e.github_template, 'branch', e.github_branch,
    'teams', teams, 'coaches', coaches, 'notes', notes, 'conflicts', conflicts,
    'sample', teams -> 0 -> 'project'); -- the dry run's sample team: the first by name
end;
$$;

create or replace function app.roster_page(p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.organizer_ctx('hackathon:read');
  return jsonb_build_object(
    'rosterLockedAt', (select app_private.iso(e.roster_locked_at) from app.events e where e.id = ctx.event_id),
    'revocations', app_private.pending_access_revocations(ctx.event_id),
    'rows', coalesce((
      select jsonb_agg(jsonb_build_object('id', x.id, 'email', x.email, 'name', x.name, 'role', x.role, 'team', x.team,
               'signedIn', x.signed_in, 'invitation', x.invitation, 'repository', x.repository, 'addedAt', app_private.iso(x.created_at))
               order by x.created_at desc, x.id desc)
      from (
        select r.id, r.email, r.name, r.role, p.name as team, r.created_at,
               app_private.has_signed_in(r.email) as signed_in,
               (select jsonb_build_object('state', app_private.invitation_state(i), 'sentAt', app_private.iso(i.sent_at), 'expiresAt', app_private.iso(i.expires_at))
                  from app_private.invitations i
                 where i.workspace_id = ctx.workspace_id and i.kind = 'workspace'
                   and app_private.normalize_email(i.email) = app_private.normalize_email(r.email)
                 order by i.created_at desc, i.id desc limit 1) as invitation,
               case r.role
                 when 'advisor' then jsonb_build_object('name', null, 'permission', 'read', 'standing', null)
                 when 'participant' then jsonb_build_object('name', t.full_name, 'permission', 'maintain', 'standing',
                   case when lr.name_key is not null then coalesce((
                     select case when a.accepted_at is not null then 'member' else 'invited' end
                       from app_private.local_repository_access a join app.users u on u.id = a.user_id
                      where lower(a.full_name) = lr.name_key and app_private.normalize_email(u.email) = app_private.normalize_email(r.email)
                      order by a.accepted_at nulls last limit 1), 'none') end)
               end as repository
        from app.roster_entries r left join app.projects p on p.id = r.team_id
          left join app.team_repositories t on t.project_id = r.team_id and t.event_id = r.event_id
          left join app_private.local_repositories lr on lr.name_key = lower(t.full_name) and lr.event_id = r.event_id
        where r.event_id = ctx.event_id
          and (p_before_at is null or (r.created_at, r.id) < (p_before_at, p_before_id))
        order by r.created_at desc, r.id desc
        limit p_limit
      ) x), '[]'));
end;
$$;

create or replace function app.team_roster(p_team text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  t app.event_teams;
begin
  perform app_private.require_scope('hackathon:read');
  t := app_private.event_team_for(p_team, false);
  return jsonb_build_object(
    'team', app_private.team_ref_json(t.project_id),
    'members', coalesce((
      select jsonb_agg(jsonb_build_object('name', r.name, 'email', r.email,
               'signedIn', app_private.has_signed_in(r.email))
             order by lower(coalesce(r.name, r.email)), r.id)
      from app.roster_entries r
      where r.event_id = t.event_id and r.team_id = t.project_id and r.role = 'participant'), '[]'));
end;
$$;

create or replace function app_private.check_roster(p jsonb) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
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
    if app_private.is_email(trim(x ->> 'email')) is not true then
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
      perform app_private.fail('invalid_input', format('participants.%s.team: the %s role names no team', n, x ->> 'role'), jsonb_build_object('field', format('participants.%s.team', n)));
    end if;
    if length(trim(x ->> 'team')) > 100 or x ->> 'team' ~ '[[:cntrl:]]' then
      perform app_private.fail('invalid_input', format('participants.%s.team must be 1 to 100 characters on one line', n), jsonb_build_object('field', format('participants.%s.team', n)));
    end if;
  end loop;
  select min(r.n) into dup from (
    select r.n, row_number() over (partition by app_private.normalize_email(r.email) order by r.n) as k from app_private.roster_rows(p) r) r
  where r.k > 1;
  if dup is not null then
    perform app_private.fail('invalid_input', format('participants.%s.email appears earlier in the roster', dup), jsonb_build_object('field', format('participants.%s.email', dup)));
  end if;
end;
$$;

create or replace function app_private.community_ballots() RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:read', true);
  v app.vote_eligibility;
  items jsonb;
begin
  v := app_private.current_eligibility(ctx.event_id);
  if v.id is null then
    perform app_private.fail('eligibility_not_locked', 'Eligibility is not locked: there are no ballots yet');
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('id', b.id, 'email', t.email, 'name', t.name, 'team', app_private.team_ref_json(t.team_id),
      'state', b.state, 'revision', b.revision, 'submittedAt', app_private.iso(b.submitted_at),
      'invalidatedAt', app_private.iso(b.invalidated_at), 'invalidationReason', b.invalidation_reason)
      order by app_private.normalize_email(t.email)), '[]')
    into items
    from app.vote_ballots b join app.vote_voters t on t.id = b.voter_id
   where b.eligibility_id = v.id;
  insert into app.vote_ballot_reads (event_id, eligibility_id, user_id, email, at, ballots)
  select ctx.event_id, v.id, ctx.user_id, u.email, app.now(), jsonb_array_length(items) from app.users u where u.id = ctx.user_id;
  return jsonb_build_object('eligibilityVersion', v.version, 'items', items, 'nextCursor', null);
end;
$$;

create or replace function app_private.eligibility_drift(v app.vote_eligibility) RETURNS text[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(d order by d), '{}') from (
    select format('voter %s is now on %s', x.email, coalesce((select p.name from app.projects p where p.id = x.team_id), '?')) as d
      from app_private.live_voters(v.event_id) x
     where not exists (select 1 from app.vote_voters y where y.eligibility_id = v.id and app_private.normalize_email(y.email) = app_private.normalize_email(x.email) and y.team_id = x.team_id)
    union all
    select format('voter %s left the roster or their team', y.email)
      from app.vote_voters y
     where y.eligibility_id = v.id
       and not exists (select 1 from app_private.live_voters(v.event_id) x where app_private.normalize_email(x.email) = app_private.normalize_email(y.email))
    union all
    select format('team %s now has a vote link', c.name)
      from app_private.live_vote_candidates(v.event_id) c
     where not exists (select 1 from app.vote_candidates y where y.eligibility_id = v.id and y.project_id = c.project_id)
    union all
    select format('team %s has no vote link any more', y.name)
      from app.vote_candidates y
     where y.eligibility_id = v.id and y.included
       and not exists (select 1 from app_private.live_vote_candidates(v.event_id) c where c.project_id = y.project_id)
  ) q
$$;

create or replace function app_private.erase_account(p_email text, p_mark bytea) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  u app.users;
  prior app_private.erased_accounts;
  tomb text;
  n_sessions integer;
  n_keys integer;
  n_passes integer;
  n_memberships integer;
  n_projects integer;
  n_teams integer;
  n_roster integer;
  n_live integer;
  ownerless jsonb;
  tool text;
begin
  select * into u from app.users x
    where app_private.normalize_email(x.email) = app_private.normalize_email(p_email) and x.erased_at is null
    for update;
  if u.id is null then
    select * into prior from app_private.erased_accounts e where e.email_mark = p_mark order by e.erased_at desc limit 1;
    if prior.user_id is not null then
      return jsonb_build_object('erased', false, 'userId', prior.user_id, 'erasedAt', app_private.iso(prior.erased_at));
    end if;
    perform app_private.fail('account_not_found', format('No account uses %s', p_email));
  end if;
  tomb := app_private.erased_email(u.id);

  -- Sign-in and everything that acts as the person.
  delete from app_private.user_secrets s where s.user_id = u.id;
  delete from app_private.login_codes c where c.user_id = u.id;
  foreach tool in array array['deck', 'hackathon', 'browser'] loop
    perform graphile_worker.remove_job('login_code:' || u.id || ':' || tool); -- a code mail not sent yet
  end loop;
  delete from app_private.sessions s where s.user_id = u.id;
  get diagnostics n_sessions = row_count;
  delete from app_private.demo_passes d where d.user_id = u.id; -- their sessions go with them
  get diagnostics n_passes = row_count;
  delete from app_private.api_keys k where k.user_id = u.id;
  get diagnostics n_keys = row_count;
  delete from app_private.sign_ins s where s.user_id = u.id;
  delete from app_private.idempotency_keys i where i.user_id = u.id;
  delete from app_private.upload_intents i where i.user_id = u.id;
  delete from app_private.local_repository_access a where a.user_id = u.id;

  -- Memberships: the person leaves every workspace (workspaces left without an owner are named).
  select coalesce(jsonb_agg(jsonb_build_object('id', w.id, 'name', w.name) order by w.name), '[]'::jsonb) into ownerless
    from app.memberships m join app.workspaces w on w.id = m.workspace_id
    where m.user_id = u.id and m.role = 'owner'
      and not exists (select 1 from app.memberships o where o.workspace_id = m.workspace_id and o.role = 'owner' and o.user_id <> u.id);
  delete from app.team_members t where t.user_id = u.id;
  get diagnostics n_teams = row_count;
  delete from app.project_members p where p.user_id = u.id;
  get diagnostics n_projects = row_count;
  delete from app.deck_collaborators d where d.user_id = u.id;
  delete from app.memberships m where m.user_id = u.id;
  get diagnostics n_memberships = row_count;

  -- Roster rows: detached (they name the address, the account's link to them).
  update app.roster_entries r set email = tomb, name = '(erased account)', github_login = null
    where app_private.normalize_email(r.email) = app_private.normalize_email(u.email);
  get diagnostics n_roster = row_count;

  -- The live log: names in payloads.
  update app_private.live_events l set payload = app_private.scrub_person(l.payload, u.id)
    where strpos(l.payload::text, u.id::text) > 0;
  get diagnostics n_live = row_count;

  update app.users x set email = tomb, name = null, two_factor_enabled = false, default_workspace_id = null, erased_at = now()
    where x.id = u.id returning * into u;
  insert into app_private.erased_accounts (user_id, email_mark, erased_at) values (u.id, p_mark, u.erased_at);

  return jsonb_build_object(
    'erased', true, 'userId', u.id, 'erasedAt', app_private.iso(u.erased_at),
    'sessions', n_sessions, 'keys', n_keys, 'demoPasses', n_passes,
    'memberships', n_memberships, 'projectMemberships', n_projects, 'teamMemberships', n_teams,
    'rosterRows', n_roster, 'liveRows', n_live, 'ownerlessWorkspaces', ownerless);
end;
$$;

create or replace function app_private.pending_access_revocations(p_event uuid) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(jsonb_build_object('email', v.email, 'login', v.login, 'repository', v.full_name,
           'requestedAt', app_private.iso(v.requested_at), 'attempts', v.attempts, 'lastError', v.last_error)
           order by v.requested_at, app_private.normalize_email(v.email), lower(v.full_name), v.id), '[]')
    from app_private.access_revocations v where v.event_id = p_event and v.done_at is null
$$;

create or replace function app_private.vote_eligibility_json(p_event uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
        'included', true, 'reason', null) order by app_private.normalize_email(x.email)), '[]')
      into voters from app_private.live_voters(p_event) x;
  else
    select coalesce(jsonb_agg(jsonb_build_object('projectId', c.project_id, 'name', c.name, 'included', c.included, 'reason', c.reason,
        'memberCount', c.member_count, 'confirmed', c.confirmed, 'ready', r.readiness = 'ready', 'readiness', r.readiness)
        order by lower(c.name), c.project_id), '[]')
      into cands
      from app.vote_candidates c, lateral (select app_private.vote_readiness(c.project_id, c.confirmed) as readiness) r
      where c.eligibility_id = v.id;
    select coalesce(jsonb_agg(jsonb_build_object('email', x.email, 'name', x.name, 'team', app_private.team_ref_json(x.team_id),
        'included', x.included, 'reason', x.reason) order by app_private.normalize_email(x.email)), '[]')
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
      'candidatesExcluded', (select count(*) from jsonb_array_elements(cands) c where (c ->> 'included')::boolean is false),
      'voters', (select count(*) from jsonb_array_elements(voters) x where (x ->> 'included')::boolean),
      'votersExcluded', (select count(*) from jsonb_array_elements(voters) x where (x ->> 'included')::boolean is false)));
end;
$$;


create or replace function app.events_phase(e app.events) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case
    when app.now() < e.starts_at then 'scheduled'
    when app.now() < e.build_ends_at then 'building'
    when app_private.is_frozen(e) is false then 'grace'
    else 'closed'
  end
$$;

create or replace function app.start_deck_generation(p_new_revision boolean DEFAULT false) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  ctx app_private.event_ctx;
  e app.events;
  busy uuid;
  cur integer;
  rev integer;
  r app_private.generation_runs;
  t record;
  k text;
  done record;
  j app_private.generation_jobs;
  skipped jsonb := '[]';
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  perform app_private.require_vote_on(ctx.event_id);
  -- One start at a time per event: the event row is the lock.
  select * into e from app.events x where x.id = ctx.event_id for update;
  if app_private.is_frozen(e) is false then
    perform app_private.fail('event_not_closed', format('Decks are generated from frozen submissions, after the freeze (%s)', app_private.iso(e.freeze_at)),
      jsonb_build_object('freezeAt', app_private.iso(e.freeze_at)));
  end if;
  select j2.run_id into busy from app_private.generation_jobs j2
   where j2.event_id = e.id and j2.status in ('pending', 'running') limit 1;
  if busy is not null then
    perform app_private.fail('run_in_progress', format('Run %s is still in progress: follow it with decks run %s', busy, busy), jsonb_build_object('runId', busy));
  end if;
  cur := app_private.current_generation_revision(e.id);
  if coalesce(p_new_revision, false) and app_private.generated_content_pinned(e.id) then
    perform app_private.fail('content_pinned', 'The vote pinned the released decks: no new generation revision starts once voting opened');
  end if;
  rev := case when coalesce(p_new_revision, false) or cur = 0 then cur + 1 else cur end;
  insert into app_private.generation_runs (event_id, revision, new_revision, created_by, created_at)
  values (e.id, rev, coalesce(p_new_revision, false), ctx.user_id, app.now()) returning * into r;

  for t in
    select p.id, p.name, s.sha, s.archive_sha256
      from app.event_teams et join app.projects p on p.id = et.project_id
      join app.submissions s on s.project_id = et.project_id
     where et.event_id = e.id and et.left_at is null and s.state = 'frozen'
     order by lower(p.name), p.id
  loop
    foreach k in array array['jury', 'community'] loop
      select g.version into done from app_private.generated_decks g
       where g.project_id = t.id and g.kind = k and g.revision = rev and g.archive_sha256 = t.archive_sha256 and g.invalidated_at is null
       order by g.version desc limit 1;
      if found then
        insert into app_private.generation_jobs (run_id, event_id, project_id, kind, revision, status, skip_reason, submission_sha, archive_sha256, created_at, finished_at)
        values (r.id, e.id, t.id, k, rev, 'skipped',
                format('%s deck v%s was already generated at revision %s from this evidence', k, done.version, rev),
                t.sha, t.archive_sha256, app.now(), app.now())
        returning * into j;
        skipped := skipped || jsonb_build_object('team', jsonb_build_object('id', t.id, 'name', t.name), 'kind', k, 'reason', j.skip_reason);
      else
        insert into app_private.generation_jobs (run_id, event_id, project_id, kind, revision, status, submission_sha, archive_sha256, created_at)
        values (r.id, e.id, t.id, k, rev, 'pending', t.sha, t.archive_sha256, app.now())
        returning * into j;
        perform graphile_worker.add_job('decks__generate', json_build_object('jobId', j.id),
          job_key => 'decks:generate:' || j.id, max_attempts => 10);
      end if;
    end loop;
  end loop;
  return jsonb_build_object('run', app_private.generation_run_json(r), 'skipped', skipped);
end;
$$;

create or replace function app.submission_exception_check(p_project uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  ctx app_private.event_ctx;
  e app.events;
  v app.vote_eligibility;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  select * into e from app.events x where x.id = ctx.event_id;
  if not exists (select 1 from app.event_teams t where t.project_id = p_project and t.event_id = e.id) then
    perform app_private.fail('project_not_found', 'No such team in this event', jsonb_build_object('projectId', p_project));
  end if;
  if app_private.is_frozen(e) is false then
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

create or replace function app.submissions_list() RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  ctx app_private.event_ctx;
  e app.events;
  teams jsonb;
  attention int;
  unsettled int;
begin
  ctx := app_private.role_ctx('hackathon:read', array['organizer', 'participant']);
  select * into e from app.events x where x.id = ctx.event_id;
  select coalesce(jsonb_agg(app_private.submission_team_json(t.project_id) order by lower(p.name)), '[]')
    into teams from app.event_teams t join app.projects p on p.id = t.project_id
    where t.event_id = e.id and t.left_at is null and (ctx.role = 'organizer' or t.project_id = ctx.team_id);
  select count(*) filter (where x ->> 'state' = 'error' or x ->> 'readiness' = 'attention'),
         count(*) filter (where x ->> 'state' not in ('frozen', 'missing'))
    into attention, unsettled from jsonb_array_elements(teams) x;
  return jsonb_build_object(
    'intake', case when app_private.is_frozen(e) is false then 'Intake is open until the freeze at ' || app_private.iso(e.freeze_at) || '.'
                   when unsettled = 0 then 'Submissions are frozen.'
                   else 'Deadline passed, capture requires attention.' end,
    'serverTime', app_private.iso(app.now()), 'freezeAt', app_private.iso(e.freeze_at),
    'attentionCount', attention, 'items', teams);
end;
$$;

create or replace function app_private.freeze_sweep(p_event uuid DEFAULT NULL::uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  e app.events;
  t record;
  rec app.submission_receipts;
  repo app.team_repositories;
  selected int := 0;
  pending app.submissions;
begin
  for e in select * from app.events x where (p_event is null or x.id = p_event) and app_private.is_frozen(x) for update loop
    update app.events x set frozen_at = coalesce(x.frozen_at, app.now()) where x.id = e.id;
    for t in select et.project_id from app.event_teams et where et.event_id = e.id and et.left_at is null
             and not exists (select 1 from app.submissions s where s.project_id = et.project_id) loop
      rec := app_private.eligible_receipt(t.project_id);
      select * into repo from app.team_repositories r where r.project_id = t.project_id;
      if rec.seq is not null then
        insert into app.submissions (project_id, event_id, state, sha, source, receipt_seq)
        values (t.project_id, e.id, 'capturing', rec.sha, 'push', rec.seq);
        perform app_private.enqueue_capture(t.project_id, rec.sha);
      elsif repo.template_sha is not null then
        insert into app.submissions (project_id, event_id, state, sha, source)
        values (t.project_id, e.id, 'capturing', repo.template_sha, 'template');
        perform app_private.enqueue_capture(t.project_id, repo.template_sha);
      else
        insert into app.submissions (project_id, event_id, state, sha, source, attention)
        values (t.project_id, e.id, 'error', null, 'template', 'The team has no repository to capture; record an exception')
        on conflict do nothing;
      end if;
      selected := selected + 1;
    end loop;
    -- Captures not finished (in flight, or failed and waiting for a retry) are enqueued again.
    for pending in select * from app.submissions x where x.event_id = e.id and x.sha is not null and x.state in ('capturing', 'error') loop
      perform app_private.enqueue_capture(pending.project_id, pending.sha);
    end loop;
  end loop;
  return (select jsonb_build_object('at', app_private.iso(app.now()), 'selected', selected,
      'frozen', count(*) filter (where x.state = 'frozen'), 'capturing', count(*) filter (where x.state = 'capturing'),
      'missing', count(*) filter (where x.state = 'missing'), 'errors', count(*) filter (where x.state = 'error'))
    from app.submissions x where p_event is null or x.event_id = p_event);
end;
$$;

create or replace function app_private.record_delivery(p_event uuid, p_delivery text, p_event_type text, p jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  e app.events;
  kind text := case p_event_type when 'push' then 'push' when 'pull_request' then 'pull_request' else 'other' end;
  project uuid;
  refusal text;
  move_from text := case when p_event_type = 'push' and p ->> 'before' ~ '^[0-9a-f]{40}$' then p ->> 'before' end;
  r app.submission_receipts;
begin
  select * into e from app.events x where x.id = p_event;
  if e.id is null then
    return null;
  end if;
  select tr.project_id into project from app.team_repositories tr
    where tr.event_id = e.id and lower(tr.full_name) = lower(p #>> '{repository,full_name}');
  refusal := app_private.delivery_verdict(e, kind, p, project);
  -- The event's own template repository: its revision, not a receipt.
  if refusal = 'unknown_repository' and e.github_template is not null
     and lower(coalesce(p #>> '{repository,full_name}', '')) = lower(e.github_template) then
    if kind = 'push' then
      insert into app_private.template_revisions as t (event_id, ref, repository, sha, pusher, delivery_id, pushed_at)
      values (e.id, coalesce(p ->> 'ref', ''), p #>> '{repository,full_name}',
        case when p ->> 'after' ~ '^[0-9a-f]{40}$' and p ->> 'after' <> repeat('0', 40) then p ->> 'after' end,
        left(p #>> '{pusher,name}', 200), p_delivery, app.now())
      on conflict (event_id, ref) do update set repository = excluded.repository, sha = excluded.sha, pusher = excluded.pusher,
        delivery_id = excluded.delivery_id, pushed_at = excluded.pushed_at;
    end if;
    return jsonb_build_object('sequence', null, 'verdict', 'template', 'refusal', null, 'late', false, 'duplicate', false,
      'template', jsonb_build_object('repository', p #>> '{repository,full_name}', 'ref', p ->> 'ref', 'sha', p ->> 'after'));
  end if;
  -- Either unique key (delivery id, or an accepted push move) makes this a duplicate.
  insert into app.submission_receipts (event_id, project_id, delivery_id, kind, received_at, repository, ref, before_sha, sha, verdict, refusal, late, summary)
  values (e.id, project, p_delivery, kind, app.now(), p #>> '{repository,full_name}',
    case when kind = 'push' then p ->> 'ref' else p #>> '{pull_request,head,ref}' end,
    move_from,
    case when kind = 'push' then p ->> 'after' else p #>> '{pull_request,head,sha}' end,
    case when refusal is null then 'accepted' else 'refused' end, refusal, app_private.is_frozen(e),
    jsonb_strip_nulls(jsonb_build_object(
      'pusher', p #>> '{pusher,name}', 'message', left(p #>> '{head_commit,message}', 500),
      'action', p ->> 'action', 'title', left(p #>> '{pull_request,title}', 300), 'number', p #> '{pull_request,number}')))
  on conflict do nothing
  returning * into r;
  if r.seq is null then
    select * into r from app.submission_receipts x where x.event_id = e.id and x.delivery_id = p_delivery;
    if r.seq is null then
      select * into r from app.submission_receipts x
        where x.event_id = e.id and x.project_id = project and x.ref = p ->> 'ref' and x.before_sha = move_from
          and x.sha = p ->> 'after' and x.verdict = 'accepted' and x.kind = 'push';
    end if;
    return jsonb_build_object('sequence', r.seq, 'verdict', r.verdict, 'refusal', r.refusal, 'late', r.late, 'duplicate', true);
  end if;
  return jsonb_build_object('sequence', r.seq, 'verdict', r.verdict, 'refusal', r.refusal, 'late', r.late, 'duplicate', false);
end;
$_$;
