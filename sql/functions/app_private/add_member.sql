-- Operator CLI (podium member add, setup): adds an email to a workspace with a role, making the
-- account if needed; an existing member gets the new role. Refuses invalid_role, an unknown
-- workspace and a look-alike email.

CREATE OR REPLACE FUNCTION app_private.add_member(p_workspace text, p_email text, p_role text, p_name text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  ws app.workspaces;
  u app.users;
begin
  if p_role not in ('owner', 'admin', 'member', 'guest') then
    perform app_private.fail('invalid_role', format('Role must be owner, admin, member or guest, got %s', p_role));
  end if;
  ws := app_private.find_workspace(p_workspace);
  perform app_private.refuse_look_alike(ws.id, array[p_email]);
  u := app_private.ensure_user(p_email, p_name);
  insert into app.memberships (workspace_id, user_id, role) values (ws.id, u.id, p_role::app.workspace_role)
    on conflict (workspace_id, user_id) do update set role = excluded.role;
  update app.users x set default_workspace_id = ws.id where x.id = u.id and x.default_workspace_id is null;
  return jsonb_build_object('workspaceId', ws.id, 'workspace', ws.name, 'userId', u.id, 'email', u.email, 'role', p_role);
end;
$function$;

revoke all on function app_private.add_member(p_workspace text, p_email text, p_role text, p_name text) from public;
