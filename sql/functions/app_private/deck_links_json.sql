-- A team's deck links as JSON: its demo, pitch and vote links.

CREATE OR REPLACE FUNCTION app_private.deck_links_json(t app.event_teams)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$ select jsonb_build_object('team', app_private.team_ref_json(t.project_id), 'demo', t.demo_link, 'pitch', t.pitch_link, 'vote', t.vote_link) $function$;

revoke all on function app_private.deck_links_json(t app.event_teams) from public;
