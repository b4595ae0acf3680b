-- Starts or resumes provisioning run p_key (organizer, hackathon:write): plan_conflicts listing
-- the plan's conflicts and p_live_problems (the code host read live by the API); else enqueues
-- the job. Called by POST /api/v1/admin/provision.

CREATE OR REPLACE FUNCTION app_private.start_provision(p_key text, p_sample uuid, p_live_problems jsonb)
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

comment on function app_private.start_provision(p_key text, p_sample uuid, p_live_problems jsonb) is 'Starts or resumes provisioning run p_key (organizer, hackathon:write): plan_conflicts listing the plan''s conflicts and p_live_problems (the code host read live by the API); else enqueues the job. Called by POST /api/v1/admin/provision.';
revoke all on function app_private.start_provision(p_key text, p_sample uuid, p_live_problems jsonb) from public;
grant execute on function app_private.start_provision(p_key text, p_sample uuid, p_live_problems jsonb) to podium_app;
