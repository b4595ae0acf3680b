-- The state of a provisioning run and each team's readiness.

CREATE OR REPLACE FUNCTION app.provision_run(p_key text)
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

comment on function app.provision_run(p_key text) is E'@shape app.provisioning_run\nThe state of a provisioning run and each team''s readiness.';
revoke all on function app.provision_run(p_key text) from public;
grant execute on function app.provision_run(p_key text) to public;
grant execute on function app.provision_run(p_key text) to podium_app;
