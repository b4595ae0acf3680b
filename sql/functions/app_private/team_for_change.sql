-- A workspace team that owners and admins (hackathon:write) may change, locked for update. Refuses
-- owner_or_admin_required, an unknown team, and team_managed_on_hub for a team the hub manages.

CREATE OR REPLACE FUNCTION app_private.team_for_change(p_ref text)
 RETURNS app.teams
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.teams;
begin
  perform app_private.require_scope('hackathon:write');
  perform app_private.require_owner_or_admin('manages teams');
  t := app_private.workspace_team(p_ref);
  if t.hub_managed then
    perform app_private.fail('team_managed_on_hub', format('Team %s is managed on the hub account site; change it there', t.slug));
  end if;
  select * into t from app.teams x where x.id = t.id for update;
  return t;
end;
$function$;

revoke all on function app_private.team_for_change(p_ref text) from public;
