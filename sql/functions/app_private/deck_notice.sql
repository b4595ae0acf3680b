-- What the owner-mail job needs: never the answers.

CREATE OR REPLACE FUNCTION app_private.deck_notice(p_deck uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('deckId', d.id, 'title', d.title, 'ownerEmail', u.email, 'notify', d.notify, 'deleted', d.deleted_at is not null,
    'responses', (select count(*) from app.form_responses r where r.deck_id = d.id))
  from app.decks d join app.users u on u.id = d.owner_id where d.id = p_deck
$function$;

revoke all on function app_private.deck_notice(p_deck uuid) from public;
