-- An event team's submission state for event status and submissions list: waiting (no submission
-- yet), capturing, frozen, missing or error.

CREATE OR REPLACE FUNCTION app.event_teams_submission_state(t app.event_teams)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select coalesce((select s.state from app.submissions s where s.project_id = t.project_id), 'waiting') $function$;

comment on function app.event_teams_submission_state(t app.event_teams) is 'waiting, capturing, frozen, missing or error.';
revoke all on function app.event_teams_submission_state(t app.event_teams) from public;
grant execute on function app.event_teams_submission_state(t app.event_teams) to public;
grant execute on function app.event_teams_submission_state(t app.event_teams) to podium_app;
