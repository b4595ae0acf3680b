-- Provisioning rules decided in SQL only (issue 13, item 8). The worker and the API route
-- decided three of them in TypeScript:
-- - plan_conflicts: the route added the code host's live problems to the plan and raised
--   plan_conflicts itself, then app.start_provision checked the SQL conflicts again. The route
--   now hands the live problems (values only the server can read) to
--   app_private.start_provision, which raises plan_conflicts once over both; app.start_provision
--   (GraphQL) is that function with no live problems. The job's plan (provision_work) refuses
--   a plan with conflicts the same way instead of the worker checking.
-- - the sample team: provision_work answers the teams in order, the run's sample first, and
--   provision_team_done answers halt when the sample team needs attention (the rest waits);
--   the dry run's sample team (the first by name) comes from app.provision_plan.
-- - readiness: provision_team_done turns the standings read back from the code host into
--   ready (every member accepted) or invited, or attention with the failure, and records it.

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
    'teams', teams, 'coaches', coaches, 'conflicts', conflicts,
    'sample', teams -> 0 -> 'project'); -- the dry run's sample team: the first by name
end;
$function$;
;

create function app_private.start_provision(p_key text, p_sample uuid, p_live_problems jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  plan jsonb;
  conflicts jsonb;
  run app_private.provision_runs;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  plan := app.provision_plan();
  conflicts := (plan -> 'conflicts') || coalesce(p_live_problems, '[]');
  if jsonb_array_length(conflicts) > 0 then
    perform app_private.fail('plan_conflicts', format('The plan has %s conflicts; fix them, then run again', jsonb_array_length(conflicts)),
      jsonb_build_object('conflicts', conflicts));
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
;
comment on function app_private.start_provision(text, uuid, jsonb) is
  'Starts or resumes provisioning run p_key (organizer, hackathon:write): plan_conflicts listing the plan''s conflicts and p_live_problems (the code host read live by the API); else enqueues the job. Called by POST /api/v1/admin/provision.';
grant execute on function app_private.start_provision(text, uuid, jsonb) to podium_app;

create or replace function app.start_provision(p_key text, p_sample uuid) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
begin
  return app_private.start_provision(p_key, p_sample, '[]');
end;
$$;

create or replace function app_private.provision_work(p_event uuid, p_key text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  e app.events;
  ws_owner uuid;
  plan jsonb;
  sample uuid;
  ordered jsonb;
begin
  select * into e from app.events x where x.id = p_event;
  select r.sample_project_id into sample from app_private.provision_runs r where r.event_id = p_event and r.key = p_key;
  -- The plan is the organizer's view; the job reads it as the workspace owner would.
  select m.user_id into ws_owner from app.memberships m where m.workspace_id = e.workspace_id and m.role = 'owner' limit 1;
  perform set_config('app.user_id', ws_owner::text, true), set_config('app.workspace_id', e.workspace_id::text, true),
    set_config('app.workspace_role', 'owner', true), set_config('app.scopes', 'hackathon:read', true);
  plan := app.provision_plan();
  if jsonb_array_length(plan -> 'conflicts') > 0 then
    perform app_private.fail('plan_conflicts', format('The plan has %s conflicts; fix them, then run again', jsonb_array_length(plan -> 'conflicts')),
      jsonb_build_object('conflicts', plan -> 'conflicts'));
  end if;
  -- The sample team goes first and is read back before the rest (provision_team_done halts on it).
  select coalesce(jsonb_agg(t.value order by (t.value #>> '{project,id}') is not distinct from sample::text desc, t.n), '[]')
    into ordered from jsonb_array_elements(plan -> 'teams') with ordinality t(value, n);
  return plan || jsonb_build_object('teams', ordered, 'sampleProjectId', sample);
end;
$function$;
;

create function app_private.provision_team_done(p_event uuid, p_key text, p_project uuid, p_repository text,
    p_standings text[], p_template_sha text, p_attention text) returns jsonb
  language plpgsql volatile
  set search_path = ''
as $$
declare
  readiness text;
  halt boolean;
begin
  readiness := case
    when p_attention is not null then 'attention'
    when coalesce((select bool_and(s = 'member') from unnest(p_standings) s), true) then 'ready'
    else 'invited'
  end;
  perform app_private.set_repository_readiness(p_project, p_repository, readiness, p_template_sha, p_attention);
  select coalesce(r.sample_project_id = p_project, false) and readiness = 'attention' into halt
    from app_private.provision_runs r where r.event_id = p_event and r.key = p_key;
  return jsonb_build_object('readiness', readiness, 'halt', coalesce(halt, false));
end;
$$;
comment on function app_private.provision_team_done(uuid, text, uuid, text, text[], text, text) is
  'Records one team''s provisioning outcome: attention (p_attention, the failure), else ready when every member''s standing read back is member, else invited. Answers { readiness, halt }: halt when the run''s sample team needs attention (the rest waits).';
