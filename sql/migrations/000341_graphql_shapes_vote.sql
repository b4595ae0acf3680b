-- Issue 44 (typed GraphQL), the community vote: the composite types GraphQL shows the JSON
-- answers of the vote's `app` functions as (their `@shape`). Field names are the JSON keys;
-- a key added to one of these answers is added here too, or GraphQL reads of it fail
-- (app_private.json_shaped). The vote window's keys (app_private.vote_window_json) recur in
-- every answer that carries the window, flat, as the JSON has them.

-- Teams and candidates named inside other answers.
create type app.vote_candidate_ref as (
  "projectId" uuid,
  name text
);
comment on type app.vote_candidate_ref is 'A candidate team of the community vote, by its project id and name: one place of a ranking (best first), or a candidate of a results export.';

-- Results (app_private.vote_result_json and what app_private.vote_calculate stores).
create type app.vote_result_row as (
  rank integer,
  "projectId" uuid,
  name text,
  score text,
  fraction text,
  ballots integer
);
comment on type app.vote_result_row is 'One candidate''s line of a community vote result: its rank (null when no counted ballot ranks it; equal ranks are ties), its mean score to 4 places and as an exact fraction, and how many counted ballots rank it.';

create type app.vote_result_tie as (
  rank integer,
  "projectIds" uuid[],
  names text[]
);
comment on type app.vote_result_tie is 'Candidates sharing one rank of a community vote result: the rank, and their project ids and names in the order of the rows.';

create type app.vote_result_coverage as (
  voters integer,
  submitted integer,
  invalidated integer,
  candidates integer,
  "excludedCandidates" integer,
  "excludedVoters" integer
);
comment on type app.vote_result_coverage is 'What a community vote result counted: the eligible voters, ballots submitted (counted) and invalidated, and the candidates included and excluded, voters excluded.';

create type app.vote_results_version as (
  version integer,
  "eligibilityVersion" integer,
  "calculatedAt" timestamptz,
  released boolean,
  "releasedAt" timestamptz,
  digest text,
  rows app.vote_result_row[],
  ties app.vote_result_tie[],
  coverage app.vote_result_coverage
);
comment on type app.vote_results_version is 'One results version of the community vote: the eligibility version it counted, when it was calculated and released, the first 12 hex digits of its ballot digest, the ranked rows, the ties and the coverage.';

create type app.vote_results_history as (
  items app.vote_results_version[],
  "nextCursor" text
);
comment on type app.vote_results_history is 'Every results version of the community vote, newest first (organizers see unreleased ones too); nextCursor is always null: the list is whole.';

create type app.vote_results_export as (
  format text,
  "eligibilityVersion" integer,
  "resultVersion" integer,
  digest text,
  candidates app.vote_candidate_ref[],
  ballots jsonb
);
comment on type app.vote_results_export is 'The counted ballots of a results version, what podium vote recount reads: format (podium-vote-ballots/1), versions, digest prefix, the included candidates, and ballots: a JSON array of rankings in canonical order, each an array of project ids best first (no voter, no ballot id).';

create type app.vote_calculation as (
  version integer,
  created boolean,
  result app.vote_results_version
);
comment on type app.vote_calculation is 'A results calculation: the results version that holds the counted ballots, whether this call created it (false: an earlier version already holds the same ballots), and that version.';

create type app.vote_recalculation as (
  version integer,
  created boolean
);
comment on type app.vote_recalculation is 'A recalculation after a ballot was invalidated: the results version that now holds the counted ballots and whether it is new.';

-- Status, ballot and ballot writes.
create type app.vote_voter_status as (
  eligible boolean,
  team app.team_ref,
  reason text
);
comment on type app.vote_voter_status is 'Whether the caller votes in the community vote, their team, and why not when they do not.';

create type app.vote_ballot_status as (
  state text,
  revision integer,
  "acceptedAt" timestamptz,
  "submittedAt" timestamptz
);
comment on type app.vote_ballot_status is 'The caller''s ballot at a glance: state (none, draft, submitted or invalidated), revision, when the last write was accepted and when it was submitted.';

create type app.vote_status_candidate as (
  "projectId" uuid,
  name text,
  yours boolean
);
comment on type app.vote_status_candidate is 'A candidate team of the community vote, marked when it is the caller''s own team.';

create type app.vote_status as (
  "voteState" text,
  "opensAt" timestamptz,
  "closesAt" timestamptz,
  "votingOpenedAt" timestamptz,
  "votingClosedAt" timestamptz,
  "serverTime" timestamptz,
  timezone text,
  "eligibilityVersion" integer,
  role text,
  voter app.vote_voter_status,
  ballot app.vote_ballot_status,
  candidates app.vote_status_candidate[],
  results app.vote_results_version,
  notice text
);
comment on type app.vote_status is 'The community vote as the caller sees it: the vote state and window (with server time and the event''s time zone), the eligibility version, their event role, whether they vote and their ballot (null when they do not vote), the candidates (theirs marked), the newest released results, and the notice.';

create type app.vote_ballot_candidate as (
  "projectId" uuid,
  name text,
  "voteLink" text
);
comment on type app.vote_ballot_candidate is 'A candidate team on the caller''s ballot, with the vote link to its deck.';

