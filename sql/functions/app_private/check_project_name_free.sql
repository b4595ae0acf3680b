-- Refuses project_name_taken when another project of the current workspace has this name
-- (case-insensitive); p_except is the project being renamed.

CREATE OR REPLACE FUNCTION app_private.check_project_name_free(p_name text, p_except uuid)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if exists (select 1 from app.projects p where p.workspace_id = app.current_workspace_id()
             and lower(p.name) = lower(trim(p_name)) and p.id is distinct from p_except) then
    perform app_private.fail('project_name_taken', format('A project named %s already exists in this workspace', trim(p_name)));
  end if;
end;
$function$;

revoke all on function app_private.check_project_name_free(p_name text, p_except uuid) from public;
