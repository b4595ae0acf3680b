-- A failed capture attempt: the submission shows error with the reason in attention while the job
-- retries; a submission that moved on is left alone.

CREATE OR REPLACE FUNCTION app_private.capture_failed(p_project uuid, p_sha text, p_reason text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  update app.submissions s set state = 'error', capture_attempts = s.capture_attempts + 1,
    attention = 'Capture failed (' || left(p_reason, 300) || '); it is retried, or run submissions reconcile', updated_at = now()
  where s.project_id = p_project and s.sha = p_sha and s.state in ('capturing', 'error')
$function$;

revoke all on function app_private.capture_failed(p_project uuid, p_sha text, p_reason text) from public;
