-- Asks for the capture of a team's selected sha (job key capture:<project>:<sha>). The existing
-- job's row is locked first (FOR UPDATE): a worker's get_job skips it until commit, and a capture
-- running now is left alone rather than replaced; graphile-worker would otherwise clear a locked
-- job's key and spend its attempts, leaving a job that never runs again.

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
