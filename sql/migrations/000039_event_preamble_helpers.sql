-- The event preamble in one call: the functions that began with
--   perform app_private.require_event_scope('<scope>');
--   ctx := app_private.require_event_role(array[...]);
-- now begin with ctx := app_private.organizer_ctx('<scope>') (organizers only) or
-- ctx := app_private.role_ctx('<scope>', array[...]) (000038). Same checks in the same order
-- (scope, then roster role), same codes; bodies otherwise unchanged (copied from the
-- current definitions in sql/schema.sql). Comments and grants survive create or replace.

create or replace function app.import_roster(p_participants jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  e app.events;
  now_ timestamptz := app_private.ms(app.now());
  bad_team text;
  created jsonb;
  removed jsonb;
  dissolved jsonb;
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
$function$;

create or replace function app.lock_roster()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  locked timestamptz;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  update app.events e set roster_locked_at = coalesce(e.roster_locked_at, app.now()) where e.id = ctx.event_id
    returning e.roster_locked_at into locked;
  return jsonb_build_object('rosterLockedAt', app_private.iso(locked));
end;
$function$;

create or replace function app.provision_plan()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  e app.events;
  teams jsonb;
  coaches jsonb;
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
      'members', (select coalesce(jsonb_agg(jsonb_build_object('email', m.email, 'login', m.github_login, 'permission', 'maintain') order by lower(m.email)), '[]')
                    from app.roster_entries m where m.event_id = e.id and m.team_id = p.id)) order by lower(p.name)), '[]')
    into teams
    from app.event_teams t join app.projects p on p.id = t.project_id left join app.team_repositories r on r.project_id = p.id
    where t.event_id = e.id and t.left_at is null;
  select coalesce(jsonb_agg(jsonb_build_object('email', c.email, 'login', c.github_login, 'permission', 'read') order by lower(c.email)), '[]')
    into coaches from app.roster_entries c where c.event_id = e.id and c.role = 'advisor';
  -- Conflicts: people without a code-host username, a username named twice, two teams on one repository name.
  conflicts := conflicts || coalesce((select jsonb_agg(format('%s (%s) has no code-host username', x.email, coalesce(x.team, 'coach')) order by x.email)
    from (select m.email, p.name as team from app.roster_entries m left join app.projects p on p.id = m.team_id
          where m.event_id = e.id and m.role in ('participant', 'advisor') and m.github_login is null) x), '[]');
  conflicts := conflicts || coalesce((select jsonb_agg(format('The username %s is named by %s people', x.login, x.n) order by x.login)
    from (select lower(m.github_login) as login, count(*) as n from app.roster_entries m
          where m.event_id = e.id and m.github_login is not null group by 1 having count(*) > 1) x), '[]');
  conflicts := conflicts || coalesce((select jsonb_agg(format('Teams %s share the repository name %s', x.teams, x.repo) order by x.repo)
    from (select lower(t ->> 'repository') as repo, string_agg(t #>> '{project,name}', ', ' order by t #>> '{project,name}') as teams
          from jsonb_array_elements(teams) t group by 1 having count(*) > 1) x), '[]');
  return jsonb_build_object('organization', e.github_organization, 'template', e.github_template, 'branch', e.github_branch,
    'teams', teams, 'coaches', coaches, 'conflicts', conflicts);
end;
$function$;

create or replace function app.provision_run(p_key text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  run app_private.provision_runs;
begin
  ctx := app_private.organizer_ctx('hackathon:read');
  select * into run from app_private.provision_runs r where r.event_id = ctx.event_id and r.key = p_key;
  if run.key is null then
    return null;
  end if;
  return jsonb_build_object('key', run.key, 'state', run.state, 'summary', run.summary, 'startedAt', app_private.iso(run.started_at),
    'finishedAt', app_private.iso(run.finished_at),
    'teams', (select coalesce(jsonb_agg(jsonb_build_object('project', jsonb_build_object('id', p.id, 'name', p.name), 'repository', r.full_name,
        'readiness', r.readiness, 'attention', r.attention) order by lower(p.name)), '[]')
      from app.team_repositories r join app.projects p on p.id = r.project_id where r.event_id = ctx.event_id));
end;
$function$;

create or replace function app.reconcile_submissions()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  return app_private.freeze_sweep(ctx.event_id);
end;
$function$;

create or replace function app.roster_page(p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.organizer_ctx('hackathon:read');
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
$function$;

create or replace function app.set_agenda(p_items jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  x jsonb;
  n int := -1;
  k text;
  f text;
  starts timestamptz;
  ends timestamptz;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
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
$function$;

create or replace function app.set_vote_section(p_on boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  update app.events e set vote_section = p_on, updated_at = app.now() where e.id = ctx.event_id;
  return jsonb_build_object('voteSection', case when p_on then 'on' else 'off' end);
end;
$function$;

create or replace function app.start_provision(p_key text, p_sample uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  plan jsonb;
  run app_private.provision_runs;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  plan := app.provision_plan();
  if jsonb_array_length(plan -> 'conflicts') > 0 then
    perform app_private.fail('plan_conflicts', format('The plan has %s conflicts; fix them, then run again', jsonb_array_length(plan -> 'conflicts')),
      jsonb_build_object('conflicts', plan -> 'conflicts'));
  end if;
  if p_sample is not null and not exists (select 1 from app.event_teams t where t.project_id = p_sample and t.event_id = ctx.event_id and t.left_at is null) then
    perform app_private.fail('project_not_found', 'The sample team is not a team of this event', jsonb_build_object('projectId', p_sample));
  end if;
  insert into app_private.provision_runs (event_id, key, sample_project_id) values (ctx.event_id, p_key, p_sample)
  on conflict (event_id, key) do update set state = 'running', finished_at = null,
    sample_project_id = coalesce(excluded.sample_project_id, app_private.provision_runs.sample_project_id)
  returning * into run;
  perform graphile_worker.add_job('codehost__provision', json_build_object('eventId', ctx.event_id, 'key', p_key),
    job_key => 'provision:' || ctx.event_id || ':' || p_key, max_attempts => 5);
  return jsonb_build_object('key', run.key, 'state', run.state, 'sampleProjectId', run.sample_project_id, 'startedAt', app_private.iso(run.started_at),
    'teams', jsonb_array_length(plan -> 'teams'));
end;
$function$;

create or replace function app.submission_exception_check(p_project uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  e app.events;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
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
  if app.now() >= e.vote_opens_at then
    perform app_private.fail('judging_started',
      format('The scheduled vote opening (%s) has passed: exceptions are recorded before voting opens', app_private.iso(e.vote_opens_at)),
      jsonb_build_object('cause', 'vote_opens_at_passed', 'voteOpensAt', app_private.iso(e.vote_opens_at)));
  end if;
  return jsonb_build_object('repository', (select r.full_name from app.team_repositories r where r.project_id = p_project));
end;
$function$;

create or replace function app.submission_failures()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.organizer_ctx('hackathon:read');
  return jsonb_build_object(
    'signatureFailures', coalesce((select jsonb_build_object('count', f.count, 'first', app_private.iso(f.first_at),
        'last', app_private.iso(f.last_at), 'reason', f.reason) from app_private.webhook_failures f where f.event_id = ctx.event_id),
      jsonb_build_object('count', 0, 'first', null, 'last', null, 'reason', null)),
    'attention', coalesce((select jsonb_agg(jsonb_build_object('project', jsonb_build_object('id', p.id, 'name', p.name),
        'state', s.state, 'why', s.attention) order by lower(p.name))
      from app.submissions s join app.projects p on p.id = s.project_id where s.event_id = ctx.event_id and s.state = 'error'), '[]'),
    'refused', coalesce((select jsonb_agg(app_private.receipt_json(r) || jsonb_build_object('repository', r.repository) order by r.seq desc)
      from (select * from app.submission_receipts x where x.event_id = ctx.event_id and x.verdict = 'refused' order by x.seq desc limit 100) r), '[]'),
    'late', coalesce((select jsonb_agg(app_private.receipt_json(r) || jsonb_build_object('repository', r.repository) order by r.seq desc)
      from (select * from app.submission_receipts x where x.event_id = ctx.event_id and x.late and x.verdict = 'accepted' order by x.seq desc limit 100) r), '[]'));
end;
$function$;

create or replace function app.submission_show(p_project uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.role_ctx('hackathon:read', array['organizer', 'participant']);
  if not exists (select 1 from app.event_teams t where t.project_id = p_project and t.event_id = ctx.event_id)
     or (ctx.role = 'participant' and p_project is distinct from ctx.team_id) then
    perform app_private.fail('project_not_found', 'No such team in this event, or not yours to read', jsonb_build_object('projectId', p_project));
  end if;
  return app_private.submission_team_json(p_project) || jsonb_build_object(
    'freezeAt', (select app_private.iso(e.freeze_at) from app.events e where e.id = ctx.event_id),
    'receipts', coalesce((select jsonb_agg(app_private.receipt_json(x) order by x.seq desc)
      from (select * from app.submission_receipts r where r.project_id = p_project order by r.seq desc limit 50) x), '[]'),
    'exceptions', coalesce((select jsonb_agg(jsonb_build_object('at', app_private.iso(x.at), 'reason', x.reason, 'sha', x.sha,
        'missing', x.missing, 'previousSha', x.previous_sha, 'invalidateDecks', x.invalidate_decks, 'invalidateVoting', x.invalidate_voting)
        order by x.at desc) from app.submission_exceptions x where x.project_id = p_project), '[]'));
end;
$function$;

create or replace function app.submissions_list()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    'intake', case when app.now() < e.freeze_at then 'Intake is open until the freeze at ' || app_private.iso(e.freeze_at) || '.'
                   when unsettled = 0 then 'Submissions are frozen.'
                   else 'Deadline passed, capture requires attention.' end,
    'serverTime', app_private.iso(app.now()), 'freezeAt', app_private.iso(e.freeze_at),
    'attentionCount', attention, 'items', teams);
end;
$function$;

create or replace function app.unlock_roster()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  e app.events;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  select * into e from app.events x where x.id = ctx.event_id for update;
  if e.roster_locked_at is not null and e.voting_opened_at is not null then
    perform app_private.fail('voting_open', 'Voting has opened: the roster stays locked');
  end if;
  update app.events x set roster_locked_at = null where x.id = e.id;
  return jsonb_build_object('rosterLockedAt', null);
end;
$function$;

create or replace function app_private.set_event_github(p_organization text, p_template text, p_branch text, p_code_host text, p_installations jsonb, p_template_on_disk boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  branch text := coalesce(nullif(trim(p_branch), ''), 'main');
  owners text[];
  o text;
  installation text;
  template_standing text;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
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
$function$;
