-- The stored submission archive of a team's project with this sha256, or null.

CREATE OR REPLACE FUNCTION app_private.archive_file_id(p_project uuid, p_sha256 text)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select f.id from app_private.files f where f.kind = 'submission_archive' and f.project_id = p_project and f.sha256 = p_sha256
$function$;

revoke all on function app_private.archive_file_id(p_project uuid, p_sha256 text) from public;
