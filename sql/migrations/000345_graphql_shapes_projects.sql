-- Issue 44 (typed GraphQL), projects, form responses and workspace identity: the composite
-- types GraphQL shows these functions' JSON answers as (their comments name them with
-- `@shape`; api/graphql-shapes.ts reads the answer into the type). Field names are the JSON
-- keys, quoted where camelCase; a key added to a function's answer is added here too, or
-- GraphQL reads of it fail (app_private.json_shaped).

-- Projects (app_private.project_json, app_private.project_member_json).
create type app.project_summary as (
  id uuid,
  name text,
  description text,
  metadata jsonb,
  archived boolean,
  "archivedAt" timestamptz,
  "inEvent" boolean,
  role text,
  "createdAt" timestamptz,
  "updatedAt" timestamptz
);
comment on type app.project_summary is 'A project as its reads and changes answer it: name, description, free-form metadata, whether it is archived (and since when), whether a team of the event uses it, and the caller''s role on it (viewer, editor or manager).';

create type app.project_member_entry as (
  id uuid,
  kind text,
  role text,
  "userId" uuid,
  email text,
  name text,
  "teamId" uuid,
  "teamSlug" text,
  "teamName" text,
  "addedAt" timestamptz
);
comment on type app.project_member_entry is 'One member entry of a project with its role: a person (kind person: userId, email, name) or a team (kind team: teamId, teamSlug, teamName); the other side''s fields are null.';

create type app.project_member_added as (
  created boolean,
  member app.project_member_entry
);
comment on type app.project_member_added is 'The answer to adding a project member: the entry, and whether it is new (false: the person or team was already a member and only the role was set).';

-- Form responses (app_private.response_json is app.form_response_summary, of 000340).
create type app.form_response_tally as (
  form text,
  link app.link_ref,
  source text,
  placement text,
  responses bigint,
  "latestActivityAt" timestamptz
);
comment on type app.form_response_tally is 'How many responses a deck has for one form, link, source and placement among those a listing matched, and the latest activity among them.';

create type app.form_response_page as (
  summary app.form_response_tally[],
  items app.form_response_summary[]
);
comment on type app.form_response_page is 'A page of a deck''s form responses, most recent activity first, with the summary per form, link, source and placement of every response the filters match (not only this page).';

create type app.form_response_revision_kept as (
  revision integer,
  answers jsonb,
  link app.link_ref,
  source text,
  placement text,
  "writtenAt" timestamptz
);
comment on type app.form_response_revision_kept is 'One kept revision of a form response: its number, the answers it wrote, the link it came through and when.';

create type app.form_response_detail as (
  id uuid,
  form text,
  link app.link_ref,
  source text,
  placement text,
  answers jsonb,
  revisions integer,
  "createdAt" timestamptz,
  "editedAt" timestamptz,
  "lastActivityAt" timestamptz,
  "revisionsKept" app.form_response_revision_kept[]
);
comment on type app.form_response_detail is 'One form response of a deck: its current answers and every kept revision (the first and the latest 99).';

-- Workspace identity.
create type app.workspace_invitation as (
  id uuid,
  kind text,
  email text,
  role text,
  source text,
  state text,
  "invitedBy" app.person_ref,
  "workspaceId" uuid,
  "presentationId" uuid,
  "createdAt" timestamptz,
  "sentAt" timestamptz,
  "expiresAt" timestamptz,
  "acceptedAt" timestamptz,
  "revokedAt" timestamptz
);
comment on type app.workspace_invitation is 'An invitation to the workspace, as its owners and admins see it: address, role, where it came from, its state, who invited, and when it was made, sent, expires, was accepted or revoked (app_private.invitation_json).';

create type app.revoked_api_key as (
  id uuid,
  name text,
  "revokedAt" timestamptz
);
comment on type app.revoked_api_key is 'One of your API keys, revoked: its id, name and when it was revoked (the first time).';

create type app.default_workspace as (
  id uuid,
  name text,
  "organizationId" uuid
);
comment on type app.default_workspace is 'The workspace now your default: the one requests that name none act in.';

create type app.member_two_factor_state as (
  "userId" uuid,
  email text,
  name text,
  "twoFactorEnabled" boolean
);
comment on type app.member_two_factor_state is 'Whether a person has two-factor sign-in on: yourself, or (for a workspace owner) each member of the workspace.';
