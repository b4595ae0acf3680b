-- One project you may read; any other answers project_not_found.

CREATE OR REPLACE FUNCTION app.get_project(p_project uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app_private.require_scope('hackathon:read');
  return app_private.project_json(app_private.project_for(p_project, 'viewer', false));
end;
$function$;

comment on function app.get_project(p_project uuid) is E'@shape app.project_summary\nOne project you may read; any other answers project_not_found.';
revoke all on function app.get_project(p_project uuid) from public;
grant execute on function app.get_project(p_project uuid) to public;
grant execute on function app.get_project(p_project uuid) to podium_app;
