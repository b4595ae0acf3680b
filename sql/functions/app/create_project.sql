-- projects create: the caller becomes its first manager; guests cannot.

CREATE OR REPLACE FUNCTION app.create_project(p_name text, p_description text DEFAULT NULL::text, p_metadata jsonb DEFAULT NULL::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p app.projects;
  now_ timestamptz := app_private.ms(app.now());
begin
  perform app_private.require_scope('hackathon:write');
  perform app_private.project_caller_role();
  if p_name is null then
    perform app_private.fail('invalid_input', 'name is required', '{"field":"name"}');
  end if;
  perform app_private.check_project_fields(p_name, p_description, p_metadata);
  perform app_private.check_project_name_free(p_name, null);
  insert into app.projects (workspace_id, name, description, metadata, created_by, created_at, updated_at)
  values (app.current_workspace_id(), trim(p_name), nullif(p_description, ''), coalesce(p_metadata, '{}'), app.current_user_id(), now_, now_)
  returning * into p;
  insert into app.project_members (project_id, user_id, role, added_at) values (p.id, app.current_user_id(), 'manager', now_);
  return app_private.project_json(p);
end;
$function$;

comment on function app.create_project(p_name text, p_description text, p_metadata jsonb) is E'@shape app.project_summary\nprojects create: the caller becomes its first manager; guests cannot.';
revoke all on function app.create_project(p_name text, p_description text, p_metadata jsonb) from public;
grant execute on function app.create_project(p_name text, p_description text, p_metadata jsonb) to public;
grant execute on function app.create_project(p_name text, p_description text, p_metadata jsonb) to podium_app;
