-- The capture worker's success: a capturing (or errored) submission at this sha becomes frozen with
-- its archive's sha256 and size. Answers false when the submission moved on (another sha or state),
-- so a late capture changes nothing.

CREATE OR REPLACE FUNCTION app_private.capture_done(p_project uuid, p_sha text, p_archive_sha256 text, p_size bigint)
 RETURNS boolean
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  with u as (
    update app.submissions s set state = 'frozen', archive_sha256 = p_archive_sha256, archive_size = p_size,
      frozen_at = app.now(), attention = null, capture_attempts = s.capture_attempts + 1, updated_at = now()
    where s.project_id = p_project and s.sha = p_sha and s.state in ('capturing', 'error')
    returning 1
  ) select exists (select 1 from u)
$function$;

revoke all on function app_private.capture_done(p_project uuid, p_sha text, p_archive_sha256 text, p_size bigint) from public;
