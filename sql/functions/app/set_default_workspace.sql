-- Makes one of your workspaces the default for requests that name none. Needs a write scope of
-- either tool; refused (workspace_pinned) for a key pinned to a workspace and for a demo session.

CREATE OR REPLACE FUNCTION app.set_default_workspace(p_workspace uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  pin app.workspaces;
begin
  perform app_private.require_scope('presentations:write', 'hackathon:write');
  select w.* into pin from app_private.api_keys k join app.workspaces w on w.id = k.workspace_id
   where k.id = nullif(current_setting('app.key_id', true), '')::uuid;
  if pin.id is not null then
    perform app_private.fail('workspace_pinned',
      format('This key is pinned to workspace %s (%s) and acts only there; it cannot change your default workspace', pin.name, pin.id),
      jsonb_build_object('pinnedWorkspaceId', pin.id));
  end if;
  select w.* into pin from app.workspaces w where w.id = app_private.demo_workspace();
  if pin.id is not null then
    perform app_private.fail('workspace_pinned',
      format('This demo session acts only in workspace %s (%s); it cannot change the default workspace of the person it acts for', pin.name, pin.id),
      jsonb_build_object('pinnedWorkspaceId', pin.id));
  end if;
  return app_private.set_default_workspace_checked_by_caller(p_workspace);
end;
$function$;

comment on function app.set_default_workspace(p_workspace uuid) is E'@shape app.default_workspace\nMakes one of your workspaces the default for requests that name none. Needs a write scope of either tool; refused (workspace_pinned) for a key pinned to a workspace and for a demo session.';
revoke all on function app.set_default_workspace(p_workspace uuid) from public;
grant execute on function app.set_default_workspace(p_workspace uuid) to public;
grant execute on function app.set_default_workspace(p_workspace uuid) to podium_app;
