-- The eligibility lock pins generated decks too (spec: "a new revision after the eligibility
-- lock or an open vote pinned a deck"): the vote records now hold the lock, so the one pinned
-- rule reads it beside the vote opening.
create or replace function app_private.generated_content_pinned(p_event uuid) returns boolean
  language sql stable set search_path = '' as $$
  select coalesce((select e.voting_opened_at is not null from app.events e where e.id = p_event), false)
      or exists (select 1 from app.vote_eligibility v where v.event_id = p_event and v.unlocked_at is null)
$$;
comment on function app_private.generated_content_pinned(uuid) is
  'Whether the vote pinned the generated decks of the event: voting opened, or eligibility locked (and not unlocked).';
