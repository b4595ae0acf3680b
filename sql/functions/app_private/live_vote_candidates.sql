-- The teams that are vote candidates now (a team with a vote link; a cleared link is no
-- candidate), with what a lock records of them.

CREATE OR REPLACE FUNCTION app_private.live_vote_candidates(p_event uuid)
 RETURNS TABLE(project_id uuid, name text, member_count integer, confirmed boolean)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select t.project_id, p.name,
    (select count(*)::int from app.roster_entries r where r.event_id = t.event_id and r.role = 'participant' and r.team_id = t.project_id),
    t.vote_confirmed_at is not null
  from app.event_teams t join app.projects p on p.id = t.project_id
  where t.event_id = p_event and t.left_at is null and t.vote_link is not null
$function$;

revoke all on function app_private.live_vote_candidates(p_event uuid) from public;
