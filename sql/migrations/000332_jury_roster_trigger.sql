-- Issue 43: a juror removed from the roster (or no longer of role jury) loses drafts and
-- assignments; submitted scores stay only with --keep-scores (app_private.jury_roster_removed).
create trigger roster_entries_jury_removed after delete or update of role, email on app.roster_entries
  for each row when (old.role = 'jury') execute function app_private.jury_roster_removed();
