-- teams delete: owners and admins remove a workspace team (not a hub-managed one). Its
-- memberships and the project roles it carried go with it (foreign keys cascade); the
-- answer says how many of each, so the caller sees what the people lost.
create function app.delete_team(p_team text) returns jsonb
  language plpgsql security definer set search_path = '' as $$
declare
  t app.teams := app_private.team_for_change(p_team);
  gone jsonb;
begin
  gone := app_private.team_json(t) || jsonb_build_object(
    'projectEntries', (select count(*) from app.project_members pm where pm.team_id = t.id));
  delete from app.teams x where x.id = t.id;
  return gone;
end;
$$;
comment on function app.delete_team(text) is
  'teams delete: owners and admins; its memberships and project roles go with it; hub teams change on the hub.';
grant execute on function app.delete_team(text) to podium_app;
