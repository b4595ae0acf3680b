-- The team the caller acts on in the current event: organizers name it (id or name), participants
-- get their own team and may leave it out. Locked for update when p_lock (which needs
-- hackathon:write, else hackathon:read). Refuses not_your_team, team_required, team_not_found, and
-- project_archived when writing.

CREATE OR REPLACE FUNCTION app_private.event_team_for(p_team text, p_lock boolean)
 RETURNS app.event_teams
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.role_ctx(case when p_lock then 'hackathon:write' else 'hackathon:read' end, array['organizer', 'participant']);
  named uuid;
  t app.event_teams;
begin
  if p_team is not null then
    select x.project_id into named from app.event_teams x join app.projects p on p.id = x.project_id
      where x.event_id = ctx.event_id and x.left_at is null and (p.id::text = lower(trim(p_team)) or lower(p.name) = lower(trim(p_team)));
  end if;
  if ctx.role = 'participant' and p_team is not null and named is distinct from ctx.team_id then
    perform app_private.fail('not_your_team', 'You act on your own team only; leave the team out');
  end if;
  if p_team is null then
    if ctx.team_id is null then
      perform app_private.fail('team_required', 'You are on no team: name the team to act on');
    end if;
    named := ctx.team_id;
  elsif named is null then
    perform app_private.fail('team_not_found', format('No team %s in this event', p_team), jsonb_build_object('team', p_team));
  end if;
  if p_lock then
    select * into t from app.event_teams x where x.project_id = named for update;
    if exists (select 1 from app.projects p where p.id = named and p.archived_at is not null) then
      perform app_private.fail('project_archived', 'This team''s project is archived and read-only; unarchive it first');
    end if;
  else
    select * into t from app.event_teams x where x.project_id = named;
  end if;
  return t;
end;
$function$;

revoke all on function app_private.event_team_for(p_team text, p_lock boolean) from public;
