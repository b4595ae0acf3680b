-- A team of the event named by project id or name (case-insensitive), still in the event;
-- team_not_found otherwise.
create or replace function app_private.jury_team(p_event uuid, p_team text) returns uuid
  language plpgsql stable
  set search_path = ''
as $$
declare
  pid uuid;
begin
  select x.project_id into pid from app.event_teams x join app.projects p on p.id = x.project_id
   where x.event_id = p_event and x.left_at is null
     and (p.id::text = lower(trim(p_team)) or lower(p.name) = lower(trim(p_team)));
  if pid is null then
    perform app_private.fail('team_not_found', format('No team %s in this event', coalesce(p_team, 'null')), jsonb_build_object('team', p_team));
  end if;
  return pid;
end;
$$;
comment on function app_private.jury_team(uuid, text) is 'The project id of an event team named by id or name; team_not_found otherwise.';
revoke all on function app_private.jury_team(uuid, text) from public;
