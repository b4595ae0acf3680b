-- Issue 44 (typed GraphQL): the composite types GraphQL shows the JSON answers of `app`
-- functions as. A function's comment names its type (`@shape app.workspace_membership[]`);
-- api/graphql-shapes.ts reads the answer into it. Field names are the JSON keys, quoted
-- where camelCase; a field added to a function's answer is added here too, or GraphQL
-- reads of it fail (app_private.json_shaped).

create type app.workspace_membership as (
  id uuid,
  name text,
  "organizationId" uuid,
  role text,
  "isDefault" boolean
);
comment on type app.workspace_membership is 'A workspace the caller belongs to: its role there, and whether it is the default.';

-- Shapes several areas answer with (their builders are app_private.*_json).
create type app.team_ref as (id uuid, name text);
comment on type app.team_ref is 'A team named in another answer: its id and name (app_private.team_ref_json).';

create type app.person_ref as (id uuid, email text, name text);
comment on type app.person_ref is 'A person named in another answer: id, email and name.';

create type app.deck_summary as (
  id uuid, title text, kind text, interactive boolean, metadata jsonb, "remixedFrom" uuid, version integer,
  "workspaceId" uuid, owner app.person_ref, notify boolean, role text, "createdAt" timestamptz, "updatedAt" timestamptz
);
comment on type app.deck_summary is 'A deck as its listings and changes answer it, with the caller''s role on it (app_private.deck_json).';

create type app.share_link_summary as (
  id uuid, "presentationId" uuid, name text, follows text, "pinnedVersion" integer, "showBar" boolean, "canDownload" boolean,
  "formsEnabled" boolean, "expiresAt" timestamptz, "hasPassword" boolean, "dashboardPreview" boolean, "viewCount" bigint,
  "downloadCount" bigint, "lastOpenedAt" timestamptz, "createdAt" timestamptz, "revokedAt" timestamptz
);
comment on type app.share_link_summary is 'A share link without its secret: what it follows (latest or a pinned version), its settings and counts (app_private.link_json).';

create type app.byte_count as (count integer, "sizeBytes" bigint);
comment on type app.byte_count is 'How many files and how many bytes.';

create type app.deck_version_summary as (
  version integer, entry text, "fileCount" integer, "sizeBytes" bigint, attachments app.byte_count, "createdBy" uuid, "createdAt" timestamptz
);
comment on type app.deck_version_summary is 'One committed version of a deck: its entry file, files, bytes and attachments (app_private.version_json).';

create type app.link_ref as (id uuid, name text);
comment on type app.link_ref is 'A share link named in another answer: its id and name.';

create type app.form_response_summary as (
  id uuid, form text, link app.link_ref, source text, placement text, answers jsonb, revisions integer,
  "createdAt" timestamptz, "editedAt" timestamptz, "lastActivityAt" timestamptz
);
comment on type app.form_response_summary is 'One response to a deck''s form, with the link it came through (app_private.response_json).';
