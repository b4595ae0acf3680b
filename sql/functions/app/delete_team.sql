-- teams delete: owners and admins remove a workspace team (not a hub-managed one). Its
-- memberships and the project roles it carried go with it (foreign keys cascade); the
-- answer says how many of each, so the caller sees what the people lost.

CREATE OR REPLACE FUNCTION app.delete_team(p_team text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.teams := app_private.team_for_change(p_team);
  gone jsonb;
begin
  gone := app_private.team_json(t) || jsonb_build_object(
    'projectEntries', (select count(*) from app.project_members pm where pm.team_id = t.id));
  delete from app.teams x where x.id = t.id;
  return gone;
end;
$function$;

comment on function app.delete_team(p_team text) is E'@shape app.deleted_workspace_team\nteams delete: owners and admins; its memberships and project roles go with it; hub teams change on the hub.';
revoke all on function app.delete_team(p_team text) from public;
grant execute on function app.delete_team(p_team text) to podium_app;
