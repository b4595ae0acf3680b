-- Which workspace a request acts in: the requested one (by id or cloud organization),
-- else the key's pin, else the account's default, else its oldest membership.

CREATE OR REPLACE FUNCTION app_private.resolve_workspace(p_user uuid, p_pin uuid, p_workspace uuid, p_org text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  ws app.workspaces;
  pinned app.workspaces;
  member_role app.workspace_role;
begin
  if p_pin is not null then
    select * into pinned from app.workspaces w where w.id = p_pin;
  end if;
  if p_workspace is not null then
    select * into ws from app.workspaces w where w.id = p_workspace;
  elsif p_org is not null then
    select * into ws from app.workspaces w where w.organization_id = p_org;
  elsif pinned.id is not null then
    ws := pinned;
  else
    select w.* into ws from app.users u join app.workspaces w on w.id = u.default_workspace_id
      join app.memberships m on m.workspace_id = w.id and m.user_id = u.id
      where u.id = p_user;
    if ws.id is null then
      select w.* into ws from app.memberships m join app.workspaces w on w.id = m.workspace_id
        where m.user_id = p_user order by m.created_at, w.id limit 1;
    end if;
  end if;
  if (p_workspace is not null or p_org is not null) and pinned.id is not null and ws.id is distinct from pinned.id then
    return jsonb_build_object('error', jsonb_build_object('code', 'workspace_pinned',
      'message', format('This key is pinned to workspace %s (%s) and acts only there', pinned.name, pinned.id),
      'pinnedWorkspaceId', pinned.id));
  end if;
  if ws.id is not null then
    select m.role into member_role from app.memberships m where m.workspace_id = ws.id and m.user_id = p_user;
  end if;
  if member_role is null then
    if p_workspace is not null or p_org is not null then
      return jsonb_build_object('error', jsonb_build_object('code', 'workspace_not_found',
        'message', case when p_org is not null then format('No workspace of yours belongs to organization %s', p_org)
                        else format('No workspace %s among yours', p_workspace) end));
    end if;
    return null;
  end if;
  return jsonb_build_object('id', ws.id, 'name', ws.name, 'organizationId', ws.organization_id, 'role', member_role);
end;
$function$;

revoke all on function app_private.resolve_workspace(p_user uuid, p_pin uuid, p_workspace uuid, p_org text) from public;
