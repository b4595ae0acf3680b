-- A code-host login on an event's roster, found by index: app_private.local_account_of (every
-- invitation and standing read of provisioning, the invitation page) read the event's whole
-- roster for each login, so provisioning 300 teams (1,500 invitations, as many standing reads)
-- cost time in the square of the roster. The lookup is by (event, lower(login)).
create index roster_entries_login_idx on app.roster_entries (event_id, lower(github_login));
