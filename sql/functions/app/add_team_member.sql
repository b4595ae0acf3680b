-- teams members add: a member of the workspace joins a team; owners and admins.

CREATE OR REPLACE FUNCTION app.add_team_member(p_team text, p_person text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.teams := app_private.team_for_change(p_team);
  who app.memberships := app_private.workspace_person(p_person);
begin
  if exists (select 1 from app.team_members m where m.team_id = t.id and m.user_id = who.user_id) then
    perform app_private.fail('already_in_team', format('%s is already in team %s', p_person, t.slug));
  end if;
  insert into app.team_members (team_id, user_id, added_at) values (t.id, who.user_id, app_private.ms(app.now()));
  return app_private.team_member_json(t.id, who.user_id);
end;
$function$;

comment on function app.add_team_member(p_team text, p_person text) is E'@shape app.workspace_team_member\nteams members add: a member of the workspace joins a team; owners and admins.';
revoke all on function app.add_team_member(p_team text, p_person text) from public;
grant execute on function app.add_team_member(p_team text, p_person text) to public;
grant execute on function app.add_team_member(p_team text, p_person text) to podium_app;
