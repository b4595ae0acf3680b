-- Issue 44 (typed GraphQL), submissions and generated decks: the composite types GraphQL
-- shows the JSON answers of the submission functions (freeze and capture) and of the
-- generated jury/community deck functions as (their `@shape`). Field names are the JSON keys;
-- a key added to a function's answer is added here too, or GraphQL reads of it fail
-- (app_private.json_shaped). Shared shapes (app.team_ref, app.deck_summary, …) are 000340's.

-- Submissions ------------------------------------------------------------------------------

create type app.submission_capture_state as (state text, reason text);
comment on type app.submission_capture_state is 'The capture of a receipt''s revision: captured, capturing, or failed with the reason; null when that revision was never selected.';

create type app.submission_receipt_line as (
  sequence bigint, "receivedAt" timestamptz, kind text, ref text, sha text, verdict text, refusal text, late boolean,
  capture app.submission_capture_state, repository text
);
comment on type app.submission_receipt_line is 'One webhook delivery the server received for a team: sequence, time, kind, ref and sha, verdict (accepted or refused with its code), whether it came after the freeze, and the capture of its revision. `repository` is named in the failures lists only (app_private.receipt_json).';

create type app.submission_team_repository as ("fullName" text, branch text, readiness text);
comment on type app.submission_team_repository is 'A team''s repository on the code host: its full name, the branch that counts, and how ready it is.';

create type app.submission_evidence_archive as (name text, sha256 text, size bigint, "fileId" uuid);
comment on type app.submission_evidence_archive is 'The evidence archive captured at the freeze: file name, SHA-256, size in bytes and the stored file.';

create type app.submission_freeze as (
  sha text, source text, state text, "frozenAt" timestamptz, archive app.submission_evidence_archive
);
comment on type app.submission_freeze is 'What is (or is being) frozen for a team: the revision, where it came from (push, template, exception), its state and the evidence archive once captured.';

create type app.submission_team_line as (
  project app.team_ref, state text, repository app.submission_team_repository, readiness text,
  "lastReceived" app.submission_receipt_line, frozen app.submission_freeze, attention text
);
comment on type app.submission_team_line is 'One team in submissions list: its state (waiting, capturing, frozen, missing, error), repository and readiness, its last accepted push, what is frozen, and why it needs attention (app_private.submission_team_json).';

create type app.submission_exception_record as (
  at timestamptz, reason text, sha text, missing boolean, "previousSha" text, "invalidateDecks" boolean, "invalidateVoting" boolean
);
comment on type app.submission_exception_record is 'An exception an organizer recorded for a team after the freeze: the revision it froze instead (or missing), the reason, the revision it replaced, and whether decks or voting were invalidated.';

create type app.submission_team_detail as (
  project app.team_ref, state text, repository app.submission_team_repository, readiness text,
  "lastReceived" app.submission_receipt_line, frozen app.submission_freeze, attention text,
  "freezeAt" timestamptz, receipts app.submission_receipt_line[], exceptions app.submission_exception_record[]
);
comment on type app.submission_team_detail is 'submissions show: one team''s line, the freeze instant, its last 50 receipts (newest first) and its exceptions.';

create type app.submissions_overview as (
  intake text, "serverTime" timestamptz, "freezeAt" timestamptz, "attentionCount" integer, items app.submission_team_line[]
);
comment on type app.submissions_overview is 'submissions list: the intake sentence, server time, the freeze, how many teams need attention, and one line per team (a participant: their own team).';

create type app.submission_signature_failures as (count bigint, first timestamptz, last timestamptz, reason text);
comment on type app.submission_signature_failures is 'Webhook deliveries refused for a bad signature: how many, the first and last, and why.';

create type app.submission_attention_item as (project app.team_ref, state text, why text);
comment on type app.submission_attention_item is 'A team whose capture failed, and why.';

create type app.submission_failure_report as (
  "signatureFailures" app.submission_signature_failures, attention app.submission_attention_item[],
  refused app.submission_receipt_line[], late app.submission_receipt_line[]
);
comment on type app.submission_failure_report is 'submissions failures: the signature failure counter, the teams needing attention, and the newest 100 refused and late deliveries.';

