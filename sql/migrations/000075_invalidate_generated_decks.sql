-- submissions exception --invalidate-decks (issue 16): the exception recorded with the flag
-- moves every generated deck of that team to invalidated; a released one leaves the gallery
-- (release `not released`). A deck published later by a job that started before the
-- exception is invalidated as it is published (app_private.publish_generated_deck reads the
-- exception). Exceptions are recorded before voting opens only, so no pinned deck is touched.

create function app_private.invalidate_generated_decks() returns trigger
  language plpgsql security definer set search_path = '' as $$
begin
  update app_private.generated_decks g
     set invalidated_at = new.at,
         release = case when g.release = 'released' then 'not released' else g.release end
   where g.project_id = new.project_id and g.invalidated_at is null;
  return null;
end;
$$;
comment on function app_private.invalidate_generated_decks() is
  'Trigger: an exception recorded with invalidate_decks invalidates the team''s generated decks.';

create trigger submission_exceptions_invalidate_decks
  after insert on app.submission_exceptions
  for each row when (new.invalidate_decks)
  execute function app_private.invalidate_generated_decks();
