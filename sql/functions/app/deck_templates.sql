-- decks templates: read; gated by the vote section like the other generation commands. Jury
-- viewers read the gallery and presentations only (insufficient_event_role).

CREATE OR REPLACE FUNCTION app.deck_templates()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.role_ctx('hackathon:read', array['participant', 'advisor', 'organizer']);
  perform app_private.require_vote_on(ctx.event_id);
  return jsonb_build_object('items', (select jsonb_agg(app_private.deck_template_json(t) order by t.kind = 'community', t.kind)
                                        from app_private.deck_templates t));
end;
$function$;

comment on function app.deck_templates() is E'@shape app.generated_deck_template_set\ndecks templates: the jury and community deck contracts (kind, schema version, screen-count range, headings). vote_off while the vote section is off.';
revoke all on function app.deck_templates() from public;
grant execute on function app.deck_templates() to podium_app;
