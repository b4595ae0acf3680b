-- decks review: approve or reject a generated deck (organizer; vote section on). A released deck
-- pinned by the vote cannot be rejected (content_pinned).

CREATE OR REPLACE FUNCTION app.review_generated_deck(p_deck uuid, p_approve boolean, p_note text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  g app_private.generated_decks;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  perform app_private.require_vote_on(ctx.event_id);
  if p_approve is null then
    perform app_private.fail('invalid_input', 'Say approve or reject', '{"field":"decision"}');
  end if;
  select * into g from app_private.generated_decks x where x.id = p_deck and x.event_id = ctx.event_id for update;
  if g.id is null then
    perform app_private.fail('deck_not_found', 'No such generated deck in this event; decks list shows them', jsonb_build_object('deckId', p_deck));
  end if;
  if p_approve is not true and g.release = 'released' and app_private.generated_content_pinned(ctx.event_id) then
    perform app_private.fail('content_pinned', format('The %s deck v%s is released and the vote pinned it: it cannot be rejected', g.kind, g.version),
      jsonb_build_object('deckId', g.id));
  end if;
  update app_private.generated_decks x
     set review = case when p_approve then 'approved' else 'rejected' end,
         review_note = nullif(trim(p_note), ''), reviewed_by = ctx.user_id, reviewed_at = app.now(),
         release = case when p_approve is not true and x.release = 'released' then 'not released' else x.release end
   where x.id = g.id returning * into g;
  return app_private.generated_deck_json(g, true);
end;
$function$;

comment on function app.review_generated_deck(p_deck uuid, p_approve boolean, p_note text) is E'@shape app.generated_deck_detail\ndecks review: approve or reject a generated deck (organizer; vote section on). A released deck pinned by the vote cannot be rejected (content_pinned).';
revoke all on function app.review_generated_deck(p_deck uuid, p_approve boolean, p_note text) from public;
grant execute on function app.review_generated_deck(p_deck uuid, p_approve boolean, p_note text) to podium_app;