create type app.submission_artifact_file as (name text, sha256 text, size bigint, "fileId" uuid, sha text);
comment on type app.submission_artifact_file is 'The frozen evidence archive of a team: file name, SHA-256, size, the stored file and the revision it holds.';

create type app.submission_exception_gate as (repository text);
comment on type app.submission_exception_gate is 'An exception may be recorded for the team now: the repository its revision would be captured from (null without one).';

create type app.submission_sweep_result as (
  at timestamptz, selected integer, frozen bigint, capturing bigint, missing bigint, errors bigint
);
comment on type app.submission_sweep_result is 'submissions reconcile: when the freeze sweep ran, how many teams it selected now, and how many submissions are frozen, capturing, missing or in error.';

-- Generated decks: templates --------------------------------------------------------------

create type app.generated_deck_screen_range as (min integer, max integer);
comment on type app.generated_deck_screen_range is 'How many screens a generated deck has: at least min, at most max.';

create type app.generated_deck_heading as (heading text, required boolean);
comment on type app.generated_deck_heading is 'A screen heading of a deck template, and whether a deck must have that screen.';

create type app.generated_deck_template as (
  kind text, name text, description text, "schemaVersion" integer, screens app.generated_deck_screen_range,
  "maxClaimChars" integer, "maxClaimsPerScreen" integer, headings app.generated_deck_heading[]
);
comment on type app.generated_deck_template is 'A generated-deck contract (jury or community): schema version, screen-count range, headings, claim limits (app_private.deck_template_json).';

create type app.generated_deck_template_set as (items app.generated_deck_template[]);
comment on type app.generated_deck_template_set is 'decks templates: the jury and community deck contracts.';

-- Generated decks: content ----------------------------------------------------------------

create type app.generated_deck_citation as (
  path text, "start" integer, "end" integer, commit text, showcase text, receipt bigint
);
comment on type app.generated_deck_citation is 'What a claim cites in the frozen evidence: a file''s line range (path, start, end), a commit, a field of the team''s showcase, or a push receipt by its sequence. One of them is set.';

create type app.generated_deck_absence as (subject text, checked text[]);
comment on type app.generated_deck_absence is 'A negative claim: what it says is absent, and what was checked before saying so.';

create type app.generated_deck_claim as (
  text text, cite app.generated_deck_citation, unverified boolean, absent app.generated_deck_absence, quote text
);
comment on type app.generated_deck_claim is 'One claim on a screen: its text and citation, or marked unverified; a negative claim names what is absent; a code screen''s quote is the cited lines.';

create type app.generated_deck_chart_row as (
  sha text, at timestamptz, who text, subject text, files integer, added integer, deleted integer
);
comment on type app.generated_deck_chart_row is 'One commit of the build story: revision, author date, the roster name of its author, subject, and the files and lines it changed when the code host tells.';

create type app.generated_deck_chart_push as (sequence bigint, at timestamptz, commits integer);
comment on type app.generated_deck_chart_push is 'A push receipt in the build window, with how many commits it brought.';

create type app.generated_deck_chart as (
  "from" timestamptz, "to" timestamptz, counts integer[], commits text[],
  rows app.generated_deck_chart_row[], pushes app.generated_deck_chart_push[]
);
comment on type app.generated_deck_chart is 'Commits over the build window in equal time buckets (counts), the revisions counted, the build story and the push receipts.';

create type app.generated_deck_diagram_node as (
  id text, label text, kind text, detail text, cite app.generated_deck_citation
);
comment on type app.generated_deck_diagram_node is 'A part of the architecture drawn on "How it works": service, datastore or external, with its detail and citation.';

create type app.generated_deck_diagram_call as ("from" text, "to" text, cite app.generated_deck_citation);
comment on type app.generated_deck_diagram_call is 'A call between two parts of the architecture (node ids), with its citation.';

create type app.generated_deck_diagram as (nodes app.generated_deck_diagram_node[], edges app.generated_deck_diagram_call[]);
comment on type app.generated_deck_diagram is 'The architecture of a "How it works" screen: parts and the calls between them.';

create type app.generated_deck_screen as (
  heading text, claims app.generated_deck_claim[], chart app.generated_deck_chart, diagram app.generated_deck_diagram
);
comment on type app.generated_deck_screen is 'One screen of a generated deck: heading, claims, and a commit chart or architecture diagram where it has one.';

