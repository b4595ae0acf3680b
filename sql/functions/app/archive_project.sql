-- projects archive: read-only and out of the default list; nothing is deleted. Idempotent.

CREATE OR REPLACE FUNCTION app.archive_project(p_project uuid)
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
  update app.projects x set archived_at = coalesce(x.archived_at, app.now()), updated_at = app.now()
    where x.id = p.id returning * into p;
  return app_private.project_json(p);
end;
$function$;

comment on function app.archive_project(p_project uuid) is E'@shape app.project_summary\nprojects archive: read-only and out of the default list; nothing is deleted. Idempotent.';
revoke all on function app.archive_project(p_project uuid) from public;
grant execute on function app.archive_project(p_project uuid) to public;
grant execute on function app.archive_project(p_project uuid) to podium_app;