create type app.vote_ballot_sheet as (
  "voteState" text,
  "opensAt" timestamptz,
  "closesAt" timestamptz,
  "votingOpenedAt" timestamptz,
  "votingClosedAt" timestamptz,
  "serverTime" timestamptz,
  timezone text,
  "eligibilityVersion" integer,
  team app.team_ref,
  id uuid,
  state text,
  revision integer,
  "acceptedAt" timestamptz,
  "submittedAt" timestamptz,
  "canSubmit" boolean,
  "cannotSubmitReason" text,
  candidates app.vote_ballot_candidate[],
  draft app.vote_candidate_ref[],
  submission app.vote_candidate_ref[],
  "invalidationReason" text
);
comment on type app.vote_ballot_sheet is 'The caller''s community ballot: the vote window, the eligibility version, their team, the ballot''s id, state and revision, whether they can submit now (and why not), the candidates they rank (never their own team), the saved draft and the submitted ranking (best first), and why it was invalidated.';

create type app.vote_ballot_revision as (
  id uuid,
  "eligibilityVersion" integer,
  state text,
  revision integer,
  "acceptedAt" timestamptz,
  "submittedAt" timestamptz,
  draft app.vote_candidate_ref[],
  submission app.vote_candidate_ref[]
);
comment on type app.vote_ballot_revision is 'The caller''s ballot as a save or submit left it: its new revision, state, draft and submitted ranking (best first); pass the revision as the expected revision of the next write.';

-- The organizers' reads and changes.
create type app.vote_ballot_read_entry as (
  id uuid,
  email text,
  at timestamptz,
  "eligibilityVersion" integer,
  ballots integer
);
comment on type app.vote_ballot_read_entry is 'One read of the audited community ballot list: who read it, when, which eligibility version, and how many ballots it listed.';

create type app.vote_ballot_read_log as (
  items app.vote_ballot_read_entry[],
  "nextCursor" text
);
comment on type app.vote_ballot_read_log is 'Who read the community ballot list, newest first; nextCursor is always null: the list is whole.';

create type app.vote_coverage as (
  "eligibilityVersion" integer,
  submitted integer,
  invalidated integer,
  voters integer
);
comment on type app.vote_coverage is 'The community vote''s coverage for organizers: ballots submitted and invalidated of the current eligibility version and its voters (all 0, version null, before eligibility is locked).';

create type app.vote_eligibility_candidate as (
  "projectId" uuid,
  name text,
  included boolean,
  reason text,
  "memberCount" integer,
  confirmed boolean,
  ready boolean,
  readiness text
);
comment on type app.vote_eligibility_candidate is 'A candidate team of the community vote eligibility: included or excluded (with the reason), its participant count, whether it is confirmed, and its readiness (ready, or what is missing).';

create type app.vote_eligibility_voter as (
  email text,
  name text,
  team app.team_ref,
  included boolean,
  reason text
);
comment on type app.vote_eligibility_voter is 'A voter of the community vote eligibility: a participant on a team, included or excluded (with the reason).';

create type app.vote_eligibility_counts as (
  candidates integer,
  "candidatesExcluded" integer,
  voters integer,
  "votersExcluded" integer
);
comment on type app.vote_eligibility_counts is 'How many candidates and voters the community vote eligibility includes and excludes.';

create type app.vote_eligibility_overview as (
  "voteState" text,
  locked boolean,
  version integer,
  "lockedAt" timestamptz,
  "rosterLocked" boolean,
  "rosterLockedAt" timestamptz,
  candidates app.vote_eligibility_candidate[],
  voters app.vote_eligibility_voter[],
  counts app.vote_eligibility_counts
);
comment on type app.vote_eligibility_overview is 'The community vote eligibility: the locked version (or, while unlocked, the draft from the live roster and vote links), the roster lock, the candidates and voters with exclusions, and their counts.';

create type app.vote_eligibility_unlock as (
  unlocked boolean,
  version integer,
  "unlockedAt" timestamptz
);
comment on type app.vote_eligibility_unlock is 'An eligibility unlock: the version it ended and when (both null when nothing was locked).';

create type app.vote_opening as (
  "voteState" text,
  "opensAt" timestamptz,
  "closesAt" timestamptz,
  "votingOpenedAt" timestamptz,
  "votingClosedAt" timestamptz,
  "serverTime" timestamptz,
  timezone text,
  "eligibilityVersion" integer,
  "alreadyOpen" boolean
);
comment on type app.vote_opening is 'Voting opened: the vote window after it (scheduled until the configured opening, then open), the eligibility version voted on, and whether it was open or scheduled already.';

create type app.vote_closing as (
  "voteState" text,
  "opensAt" timestamptz,
  "closesAt" timestamptz,
  "votingOpenedAt" timestamptz,
  "votingClosedAt" timestamptz,
  "serverTime" timestamptz,
  timezone text,
  "closedAt" timestamptz,
  "alreadyClosed" boolean
);
comment on type app.vote_closing is 'Voting closed: the vote window after it, when it closed, and whether it was closed already.';

create type app.vote_invalidated_ballot as (
  id uuid,
  email text,
  state text,
  "invalidatedAt" timestamptz,
  "invalidationReason" text
);
comment on type app.vote_invalidated_ballot is 'A community ballot an organizer invalidated: its id, the voter''s email, its state, when and why.';

create type app.vote_ballot_invalidation as (
  ballot app.vote_invalidated_ballot,
  recalculated app.vote_recalculation
);
comment on type app.vote_ballot_invalidation is 'A ballot invalidation: the ballot, and the recalculated results version (null when no results had been calculated).';

create type app.vote_section_setting as (
  "voteSection" text
);
comment on type app.vote_section_setting is 'The event''s vote section after the change: on or off (while off, community and deck-generation commands are refused vote_off).';
