-- Worker: appends one line to the private log of a job.

CREATE OR REPLACE FUNCTION app_private.generation_job_log(p_job uuid, p_line text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  -- The newest 64 KiB are kept.
  update app_private.generation_jobs x
     set log = right(x.log || app_private.iso(app.now()) || ' ' || replace(left(p_line, 2000), E'\n', ' ') || E'\n', 65536)
   where x.id = p_job
$function$;

comment on function app_private.generation_job_log(p_job uuid, p_line text) is 'Worker: appends one line to the private log of a job.';
revoke all on function app_private.generation_job_log(p_job uuid, p_line text) from public;
