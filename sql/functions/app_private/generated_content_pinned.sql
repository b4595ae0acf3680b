-- Whether the vote pinned the generated decks of the event: voting opened, or eligibility locked
-- and not unlocked (spec: "a new revision after the eligibility lock or an open vote pinned a
-- deck").

CREATE OR REPLACE FUNCTION app_private.generated_content_pinned(p_event uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce((select e.voting_opened_at is not null from app.events e where e.id = p_event), false)
      or exists (select 1 from app.vote_eligibility v where v.event_id = p_event and v.unlocked_at is null)
$function$;

comment on function app_private.generated_content_pinned(p_event uuid) is 'Whether the vote pinned the generated decks of the event: voting opened, or eligibility locked (and not unlocked).';
revoke all on function app_private.generated_content_pinned(p_event uuid) from public;
