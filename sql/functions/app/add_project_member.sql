-- projects members add: a person by email or user id, or a team by slug or id, with a role;
-- managers only.

CREATE OR REPLACE FUNCTION app.add_project_member(p_project uuid, p_person text, p_team text, p_role text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p app.projects;
  who app.memberships;
  team_ref uuid;
  m app.project_members;
  entry_id uuid;
  inserted boolean;
begin
  perform app_private.require_scope('hackathon:write');
  p := app_private.project_for(p_project, 'manager', true);
  perform app_private.check_project_role(p_role);
  if (p_person is null) = (p_team is null) then
    perform app_private.fail('invalid_input', 'Name a person or a team, not both', '{"field":"person"}');
  end if;
  if p_person is not null then
    who := app_private.workspace_person(p_person);
    if who.role = 'guest' then
      perform app_private.fail('guest_cannot_be_member', format('%s is a guest of this workspace; a guest cannot be a project member', p_person));
    end if;
    insert into app.project_members as x (project_id, user_id, role, added_at) values (p.id, who.user_id, p_role, app_private.ms(app.now()))
      on conflict (project_id, user_id) do update set role = excluded.role
      returning x.id, (xmax = 0) into entry_id, inserted;
  else
    team_ref := (app_private.workspace_team(p_team)).id;
    insert into app.project_members as x (project_id, team_id, role, added_at) values (p.id, team_ref, p_role, app_private.ms(app.now()))
      on conflict (project_id, team_id) do update set role = excluded.role
      returning x.id, (xmax = 0) into entry_id, inserted;
  end if;
  select * into m from app.project_members x where x.id = entry_id;
  return jsonb_build_object('created', inserted, 'member', app_private.project_member_json(m));
end;
$function$;

comment on function app.add_project_member(p_project uuid, p_person text, p_team text, p_role text) is E'@shape app.project_member_added\nprojects members add: a person by email or user id, or a team by slug or id, with a role; managers only.';
revoke all on function app.add_project_member(p_project uuid, p_person text, p_team text, p_role text) from public;
grant execute on function app.add_project_member(p_project uuid, p_person text, p_team text, p_role text) to public;
grant execute on function app.add_project_member(p_project uuid, p_person text, p_team text, p_role text) to podium_app;
