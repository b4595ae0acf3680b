-- Operator CLI (podium workspace create, setup): makes a workspace. Refuses workspace_exists for a
-- name taken (case-insensitive).

CREATE OR REPLACE FUNCTION app_private.create_workspace(p_name text, p_organization_id text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  ws app.workspaces;
begin
  if exists (select 1 from app.workspaces w where lower(w.name) = lower(trim(p_name))) then
    perform app_private.fail('workspace_exists', format('A workspace named %s already exists', trim(p_name)));
  end if;
  insert into app.workspaces (name, organization_id) values (trim(p_name), p_organization_id) returning * into ws;
  return jsonb_build_object('id', ws.id, 'name', ws.name, 'organizationId', ws.organization_id, 'createdAt', ws.created_at);
end;
$function$;

revoke all on function app_private.create_workspace(p_name text, p_organization_id text) from public;
