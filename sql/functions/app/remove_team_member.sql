-- teams members remove: owners and admins.

CREATE OR REPLACE FUNCTION app.remove_team_member(p_team text, p_person text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.teams := app_private.team_for_change(p_team);
  who app.memberships := app_private.workspace_person(p_person);
  gone jsonb;
begin
  delete from app.team_members m where m.team_id = t.id and m.user_id = who.user_id
    returning jsonb_build_object('userId', m.user_id, 'email', (select u.email from app.users u where u.id = m.user_id)) into gone;
  if gone is null then
    perform app_private.fail('member_not_found', format('%s is not in team %s', p_person, t.slug));
  end if;
  return gone;
end;
$function$;

comment on function app.remove_team_member(p_team text, p_person text) is E'@shape app.removed_workspace_team_member\nteams members remove: owners and admins.';
revoke all on function app.remove_team_member(p_team text, p_person text) from public;
grant execute on function app.remove_team_member(p_team text, p_person text) to public;
grant execute on function app.remove_team_member(p_team text, p_person text) to podium_app;
