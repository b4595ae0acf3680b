-- Issue 44 (typed GraphQL), the event area: the composite types GraphQL shows the JSON answers
-- of the event, roster, agenda and code-host identity functions as (api/graphql-shapes.ts).
-- Field names are the JSON keys, quoted where camelCase; a key added to a function's answer
-- is added here too, or GraphQL reads of it fail (app_private.json_shaped).

-- The event (app_private.event_json): current_event, configure_event, and parts of event_status.
create type app.event_schedule_notice as (
  "at" timestamptz,
  reason text,
  "previousBuildEndsAt" timestamptz,
  "buildEndsAt" timestamptz
);
comment on type app.event_schedule_notice is 'A change of the build end of a running event: when, why, and the build end before and after.';

create type app.event_code_host as (organization text, template text, branch text);
comment on type app.event_code_host is 'The code-host settings of an event: the organization its team repositories are made in, the template they start from, and the branch submissions are read from.';

create type app.event_detail as (
  id uuid,
  name text,
  version integer,
  timezone text,
  "startsAt" timestamptz,
  "buildEndsAt" timestamptz,
  "freezeAt" timestamptz,
  "voteOpensAt" timestamptz,
  "voteClosesAt" timestamptz,
  phase text,
  "serverTime" timestamptz,
  "voteSection" text,
  "rosterLockedAt" timestamptz,
  "votingOpenedAt" timestamptz,
  github app.event_code_host,
  notices app.event_schedule_notice[],
  "createdAt" timestamptz,
  "updatedAt" timestamptz
);
comment on type app.event_detail is 'An event: its schedule (start, build end, freeze, vote window), phase by the server clock, the server time, vote section (on or off), roster lock, voting opened, code-host settings (null until set), and the notices of schedule changes, newest first.';

create type app.event_configuration as (created boolean, event app.event_detail);
comment on type app.event_configuration is 'The answer of configuring the event: whether this call created it, and the event as it now is.';

-- event_status
create type app.event_results_release as (version integer, "releasedAt" timestamptz);
comment on type app.event_results_release is 'The newest released community vote result: its version and when it was released.';

create type app.event_team_state as (id uuid, name text, state text);
comment on type app.event_team_state is 'A team of the event with its submission state (waiting, capturing, frozen, missing or error).';

create type app.event_status_board as (
  name text,
  version integer,
  timezone text,
  phase text,
  "serverTime" timestamptz,
  "startsAt" timestamptz,
  "buildEndsAt" timestamptz,
  "freezeAt" timestamptz,
  "voteOpensAt" timestamptz,
  "voteClosesAt" timestamptz,
  "voteClosedAt" timestamptz,
  "resultsReleased" app.event_results_release,
  "voteSection" text,
  notices app.event_schedule_notice[],
  role text,
  team app.team_ref,
  teams app.event_team_state[]
);
comment on type app.event_status_board is 'The event status for the caller: phase, server time, the five deadlines, the actual vote close after an early close, the newest released result, the schedule notices, the caller''s event role and team, and the submission state of the teams the caller may see (every team for an organizer, their own for a participant).';

-- event_instance_health
create type app.event_instance_worker as (role text, "ageSeconds" integer);
comment on type app.event_instance_worker is 'A worker replica that beat within 90 seconds: its service role and how many seconds ago it beat.';

create type app.event_instance_queue as (queued integer, "oldestAgeSeconds" integer);
comment on type app.event_instance_queue is 'The job queue: runnable jobs waiting, and the age in seconds of the oldest (null when none, or when the queue is not installed).';

create type app.event_instance_health_report as (
  status text,
  "apiReplicas" integer,
  workers app.event_instance_worker[],
  queue app.event_instance_queue,
  "serverTime" timestamptz
);
comment on type app.event_instance_health_report is 'The instance''s health for an event organizer: overall status, API replicas and worker replicas that beat within 90 seconds, the job queue, and the server time. Instance-wide figures only.';

-- agenda, set_agenda (app_private.agenda_json)
create type app.event_agenda_item as (title text, kind text, "startsAt" timestamptz, "endsAt" timestamptz);
comment on type app.event_agenda_item is 'One item of the event programme: title, kind (break, meal, talk, presentations, announcement or other), start, and end when it has one.';

-- roster_page
create type app.event_roster_invitation as (state text, "sentAt" timestamptz, "expiresAt" timestamptz);
comment on type app.event_roster_invitation is 'The newest workspace invitation of a roster person: its state, when it was sent and when it expires.';

