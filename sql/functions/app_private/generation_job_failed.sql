-- A failed attempt: retried (back to pending) unless p_final, then failed for good.

CREATE OR REPLACE FUNCTION app_private.generation_job_failed(p_job uuid, p_error text, p_final boolean)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  update app_private.generation_jobs x
     set status = case when p_final then 'failed' else 'pending' end,
         last_error = left(coalesce(p_error, 'unknown error'), 2000),
         finished_at = case when p_final then app.now() end,
         log = right(x.log || app_private.iso(app.now()) || ' ' || case when p_final then 'failed: ' else 'attempt failed, will retry: ' end
                     || replace(left(coalesce(p_error, 'unknown error'), 2000), E'\n', ' ') || E'\n', 65536)
   where x.id = p_job and x.status in ('pending', 'running')
$function$;

comment on function app_private.generation_job_failed(p_job uuid, p_error text, p_final boolean) is 'Worker: records a failed attempt (pending again for a retry, or failed when final) with its error.';
revoke all on function app_private.generation_job_failed(p_job uuid, p_error text, p_final boolean) from public;
