-- A credential pinned to one workspace acts only there, and the account's default workspace
-- is a setting of the whole account (it picks where every other credential of the person acts
-- when none is named): a key pinned to a workspace, or a demo session (pinned to its pass's
-- workspace), cannot change it. Refused as workspace_pinned, naming the pin, on every path
-- (REST PUT /api/v1/me/default-workspace and GraphQL setDefaultWorkspace both land here).

create or replace function app.set_default_workspace(p_workspace uuid) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  pin app.workspaces;
begin
  if not (app.has_scope('presentations:write') or app.has_scope('hackathon:write')) then
    perform app_private.fail('insufficient_scope', 'This key lacks the scope presentations:write or hackathon:write',
      jsonb_build_object('needed', jsonb_build_array('presentations:write', 'hackathon:write')));
  end if;
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
$$;
comment on function app.set_default_workspace(uuid) is 'Makes one of your workspaces the default for requests that name none. Needs a write scope of either tool; refused (workspace_pinned) for a key pinned to a workspace and for a demo session.';
