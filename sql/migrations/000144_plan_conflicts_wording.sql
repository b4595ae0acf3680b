-- `The plan has 1 conflicts` (issue 27, page words): the plan_conflicts sentence counts in
-- words, one place for both raisers (start_provision and provision_work, latest in 000045).
create function app_private.plan_conflicts_sentence(p_n int) returns text
  language sql immutable
  set search_path = ''
as $$
  select format('The plan has %s %s; fix %s, then run again', p_n,
    case when p_n = 1 then 'conflict' else 'conflicts' end, case when p_n = 1 then 'it' else 'them' end)
$$;
comment on function app_private.plan_conflicts_sentence(int) is 'The plan_conflicts sentence for n conflicts (singular for one).';
revoke execute on function app_private.plan_conflicts_sentence(int) from public;

create or replace function app_private.start_provision(p_key text, p_sample uuid, p_live_problems jsonb)
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
    perform app_private.fail('plan_conflicts', app_private.plan_conflicts_sentence(jsonb_array_length(conflicts)),
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
    perform app_private.fail('plan_conflicts', app_private.plan_conflicts_sentence(jsonb_array_length(plan -> 'conflicts')),
      jsonb_build_object('conflicts', plan -> 'conflicts'));
  end if;
  -- The sample team goes first and is read back before the rest (provision_team_done halts on it).
  select coalesce(jsonb_agg(t.value order by (t.value #>> '{project,id}') is not distinct from sample::text desc, t.n), '[]')
    into ordered from jsonb_array_elements(plan -> 'teams') with ordinality t(value, n);
  return plan || jsonb_build_object('teams', ordered, 'sampleProjectId', sample);
end;
$function$;
