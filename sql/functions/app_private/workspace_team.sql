-- A workspace team named by slug or id.

CREATE OR REPLACE FUNCTION app_private.workspace_team(p_ref text)
 RETURNS app.teams
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.teams;
begin
  if p_ref ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' then
    select * into t from app.teams x where x.workspace_id = app.current_workspace_id() and x.id = p_ref::uuid;
  else
    select * into t from app.teams x where x.workspace_id = app.current_workspace_id() and x.slug = lower(trim(p_ref));
  end if;
  if t.id is null then
    perform app_private.fail('team_not_found', format('No team %s in this workspace', p_ref), jsonb_build_object('team', p_ref));
  end if;
  return t;
end;
$function$;

revoke all on function app_private.workspace_team(p_ref text) from public;
