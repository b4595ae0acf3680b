-- decks show without an id: the team's demo, pitch and vote links (who-rules of decks link).

CREATE OR REPLACE FUNCTION app.team_deck_links(p_team text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app_private.require_scope('hackathon:read');
  return app_private.deck_links_json(app_private.event_team_for(p_team, false));
end;
$function$;

comment on function app.team_deck_links(p_team text) is E'@shape app.event_team_deck_link_set\ndecks show without an id: the team''s demo, pitch and vote links (who-rules of decks link).';
revoke all on function app.team_deck_links(p_team text) from public;
grant execute on function app.team_deck_links(p_team text) to public;
grant execute on function app.team_deck_links(p_team text) to podium_app;
