-- The people who are voters now: every participant on a team.

CREATE OR REPLACE FUNCTION app_private.live_voters(p_event uuid)
 RETURNS TABLE(email text, name text, team_id uuid)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select r.email, r.name, r.team_id from app.roster_entries r
  where r.event_id = p_event and r.role = 'participant' and r.team_id is not null
$function$;

revoke all on function app_private.live_voters(p_event uuid) from public;
