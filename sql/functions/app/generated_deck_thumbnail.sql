-- The sha256 of a generated deck's thumbnail (null while the worker has not made it), for whoever
-- may see the deck in the gallery: organizers any deck of the event, other roster roles released
-- decks. deck_not_found otherwise.

CREATE OR REPLACE FUNCTION app.generated_deck_thumbnail(p_deck uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  g app_private.generated_decks;
begin
  ctx := app_private.role_ctx('hackathon:read', array['participant', 'advisor', 'organizer', 'jury']);
  select * into g from app_private.generated_decks x where x.id = p_deck and x.event_id = ctx.event_id;
  if g.id is null or (ctx.role is distinct from 'organizer' and g.release is distinct from 'released') then
    perform app_private.fail('deck_not_found', 'No such generated deck in this event; decks gallery shows them', jsonb_build_object('deckId', p_deck));
  end if;
  return (select t.sha256 from app.deck_thumbnails t where t.deck_id = g.deck_id and t.version = g.version);
end;
$function$;

comment on function app.generated_deck_thumbnail(p_deck uuid) is 'The sha256 of a generated deck''s thumbnail (null while the worker has not made it), for whoever may see the deck in the gallery: organizers any deck of the event, other roster roles released decks. deck_not_found otherwise.';
revoke all on function app.generated_deck_thumbnail(p_deck uuid) from public;
grant execute on function app.generated_deck_thumbnail(p_deck uuid) to podium_app;
