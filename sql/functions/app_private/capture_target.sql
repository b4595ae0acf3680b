-- The capture job's view of its work: null when the selection moved on (an exception chose
-- another sha, or it is already frozen), so a stale or repeated job does nothing.

CREATE OR REPLACE FUNCTION app_private.capture_target(p_project uuid, p_sha text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('repository', r.full_name, 'sha', s.sha)
  from app.submissions s join app.team_repositories r on r.project_id = s.project_id
  where s.project_id = p_project and s.sha = p_sha and s.state in ('capturing', 'error')
$function$;

revoke all on function app_private.capture_target(p_project uuid, p_sha text) from public;
