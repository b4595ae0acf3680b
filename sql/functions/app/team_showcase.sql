-- showcase show: product name, tagline and description of a team (who-rules of decks link).

CREATE OR REPLACE FUNCTION app.team_showcase(p_team text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.event_teams;
begin
  perform app_private.require_scope('hackathon:read');
  t := app_private.event_team_for(p_team, false);
  return jsonb_build_object('team', app_private.team_ref_json(t.project_id), 'product', t.product_name, 'tagline', t.tagline, 'description', t.description);
end;
$function$;

comment on function app.team_showcase(p_team text) is E'@shape app.event_team_showcase\nshowcase show: product name, tagline and description of a team (who-rules of decks link).';
revoke all on function app.team_showcase(p_team text) from public;
grant execute on function app.team_showcase(p_team text) to public;
grant execute on function app.team_showcase(p_team text) to podium_app;
