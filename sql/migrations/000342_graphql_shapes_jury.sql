-- Issue 44 (typed GraphQL), jury judging: the composite types GraphQL shows the JSON answers
-- of the jury functions as (sql/functions/app/*jury*.sql; each names its type with
-- `@shape`). Field names are the JSON keys; a key added to a function's answer is added here
-- too, or GraphQL reads of it fail (app_private.json_shaped). Names avoid those of the jury
-- tables' own GraphQL types (JurySetting, JuryCriterion, JuryConflict, JuryAssignment,
-- JuryScore, JuryResult).

-- Criteria (app_private.jury_criteria_json).
create type app.jury_scale as (min integer, max integer);
comment on type app.jury_scale is 'The score scale of an event''s jury: every value a juror gives is a whole number from min to max.';

create type app.jury_criterion_spec as (position integer, name text, description text, weight integer);
comment on type app.jury_criterion_spec is 'One jury criterion in order: its position (from 1), name, description and whole-number weight.';

create type app.jury_criteria_sheet as (
  scale app.jury_scale, criteria app.jury_criterion_spec[], "totalWeight" integer, state text, fixed boolean
);
comment on type app.jury_criteria_sheet is 'The jury criteria of an event: the scale, the criteria in order, their total weight, the judging state (setup, open, closed) and whether the criteria are fixed (judging opened).';

-- Progress (app_private.jury_progress_json): counts only, never a score.
create type app.jury_team_progress as ("projectId" uuid, team text, assigned integer, submitted integer, drafts integer);
comment on type app.jury_team_progress is 'Judging progress of one team: jurors assigned, scores submitted, drafts in progress.';

create type app.jury_juror_progress as (juror text, name text, assigned integer, submitted integer, drafts integer, late boolean);
comment on type app.jury_juror_progress is 'Judging progress of one juror (by address): teams assigned, scores submitted, drafts, and whether they are late (behind the jury''s pace, or anything unscored after the close).';

create type app.jury_progress_report as (
  state text, assigned integer, submitted integer, teams app.jury_team_progress[], jurors app.jury_juror_progress[]
);
comment on type app.jury_progress_report is 'Judging progress as counts for organizers: scores submitted of those assigned, per team and per juror; never a score.';

-- The window (jury status, open, close).
create type app.jury_window_status as (
  state text, "openedAt" timestamptz, "closedAt" timestamptz, now timestamptz, role text, released boolean,
  progress app.jury_progress_report, assigned integer, submitted integer
);
comment on type app.jury_window_status is 'The judging window for the caller by the server clock (state setup, open or closed; opened and closed instants; now), the caller''s event role and whether a result is released. Organizers also get progress; a juror gets their own assigned and submitted counts (null for others).';

-- Assignments.
create type app.jury_assignment_line as (juror text, "projectId" uuid, team text, source text, "scoreState" text);
comment on type app.jury_assignment_line is 'One jury assignment: the juror (address), the team, how it was made (plan or manual) and the state of the juror''s score of it (none, draft, submitted).';

create type app.jury_juror_load as (juror text, name text, load integer);
comment on type app.jury_juror_load is 'A juror on the roster and how many teams they are assigned.';

create type app.jury_shortfall_team as ("projectId" uuid, team text, assigned integer, needed integer, "freeJurors" integer, reason text);
comment on type app.jury_shortfall_team is 'A team with fewer jurors than the plan''s k: assigned of needed, the jurors free of a conflict with it, and why.';

create type app.jury_assignment_board as (
  "perTeam" integer, seed bigint, state text, items app.jury_assignment_line[], jurors app.jury_juror_load[],
  shortfall app.jury_shortfall_team[]
);
comment on type app.jury_assignment_board is 'The jury assignments of an event: the last plan''s k (perTeam) and seed, the judging state, every assignment, each juror''s load and the teams short of k with why.';

create type app.jury_plan as (
  "perTeam" integer, seed bigint, state text, items app.jury_assignment_line[], jurors app.jury_juror_load[],
  shortfall app.jury_shortfall_team[], planned integer
);
comment on type app.jury_plan is 'A new jury plan (jury assign): the assignments as they stand after it (as jury assignments show answers them) and how many it made (planned).';

create type app.jury_assignment_added as (juror text, "projectId" uuid, team text, added boolean);
comment on type app.jury_assignment_added is 'A jury assignment made by hand: the juror, the team, and whether it was new (false when the pair was already assigned).';

create type app.jury_assignment_removed as (juror text, "projectId" uuid, team text, removed boolean);
comment on type app.jury_assignment_removed is 'A jury assignment taken back (with its draft): the juror, the team, and whether there was one to remove.';

-- Conflicts of interest.
create type app.jury_conflict_line as (juror text, "projectId" uuid, team text, kind text, reason text);
comment on type app.jury_conflict_line is 'A conflict of interest between a juror and a team: its kind (roster, advised, declared) and reason.';

create type app.jury_conflict_list as (items app.jury_conflict_line[]);
comment on type app.jury_conflict_list is 'Every conflict of interest of the event''s jurors (roster, advised, declared).';

create type app.jury_roster_conflict_count as (conflicts integer);
comment on type app.jury_roster_conflict_count is 'The conflicts the jury rows of a roster file declared (they replace those of the previous file): how many.';

-- Scores (app_private.jury_score_json): the juror's own.
create type app.jury_own_score as (
  "projectId" uuid, team text, state text, revision integer, draft jsonb, submission jsonb, note text,
  "acceptedAt" timestamptz, "submittedAt" timestamptz
);
comment on type app.jury_own_score is 'A juror''s own score of one team: state (none, draft, submitted), revision, the draft and the submission (each { criterion name: whole value }), the private note, when it was last accepted and submitted.';

create type app.jury_scoresheet_team as (
  "projectId" uuid, team text, tagline text, state text, revision integer, draft jsonb, submission jsonb, note text,
  "acceptedAt" timestamptz, "submittedAt" timestamptz
);
comment on type app.jury_scoresheet_team is 'A team a juror is assigned, with its tagline and the juror''s own score of it (state none until a draft is saved).';

create type app.jury_scoresheet as (
  scale app.jury_scale, criteria app.jury_criterion_spec[], "totalWeight" integer, state text, fixed boolean,
  juror text, items app.jury_scoresheet_team[]
);
comment on type app.jury_scoresheet is 'A juror''s score sheet: the criteria, scale and judging state, the juror''s address, and each assigned team with the juror''s own score.';

-- Results (app_private.jury_result_json; rows and ties from app_private.jury_tally).
create type app.jury_result_row as (
  rank integer, "projectId" uuid, name text, score text, fraction text, scores integer, assigned integer
);
comment on type app.jury_result_row is 'A team in a jury result: its rank (null when no score counted), the exact fraction in lowest terms and the decimal score (half up, 4 places) as text, scores counted and jurors assigned.';

create type app.jury_result_tie as (rank integer, "projectIds" uuid[], names text[]);
comment on type app.jury_result_tie is 'Teams sharing a rank in a jury result (equal exact fractions).';

create type app.jury_result_coverage as (teams integer, "teamsScored" integer, assigned integer, submitted integer, jurors integer);
comment on type app.jury_result_coverage is 'What a jury result covers: teams and teams scored, scores assigned and submitted, jurors counted.';

create type app.jury_result_version as (
  version integer, method text, "calculatedAt" timestamptz, released boolean, "releasedAt" timestamptz, digest text,
  rows app.jury_result_row[], ties app.jury_result_tie[], coverage app.jury_result_coverage
);
comment on type app.jury_result_version is 'One numbered jury result version: method (mean or rank), when calculated and released, the digest of its inputs (12 hex digits), ranked rows, ties and coverage.';

create type app.jury_result_list as (state text, items app.jury_result_version[]);
comment on type app.jury_result_list is 'The jury result versions the caller may read (organizers every one, others the released), newest first, with the judging state.';

create type app.jury_calculation as (
  version integer, method text, "calculatedAt" timestamptz, released boolean, "releasedAt" timestamptz, digest text,
  rows app.jury_result_row[], ties app.jury_result_tie[], coverage app.jury_result_coverage, created boolean
);
comment on type app.jury_calculation is 'The jury result version a calculation answers: a new one (created true), or the one already holding the same inputs (created false).';

-- The export (jury results export; podium jury recount reads it).
create type app.jury_export_criterion as (name text, weight integer);
comment on type app.jury_export_criterion is 'A criterion as a jury result counted it: name and weight, in order.';

create type app.jury_export_team as ("projectId" uuid, name text);
comment on type app.jury_export_team is 'A team a jury result counted.';

create type app.jury_export_score as ("projectId" uuid, juror text, "values" integer[]);
comment on type app.jury_export_score is 'A submitted score a jury result counted: the team, the juror''s label (J1, J2, …; never an address) and one value per criterion in order.';

create type app.jury_export_juror as (juror text, email text, name text);
comment on type app.jury_export_juror is 'A juror label of a jury export with the juror''s address and roster name (organizers only).';

create type app.jury_results_export_file as (
  format text, "resultVersion" integer, digest text, method text, scale app.jury_scale,
  criteria app.jury_export_criterion[], teams app.jury_export_team[], scores app.jury_export_score[], jurors app.jury_export_juror[]
);
comment on type app.jury_results_export_file is 'The inputs a jury result version counted (podium-jury-scores/1, for podium jury recount): method, scale, criteria, teams and scores by juror label, never a note; jurors (label to address) only when an organizer asks for identities.';
