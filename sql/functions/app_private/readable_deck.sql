-- The deck once the credential holds presentations:read and the caller may read it (owner,
-- workspace admin, collaborator); not_found otherwise, a deck of another workspace answering like
-- a missing or deleted one.

CREATE OR REPLACE FUNCTION app_private.readable_deck(p_deck uuid)
 RETURNS app.decks
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  d app.decks;
begin
  perform app_private.require_scope('presentations:read');
  if app_private.deck_role(p_deck) is null then
    perform app_private.fail('not_found', 'No such deck', jsonb_build_object('presentationId', p_deck));
  end if;
  select * into d from app.decks x where x.id = p_deck;
  return d;
end;
$function$;

comment on function app_private.readable_deck(p_deck uuid) is 'The deck once the credential holds presentations:read and the caller may read it (owner, workspace admin, collaborator); not_found otherwise, a deck of another workspace answering like a missing or deleted one.';
revoke all on function app_private.readable_deck(p_deck uuid) from public;
