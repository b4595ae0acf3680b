-- Issue 44 (typed GraphQL), the deck publishing service: the composite types GraphQL shows
-- the JSON answers of the deck functions as (their comments name them with `@shape`). Field
-- names are the JSON keys. Shared shapes come from 000340: app.deck_summary (a deck),
-- app.share_link_summary (a link), app.deck_version_summary (a version), app.person_ref,
-- app.byte_count. A key added to one of these answers is added here too, or GraphQL reads of
-- it fail (app_private.json_shaped).

-- app.get_deck: app_private.deck_json plus the current version.
create type app.deck_detail as (
  id uuid, title text, kind text, interactive boolean, metadata jsonb, "remixedFrom" uuid, version integer,
  "workspaceId" uuid, owner app.person_ref, notify boolean, role text, "createdAt" timestamptz, "updatedAt" timestamptz,
  "currentVersion" app.deck_version_summary
);
comment on type app.deck_detail is 'One deck you may see: title, kind, metadata, owner, your role on it, and its current version (null before the first push).';

-- app.list_deck_files.
create type app.deck_file_change as (version integer, "createdAt" timestamptz);
comment on type app.deck_file_change is 'The version since which a deck file is unchanged, and when that version was committed.';

create type app.deck_file_entry as (
  path text, sha256 text, size bigint, attachment boolean, "fileId" uuid, "changedIn" app.deck_file_change
);
comment on type app.deck_file_entry is 'One file of a deck version: its path, content hash and size, whether it is a download attachment (under downloads/), its workspace file id, and the version since which it is unchanged.';

create type app.deck_file_page as (version app.deck_version_summary, items app.deck_file_entry[]);
comment on type app.deck_file_page is 'A page of the files of one deck version (newest change first, then by path), with that version.';

-- app.list_views.
create type app.deck_view_totals as (views bigint, "lastOpenedAt" timestamptz);
comment on type app.deck_view_totals is 'How many counted views a deck has in all, and when it was last opened.';

create type app.deck_view_entry as (
  id uuid, "linkId" uuid, "linkName" text, version integer, source text, placement text, "viewedAt" timestamptz
);
comment on type app.deck_view_entry is 'One counted view of a deck: the share link it came through, the version shown, its source (link or embed), the placement the embedder named, and when.';

create type app.deck_view_page as (summary app.deck_view_totals, items app.deck_view_entry[]);
comment on type app.deck_view_page is 'A page of a deck''s counted views, newest first, with the totals of all of them.';

-- app_private.annotation_json: list_annotations, add_annotation, delete_annotation.
create type app.deck_annotation_summary as (
  id uuid, "presentationId" uuid, version integer, path text, position jsonb, body text, author app.person_ref, "createdAt" timestamptz
);
comment on type app.deck_annotation_summary is 'A comment on a deck version, anchored at a file path and a position (free-form, as the client sent it), with its author.';

-- app_private.collaborator_json: list_collaborators, invite_collaborator, remove_collaborator.
create type app.deck_collaborator_invitation as (state text, "sentAt" timestamptz, "expiresAt" timestamptz);
comment on type app.deck_collaborator_invitation is 'The latest invitation mailed to a deck collaborator: its state (sending, pending, accepted, expired or revoked), when it was sent and when it expires.';

create type app.deck_collaborator_summary as (
  id uuid, "presentationId" uuid, email text, "userId" uuid, claimed boolean, "createdAt" timestamptz, "claimedAt" timestamptz,
  invitation app.deck_collaborator_invitation
);
comment on type app.deck_collaborator_summary is 'A person invited by email to read a deck: whether an account claimed the invitation (and which), and the state of the latest invitation mail (null when none was mailed).';

-- app.file_info.
create type app.workspace_file_source as (
  "projectId" uuid, "deckId" uuid, version integer, path text
);
comment on type app.workspace_file_source is 'What a workspace file belongs to: the team project of a submission archive (projectId), or the deck, version and path of a deck file or export (path null for an export).';

create type app.workspace_file as (
  id uuid, kind text, name text, sha256 text, size bigint, "createdAt" timestamptz, "workspaceId" uuid, source app.workspace_file_source
);
comment on type app.workspace_file is 'A file of the workspace you may download (a submission archive, a deck export or a deck file): its name, content hash, size and what it belongs to.';

-- app.commit_deck_version.
create type app.deck_push_result as (presentation app.deck_summary, version integer, attachments app.byte_count);
comment on type app.deck_push_result is 'A committed push: the deck as it now is, the version number just made, and its download attachments (null when it has none).';

-- app.duplicate_deck.
create type app.deck_duplicate_result as (presentation app.deck_summary, version integer, "sourceVersion" integer);
comment on type app.deck_duplicate_result is 'A deck copied from another: the new deck (at version 1) and the version of the source it was copied from.';

-- app.set_deck_notify.
create type app.deck_notify_setting as ("presentationId" uuid, notify boolean);
comment on type app.deck_notify_setting is 'Whether the owner of a deck is mailed on form activity.';

-- app.soft_delete_deck.
create type app.deck_deletion as (id uuid, "deletedAt" timestamptz);
comment on type app.deck_deletion is 'A soft-deleted deck: its id and when it was deleted.';

-- app.precheck_blobs.
create type app.deck_blob_precheck as (missing text[]);
comment on type app.deck_blob_precheck is 'Publishing step 1: the sha256 of each blob the workspace lacks; only those may then be uploaded.';