create type app.generated_deck_finding as (code text, message text, screen integer, claim integer);
comment on type app.generated_deck_finding is 'What the validator found wrong with a generated deck: a code, a message, and the screen and claim (1-based) when it is about one.';

create type app.generated_deck_template_ref as (name text, "schemaVersion" integer, screens app.generated_deck_screen_range);
comment on type app.generated_deck_template_ref is 'The template a deck was generated against: name, schema version and screen-count range.';

create type app.generated_deck_evidence as (name text, sha256 text);
comment on type app.generated_deck_evidence is 'The evidence archive a deck was generated from: file name and SHA-256.';

create type app.generated_deck_detail as (
  id uuid, team app.team_ref, kind text, version integer, revision integer, template app.generated_deck_template_ref,
  generator text, sha text, evidence app.generated_deck_evidence, review text, "reviewedAt" timestamptz,
  release text, "releasedAt" timestamptz, invalidated boolean, "invalidatedAt" timestamptz, "evidenceChanged" boolean,
  "presentationId" uuid, "viewKey" uuid, findings app.generated_deck_finding[], screens app.generated_deck_screen[],
  "createdAt" timestamptz, "reviewNote" text
);
comment on type app.generated_deck_detail is 'decks show: a generated deck with its team, kind, version, template, evidence, review, release, findings, screens and claims. `viewKey` names its read-only view (REST answers the view URL instead); `reviewNote` for organizers only (app_private.generated_deck_json).';

create type app.generated_deck_line as (
  id uuid, team app.team_ref, kind text, version integer, revision integer, review text, release text,
  invalidated boolean, "evidenceChanged" boolean, findings integer, "createdAt" timestamptz
);
comment on type app.generated_deck_line is 'One generated deck in decks list: team, kind, version, revision, review and release, whether its evidence changed, and how many findings it has.';

create type app.generated_deck_list as (items app.generated_deck_line[]);
comment on type app.generated_deck_list is 'decks list: every generated deck of the event, every version.';

create type app.generated_deck_state as (
  state text, version integer, "deckId" uuid, "viewKey" uuid, "evidenceChanged" boolean, thumbnail boolean
);
comment on type app.generated_deck_state is 'Where one kind of deck of a team stands: released (with its version and view), or for organizers generating, failed, none, invalidated, evidence_changed, review or pending; others see pending until release.';

create type app.deck_gallery_team as (team app.team_ref, jury app.generated_deck_state, community app.generated_deck_state);
comment on type app.deck_gallery_team is 'A team in the decks gallery, with the state of its jury deck and its community deck.';

create type app.deck_gallery_view as (role text, "voteSection" text, items app.deck_gallery_team[]);
comment on type app.deck_gallery_view is 'decks gallery: the caller''s event role, whether the vote section is on, and each team''s decks.';

-- Generated decks: runs, jobs, review and release -----------------------------------------

create type app.deck_generation_counts as (pending integer, running integer, review integer, failed integer, skipped integer);
comment on type app.deck_generation_counts is 'How many jobs of a generation run are pending, running, in review, failed or skipped.';

create type app.deck_generation_run_head as (
  id uuid, revision integer, "newRevision" boolean, status text, "createdAt" timestamptz, counts app.deck_generation_counts
);
comment on type app.deck_generation_run_head is 'A deck generation run: its revision, whether it started a new one, running or done, and its job counts (app_private.generation_run_json).';

create type app.deck_generation_runs_page as ("currentRevision" integer, items app.deck_generation_run_head[]);
comment on type app.deck_generation_runs_page is 'decks runs: the current generation revision and the newest 100 runs.';

create type app.deck_generation_job_deck as (id uuid, version integer, review text, release text);
comment on type app.deck_generation_job_deck is 'The deck a generation job made: id, version, review and release.';

create type app.deck_generation_job as (
  id uuid, team app.team_ref, kind text, status text, attempts integer, "lastError" text, "skipReason" text,
  sha text, deck app.deck_generation_job_deck, log text
);
comment on type app.deck_generation_job is 'One job of a generation run: team, kind, status, attempts, last error or skip reason, the revision it reads, the deck it made, and its private log when asked (app_private.generation_job_json).';

