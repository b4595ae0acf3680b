-- A generation job as JSON: team, kind, the generation's status (pending, running, review, failed,
-- skipped), attempts, errors, and its deck with its review (pending, approved, rejected) and
-- release (released, superseded, not released) as decks list shows them; the private log when
-- p_log.

CREATE OR REPLACE FUNCTION app_private.generation_job_json(j app_private.generation_jobs, p_log boolean)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('id', j.id, 'team', jsonb_build_object('id', p.id, 'name', p.name), 'kind', j.kind,
    'status', j.status, 'attempts', j.attempts, 'lastError', j.last_error, 'skipReason', j.skip_reason,
    'sha', j.submission_sha,
    'deck', (select jsonb_build_object('id', g.id, 'version', g.version, 'review', g.review, 'release', g.release)
               from app_private.generated_decks g where g.job_id = j.id))
    || case when p_log then jsonb_build_object('log', j.log) else '{}' end
  from app.projects p where p.id = j.project_id
$function$;

revoke all on function app_private.generation_job_json(j app_private.generation_jobs, p_log boolean) from public;
