-- A workspace named by id or by name (case-insensitive), as operators type it.

CREATE OR REPLACE FUNCTION app_private.find_workspace(ref text)
 RETURNS app.workspaces
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  ws app.workspaces;
begin
  if ref ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' then
    select * into ws from app.workspaces w where w.id = ref::uuid;
  end if;
  if ws.id is null then
    select * into ws from app.workspaces w where lower(w.name) = lower(ref);
  end if;
  if ws.id is null then
    perform app_private.fail('workspace_not_found', format('No workspace named %s', ref));
  end if;
  return ws;
end;
$function$;

revoke all on function app_private.find_workspace(ref text) from public;
