-- projects unarchive: the one change an archived project takes. Idempotent.

CREATE OR REPLACE FUNCTION app.unarchive_project(p_project uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p app.projects;
begin
  perform app_private.require_scope('hackathon:write');
  p := app_private.project_for(p_project, 'manager', false);
  update app.projects x set archived_at = null, updated_at = app.now() where x.id = p.id returning * into p;
  return app_private.project_json(p);
end;
$function$;

comment on function app.unarchive_project(p_project uuid) is E'@shape app.project_summary\nprojects unarchive: the one change an archived project takes. Idempotent.';
revoke all on function app.unarchive_project(p_project uuid) from public;
grant execute on function app.unarchive_project(p_project uuid) to public;
grant execute on function app.unarchive_project(p_project uuid) to podium_app;
