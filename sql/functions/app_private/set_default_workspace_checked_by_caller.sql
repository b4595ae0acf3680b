-- Makes one of your workspaces the default for requests that name none.

CREATE OR REPLACE FUNCTION app_private.set_default_workspace_checked_by_caller(p_workspace uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ws app.workspaces;
begin
  select w.* into ws from app.workspaces w join app.memberships m on m.workspace_id = w.id
    where w.id = p_workspace and m.user_id = app.current_user_id();
  if ws.id is null then
    perform app_private.fail('workspace_not_found', format('No workspace %s among yours', p_workspace));
  end if;
  update app.users set default_workspace_id = ws.id where id = app.current_user_id();
  return jsonb_build_object('id', ws.id, 'name', ws.name, 'organizationId', ws.organization_id);
end;
$function$;

comment on function app_private.set_default_workspace_checked_by_caller(p_workspace uuid) is 'Makes one of your workspaces the default for requests that name none.';
revoke all on function app_private.set_default_workspace_checked_by_caller(p_workspace uuid) from public;
