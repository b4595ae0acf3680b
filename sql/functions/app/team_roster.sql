-- The team page member list: the participants of a team (name, email, signed in yet); a
-- participant reads their own team, an organizer names any team.

CREATE OR REPLACE FUNCTION app.team_roster(p_team text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.event_teams;
  ws uuid;
begin
  perform app_private.require_scope('hackathon:read');
  t := app_private.event_team_for(p_team, false);
  select e.workspace_id into ws from app.events e where e.id = t.event_id;
  return jsonb_build_object(
    'team', app_private.team_ref_json(t.project_id),
    'members', coalesce((
      select jsonb_agg(jsonb_build_object('name', r.name, 'email', r.email,
               'signedIn', app_private.has_signed_in(r.email, ws))
             order by lower(coalesce(r.name, r.email)), r.id)
      from app.roster_entries r
      where r.event_id = t.event_id and r.team_id = t.project_id and r.role = 'participant'), '[]'));
end;
$function$;

comment on function app.team_roster(p_team text) is E'@shape app.event_team_roster\nThe team page member list: the participants of a team (name, email, signed in yet); a participant reads their own team, an organizer names any team.';
revoke all on function app.team_roster(p_team text) from public;
grant execute on function app.team_roster(p_team text) to podium_app;
