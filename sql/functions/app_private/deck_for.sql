-- The deck the caller may act on with one of p_roles (owner, admin, collaborator, from
-- app_private.deck_role), locked for update when p_lock. Refuses not_found for a deck they cannot
-- see or that is deleted, deck_read_only for a role not in p_roles.

CREATE OR REPLACE FUNCTION app_private.deck_for(p_deck uuid, p_roles text[], p_lock boolean DEFAULT false)
 RETURNS app.decks
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app.decks;
  r text := app_private.deck_role(p_deck);
begin
  if r is null then
    perform app_private.fail('not_found', 'No such deck', jsonb_build_object('presentationId', p_deck));
  end if;
  if (r = any (p_roles)) is not true then
    perform app_private.fail('deck_read_only', 'You have read-only access to this deck (collaborator); ask its owner');
  end if;
  if p_lock then
    select * into d from app.decks x where x.id = p_deck for update;
  else
    select * into d from app.decks x where x.id = p_deck;
  end if;
  if d.deleted_at is not null then
    perform app_private.fail('not_found', 'No such deck', jsonb_build_object('presentationId', p_deck));
  end if;
  return d;
end;
$function$;

revoke all on function app_private.deck_for(p_deck uuid, p_roles text[], p_lock boolean) from public;
