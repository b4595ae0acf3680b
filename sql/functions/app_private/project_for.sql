-- A project the caller may act on with at least p_needed, locked when p_change, and refused
-- when archived and p_change. A project the caller may not read does not exist for them.

CREATE OR REPLACE FUNCTION app_private.project_for(p_project uuid, p_needed text, p_change boolean)
 RETURNS app.projects
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p app.projects;
  r text;
begin
  perform app_private.project_caller_role();
  r := app_private.project_role_of(p_project);
  if r is null then
    perform app_private.fail('project_not_found',
      format('No project %s in workspace %s, or it is not yours to read', p_project,
        (select w.name from app.workspaces w where w.id = app.current_workspace_id())),
      jsonb_build_object('projectId', p_project, 'workspaceId', app.current_workspace_id(),
        'workspace', (select w.name from app.workspaces w where w.id = app.current_workspace_id())));
  end if;
  if app_private.project_role_rank(r) < app_private.project_role_rank(p_needed) then
    perform app_private.fail('insufficient_project_role', format('This needs the %s role on the project; you are %s', p_needed, r),
      jsonb_build_object('needed', p_needed, 'role', r));
  end if;
  if p_change then
    select * into p from app.projects x where x.id = p_project for update;
    if p.archived_at is not null then
      perform app_private.fail('project_archived', format('Project %s is archived and read-only; unarchive it first', p.name));
    end if;
  else
    select * into p from app.projects x where x.id = p_project;
  end if;
  return p;
end;
$function$;

revoke all on function app_private.project_for(p_project uuid, p_needed text, p_change boolean) from public;
