-- The own-row read policies of roster entries, vote voters and ballots matched the caller's
-- address with lower() (the Kelvin sign reads as `k`): they use the address's identity now
-- (000130). normalize_email is a pure function of its argument; podium_app may execute it
-- because these policies run as the caller.

grant execute on function app_private.normalize_email(text) to podium_app;

alter policy roster_entries_select on app.roster_entries using (
  (select app.has_scope('hackathon:read'))
  and exists (select 1 from app.events e where e.id = event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer'
       or app_private.normalize_email(email) = (select app_private.normalize_email(u.email) from app.users u where u.id = (select app.current_user_id())))
);

alter policy vote_voters_select on app.vote_voters using (
  (select app.has_scope('hackathon:read'))
  and event_id = (select (app_private.event_ctx_or_null()).event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer'
       or app_private.normalize_email(email) = (select app_private.normalize_email(u.email) from app.users u where u.id = (select app.current_user_id())))
);

alter policy vote_ballots_select on app.vote_ballots using (
  (select app.has_scope('hackathon:read'))
  and event_id = (select (app_private.event_ctx_or_null()).event_id)
  and exists (select 1 from app.vote_voters v where v.id = voter_id
              and app_private.normalize_email(v.email) = (select app_private.normalize_email(u.email) from app.users u where u.id = (select app.current_user_id())))
);
