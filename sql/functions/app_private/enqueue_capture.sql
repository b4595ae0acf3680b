-- A capture asked for again while a worker takes it stays one job, now without a
-- window between the check and the enqueue. enqueue_capture read "is the job of this key
-- running?" and then called add_job; a worker could lock the job in between (its get_job
-- commits at once), and add_job then replaced the running job: graphile-worker clears a
-- locked job's key and spends its attempts (attempts = max_attempts), so that job never runs
-- again once it fails or its worker dies, and stays in the queue for good. The 300-team
-- simulated event found one such job after a worker kill during the capture phase. Now the
-- existing job's row is locked first (FOR UPDATE): a worker's get_job skips it (SKIP LOCKED)
-- until this transaction ends, and a worker that took it before is waited for and seen.

CREATE OR REPLACE FUNCTION app_private.enqueue_capture(p_project uuid, p_sha text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  k text := 'capture:' || p_project || ':' || p_sha;
  running boolean;
begin
  select j.locked_at is not null into running from graphile_worker._private_jobs j where j.key = k for update;
  if running then
    return;
  end if;
  perform graphile_worker.add_job('submissions__capture', json_build_object('projectId', p_project, 'sha', p_sha),
    job_key => k, max_attempts => 10);
end;
$function$;

comment on function app_private.enqueue_capture(p_project uuid, p_sha text) is 'Asks for the capture of a team''s selected sha (job key capture:<project>:<sha>, 10 attempts); a capture of that key running now is left alone (not replaced), a failed or waiting one is reset.';
revoke all on function app_private.enqueue_capture(p_project uuid, p_sha text) from public;
