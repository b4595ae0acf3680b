-- Issue 44 (typed GraphQL), teams and repository provisioning: the composite types GraphQL
-- shows the JSON answers of the workspace-team functions (list_teams, create_team, …), the
-- event team pages (showcase, deck links) and provisioning (provision_plan, provision_run,
-- start_provision) as. Field names are the JSON keys; a key added to one of those answers is
-- added here too, or GraphQL reads of it fail (app_private.json_shaped). A team of the event
-- is named with the shared app.team_ref (000340).

-- Workspace teams (app_private.team_json, team_member_json).
create type app.workspace_team as (
  id uuid,
  slug text,
  name text,
  "hubManaged" boolean,
  "memberCount" integer,
  "createdAt" timestamptz
);
comment on type app.workspace_team is 'A workspace team: its slug and name, whether the hub manages it (then it changes only on the hub), how many members it has, and when it was made.';

create type app.deleted_workspace_team as (
  id uuid,
  slug text,
  name text,
  "hubManaged" boolean,
  "memberCount" integer,
  "createdAt" timestamptz,
  "projectEntries" integer
);
comment on type app.deleted_workspace_team is 'A workspace team as it was when deleted: memberCount memberships and projectEntries project roles went with it.';

create type app.workspace_team_member as (
  "userId" uuid,
  email text,
  name text,
  "addedAt" timestamptz
);
comment on type app.workspace_team_member is 'A member of a workspace team: their account, email and name, and when they joined the team.';

create type app.removed_workspace_team_member as ("userId" uuid, email text);
comment on type app.removed_workspace_team_member is 'The person who left a workspace team: their account and email.';

-- Event team pages (app_private.deck_links_json and the showcase answer).
create type app.event_team_showcase as (
  team app.team_ref,
  product text,
  tagline text,
  description text
);
comment on type app.event_team_showcase is 'What an event team shows of its product: its name (at most 24 characters), tagline (140) and description (4000, plain text); each null until set.';

create type app.event_team_deck_link_set as (
  team app.team_ref,
  demo text,
  pitch text,
  vote text
);
comment on type app.event_team_deck_link_set is 'An event team''s demo, pitch and vote deck links (share links https://<host>/v/<token>/), each null until set.';

-- Repository provisioning.
create type app.repository_invitee as (
  email text,
  login text,
  permission text
);
comment on type app.repository_invitee is 'A person provisioning invites to a team repository: their email, code-host username (null until they name it) and permission (maintain for a team member, read for a coach).';

create type app.provisioning_plan_team as (
  project app.team_ref,
  repository text,
  readiness text,
  members app.repository_invitee[]
);
comment on type app.provisioning_plan_team is 'One team in the provisioning plan: its repository (owner/name), its readiness (planned until provisioning made it) and its members, invited at maintain.';

create type app.provisioning_plan as (
  organization text,
  template text,
  branch text,
  teams app.provisioning_plan_team[],
  coaches app.repository_invitee[],
  notes text[],
  conflicts text[],
  sample app.team_ref
);
comment on type app.provisioning_plan is 'The provisioning plan (admin provision --dry-run): the organization, template and branch; each team with its repository and members; coaches (advisors with a username, at read on every repository); notes that block nothing; conflicts that block a run; and the sample team provisioned first.';

create type app.provisioning_tally as (
  ready integer,
  invited integer,
  attention integer
);
comment on type app.provisioning_tally is 'How many teams a finished provisioning run left ready, invited (a member has not accepted or named a username yet) and needing attention.';

create type app.provisioning_run_team as (
  project app.team_ref,
  repository text,
  readiness text,
  attention text
);
comment on type app.provisioning_run_team is 'One team''s repository and readiness (planned, created, invited, ready, attention, unassigned) in a provisioning run, with what needs attention when it failed.';

create type app.provisioning_run as (
  key text,
  state text,
  summary app.provisioning_tally,
  "startedAt" timestamptz,
  "finishedAt" timestamptz,
  teams app.provisioning_run_team[]
);
comment on type app.provisioning_run is 'A provisioning run by its key: running, done or failed, the tally once done, when it started and finished, and each team''s repository readiness.';

create type app.provisioning_start as (
  key text,
  state text,
  "sampleProjectId" uuid,
  "startedAt" timestamptz,
  teams integer
);
comment on type app.provisioning_start is 'A provisioning run started or resumed (admin provision --key): its key and state, the sample team provisioned first, when it started and how many teams the plan has.';
