-- Records a team's repository and readiness with no attention; tests and the bench call it,
-- app_private.set_repository_readiness holds the rule.

CREATE OR REPLACE FUNCTION app_private.set_team_repository(p_project uuid, p_full_name text, p_readiness text, p_template_sha text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform app_private.set_repository_readiness(p_project, p_full_name, p_readiness, p_template_sha, null);
end;
$function$;

revoke all on function app_private.set_team_repository(p_project uuid, p_full_name text, p_readiness text, p_template_sha text) from public;
