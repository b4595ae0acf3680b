-- decks run <runId> [--log] (also admin generation-status --run): the run and each of its jobs,
-- with the private logs when asked (organizer; vote section on). run_not_found for a run of another
-- event or none.

CREATE OR REPLACE FUNCTION app.deck_generation_run(p_run uuid, p_log boolean DEFAULT false)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  r app_private.generation_runs;
begin
  ctx := app_private.organizer_ctx('hackathon:read');
  perform app_private.require_vote_on(ctx.event_id);
  select * into r from app_private.generation_runs x where x.id = p_run and x.event_id = ctx.event_id;
  if r.id is null then
    perform app_private.fail('run_not_found', 'No such generation run in this event; decks runs lists them', jsonb_build_object('runId', p_run));
  end if;
  return jsonb_build_object('run', app_private.generation_run_json(r),
    'jobs', coalesce((select jsonb_agg(app_private.generation_job_json(j, coalesce(p_log, false)) order by lower(p.name), p.id, j.kind = 'community')
                        from app_private.generation_jobs j join app.projects p on p.id = j.project_id where j.run_id = r.id), '[]'));
end;
$function$;

comment on function app.deck_generation_run(p_run uuid, p_log boolean) is E'@shape app.deck_generation_run_detail\ndecks run: the run head and each job (team, kind, status, attempts, last error or deck version), with the private logs when asked (organizer; vote section on). run_not_found otherwise.';
revoke all on function app.deck_generation_run(p_run uuid, p_log boolean) from public;
grant execute on function app.deck_generation_run(p_run uuid, p_log boolean) to podium_app;
