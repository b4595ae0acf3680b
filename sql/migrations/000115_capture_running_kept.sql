-- A capture already running is left alone when the freeze sweep asks for it again.
--
-- Found by the simulated event (ops/simulate, issue 21): the sweep runs every minute, at
-- every worker boot and on `submissions reconcile`, and each time it asked for the capture of
-- every team still `capturing`. graphile-worker's add_job in its default mode, meeting a job
-- with that key *locked* (running), strips the running job of its key, sets its attempts to
-- the maximum and inserts a second job: the same capture then runs twice, and when the worker
-- running the first one is SIGKILLed, that first job is never retried nor removed: after
-- app_private.recover_dead_workers unlocks it, it sits in graphile_worker.jobs for good
-- (attempts = max_attempts, no last_error), a stuck job nobody can explain.
--
-- A running capture of the same project and sha does this very work, so there is nothing
-- to add: if it fails, graphile-worker retries it; if its worker dies, the dead-worker
-- recovery frees it and it runs again; once it failed for good (unlocked, out of attempts)
-- the next sweep or reconcile resets it through add_job as before.
create or replace function app_private.enqueue_capture(p_project uuid, p_sha text) returns void
  language plpgsql volatile
  set search_path = ''
as $$
declare
  k text := 'capture:' || p_project || ':' || p_sha;
begin
  if exists (select 1 from graphile_worker.jobs j where j.key = k and j.locked_at is not null) then
    return;
  end if;
  perform graphile_worker.add_job('submissions__capture', json_build_object('projectId', p_project, 'sha', p_sha),
    job_key => k, max_attempts => 10);
end;
$$;
comment on function app_private.enqueue_capture(uuid, text) is 'Asks for the capture of a team''s selected sha (job key capture:<project>:<sha>, 10 attempts); a capture of that key running now is left alone (not replaced), a failed or waiting one is reset.';
