-- Withdraws a collaborator's access to a deck.

CREATE OR REPLACE FUNCTION app.remove_collaborator(p_deck uuid, p_collaborator uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app.decks;
  c app.deck_collaborators;
begin
  perform app_private.require_scope('presentations:write');
  d := app_private.deck_for(p_deck, array['owner', 'admin']);
  delete from app.deck_collaborators x where x.id = p_collaborator and x.deck_id = d.id returning * into c;
  if c.id is null then
    perform app_private.fail('not_found', 'No such collaborator on this deck');
  end if;
  return app_private.collaborator_json(c);
end;
$function$;

comment on function app.remove_collaborator(p_deck uuid, p_collaborator uuid) is E'@shape app.deck_collaborator_summary\nWithdraws a collaborator''s access to a deck.';
revoke all on function app.remove_collaborator(p_deck uuid, p_collaborator uuid) from public;
grant execute on function app.remove_collaborator(p_deck uuid, p_collaborator uuid) to public;
grant execute on function app.remove_collaborator(p_deck uuid, p_collaborator uuid) to podium_app;