create type app.deck_generation_run_detail as (run app.deck_generation_run_head, jobs app.deck_generation_job[]);
comment on type app.deck_generation_run_detail is 'decks run: the run head and each of its jobs.';

create type app.deck_generation_skip as (team app.team_ref, kind text, reason text);
comment on type app.deck_generation_skip is 'A team and kind a new run skipped, and why (already generated from this evidence at this revision).';

create type app.deck_generation_start as (run app.deck_generation_run_head, skipped app.deck_generation_skip[]);
comment on type app.deck_generation_start is 'decks generate: the run started and the jobs it skipped.';

create type app.generated_deck_release_item as (kind text, id uuid, version integer, "viewKey" uuid);
comment on type app.generated_deck_release_item is 'A deck a release touched: kind, id, version; `viewKey` names the view of a deck just released (REST answers the view URL instead).';

create type app.generated_deck_release as (
  team app.team_ref, released app.generated_deck_release_item[], superseded app.generated_deck_release_item[],
  unchanged app.generated_deck_release_item[]
);
comment on type app.generated_deck_release is 'decks release: per kind, the deck released now, the release it superseded, or the release left unchanged.';

-- Generated decks: preview ----------------------------------------------------------------

create type app.deck_preview_showcase as (product text, tagline text, description text);
comment on type app.deck_preview_showcase is 'What a team wrote on its event team page: product name, tagline and description.';

create type app.deck_preview_window as ("startsAt" timestamptz, "freezeAt" timestamptz);
comment on type app.deck_preview_window is 'The build window: the event start and the freeze.';

create type app.deck_preview_push as (sequence bigint, "receivedAt" timestamptz, before text, sha text);
comment on type app.deck_preview_push is 'An accepted push of the team: its receipt sequence, when it arrived, the revision it moved the branch from (null for a new branch) and to.';

create type app.deck_preview_source as (
  team app.team_ref, "eventName" text, sha text, "pushedAt" timestamptz, "pushSequence" bigint, repository text,
  "templateSha" text, showcase app.deck_preview_showcase, "window" app.deck_preview_window,
  pushes app.deck_preview_push[], templates app.generated_deck_template[]
);
comment on type app.deck_preview_source is 'decks preview: what a preview is built from before the freeze: the team''s last accepted push, repository, template revision, showcase, build window, push receipts and the two templates.';

-- Export ----------------------------------------------------------------------------------

create type app.deck_export_deck as (
  id uuid, title text, kind text, interactive boolean, metadata jsonb, "remixedFrom" uuid, version integer,
  "workspaceId" uuid, owner app.person_ref, notify boolean, role text, "createdAt" timestamptz, "updatedAt" timestamptz,
  versions app.deck_version_summary[], "shareLinks" app.share_link_summary[]
);
comment on type app.deck_export_deck is 'An exported deck: the deck as its listings answer it (app.deck_summary), with every version and every share link (never a secret).';

create type app.deck_export_view as (
  id uuid, "presentationId" uuid, "linkId" uuid, version integer, source text, placement text, "viewedAt" timestamptz
);
comment on type app.deck_export_view is 'One recorded view of an exported deck: the link and version it showed, where from, and when.';

create type app.deck_export_revision as (revision integer, answers jsonb, "linkId" uuid, "writtenAt" timestamptz);
comment on type app.deck_export_revision is 'One kept revision of a form response: its answers as written, the link and when.';

create type app.deck_export_response as (
  id uuid, form text, link app.link_ref, source text, placement text, answers jsonb, revisions integer,
  "createdAt" timestamptz, "editedAt" timestamptz, "lastActivityAt" timestamptz,
  "presentationId" uuid, "revisionsKept" app.deck_export_revision[]
);
comment on type app.deck_export_response is 'An exported form response (app.form_response_summary), with its deck and every kept revision.';

create type app.deck_export as (
  "exportedAt" timestamptz, "workspaceId" uuid, decks app.deck_export_deck[], views app.deck_export_view[],
  responses app.deck_export_response[]
);
comment on type app.deck_export is 'Export (data:export): the decks you manage in the workspace with versions and links, their views and their form responses.';