create type app.event_roster_repository as (name text, permission text, standing text);
comment on type app.event_roster_repository is 'A roster person''s access to their repository: the team repository''s full name (null for an advisor, who reads every team''s), the permission (maintain or read), and the standing on the code host (no_username, none, invited or member; null when not known here).';

create type app.event_roster_row as (
  id uuid,
  email text,
  name text,
  role text,
  team text,
  github text,
  "signedIn" boolean,
  invitation app.event_roster_invitation,
  repository app.event_roster_repository,
  "addedAt" timestamptz
);
comment on type app.event_roster_row is 'One roster row for organizers: the person, event role, team name, code-host username (github), whether they signed in, their newest invitation, repository standing (participants and advisors) and when the row was added.';

create type app.event_access_revocation as (
  email text,
  login text,
  repository text,
  "requestedAt" timestamptz,
  attempts integer,
  "lastError" text
);
comment on type app.event_access_revocation is 'A repository access revocation not done yet (after a roster removal): whose, which code-host username and repository, when requested, attempts so far and the last error.';

create type app.event_roster_page as (
  "rosterLockedAt" timestamptz,
  revocations app.event_access_revocation[],
  "rows" app.event_roster_row[]
);
comment on type app.event_roster_page is 'A page of the roster, newest rows first: the rows, when the roster was locked (null when open), and the pending repository access revocations.';

-- team_roster
create type app.event_team_member as (name text, email text, "signedIn" boolean);
comment on type app.event_team_member is 'A participant of a team: name, email, and whether they signed in yet.';

create type app.event_team_roster as (team app.team_ref, members app.event_team_member[]);
comment on type app.event_team_roster is 'The member list of a team page: the team and its participants.';

-- import_roster, lock_roster, unlock_roster
create type app.event_roster_removal as (email text, team text);
comment on type app.event_roster_removal is 'A roster row an import removed: the address and the team it was on.';

create type app.event_roster_import as (
  imported integer,
  removed app.event_roster_removal[],
  created text[],
  dissolved text[],
  invited text[]
);
comment on type app.event_roster_import is 'The answer of a roster import: rows imported, rows removed, team names created and dissolved, and the addresses invited to the workspace.';

create type app.event_roster_lock as ("rosterLockedAt" timestamptz);
comment on type app.event_roster_lock is 'The roster lock: when the roster was locked, null when it is open.';

-- bootstrap_record, set_github_login
create type app.bootstrap_event as (id uuid, name text, phase text);
comment on type app.bootstrap_event is 'The event of a bootstrap record: id, name and phase.';

create type app.bootstrap_repository as ("fullName" text, branch text, readiness text);
comment on type app.bootstrap_repository is 'The team repository of a bootstrap record once provisioned: full name, the branch submissions are read from, and its readiness.';

create type app.bootstrap_stored_record as (
  person app.person_ref,
  role text,
  team app.team_ref,
  "githubLogin" text,
  event app.bootstrap_event,
  repository app.bootstrap_repository
);
comment on type app.bootstrap_stored_record is 'The caller''s bootstrap record as stored (GET /bootstrap adds the live code-host standing, the installer and URLs): the person, event role, team, code-host username, the event and the team repository once provisioned.';

create type app.bootstrap_github_saved as (
  person app.person_ref,
  role text,
  team app.team_ref,
  "githubLogin" text,
  event app.bootstrap_event,
  repository app.bootstrap_repository,
  "invitationQueued" boolean
);
comment on type app.bootstrap_github_saved is 'The stored bootstrap record after saving the code-host username, and whether an invitation to the existing team repository was queued for it.';

-- repository_invitation, accept_repository_invitation
create type app.codehost_invitation_event as (name text);
comment on type app.codehost_invitation_event is 'The event a repository invitation belongs to: its name.';

create type app.codehost_invitation as (
  repository text,
  permission text,
  "invitedAt" timestamptz,
  "acceptedAt" timestamptz,
  event app.codehost_invitation_event,
  team text
);
comment on type app.codehost_invitation is 'The caller''s own invitation to a repository of the local code host: the repository, permission (maintain or read), when invited and accepted, the event and the team name.';

create type app.codehost_invitation_acceptance as (repository text, permission text, "acceptedAt" timestamptz);
comment on type app.codehost_invitation_acceptance is 'An accepted invitation to a repository of the local code host: the repository, permission, and when it was accepted.';
