-- decks show <deckId>: organizers any deck; other roles a released deck only.

CREATE OR REPLACE FUNCTION app.generated_deck(p_deck uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  g app_private.generated_decks;
begin
  ctx := app_private.role_ctx('hackathon:read', array['participant', 'advisor', 'organizer', 'jury']);
  perform app_private.require_vote_on(ctx.event_id);
  select * into g from app_private.generated_decks x where x.id = p_deck and x.event_id = ctx.event_id;
  if g.id is null or (ctx.role <> 'organizer' and g.release <> 'released') then
    perform app_private.fail('deck_not_found', 'No such generated deck in this event; decks list shows them', jsonb_build_object('deckId', p_deck));
  end if;
  return app_private.generated_deck_json(g, ctx.role = 'organizer');
end;
$function$;

comment on function app.generated_deck(p_deck uuid) is E'@shape app.generated_deck_detail\ndecks show <deckId>: team, kind, version, template, review, release, findings, screens and claims (organizers: any deck; others: released decks). deck_not_found otherwise.';
revoke all on function app.generated_deck(p_deck uuid) from public;
grant execute on function app.generated_deck(p_deck uuid) to podium_app;
