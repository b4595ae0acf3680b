-- Issue 43: jury judging. The tables of the jury (criteria, declared conflicts, assignments,
-- the judging window, scores, results) with row security; the rules are functions in
-- sql/functions/{app,app_private}/jury_*.sql. A juror is a roster row of role jury, keyed
-- by its normalised address (app_private.normalize_email), so a submitted score can outlive
-- the roster row when the organizer keeps it at removal (--keep-scores).

create table app.jury_settings (
  event_id uuid primary key references app.events (id) on delete cascade,
  scale_min integer not null default 1 check (scale_min >= 0 and scale_min <= 100),
  scale_max integer not null default 5 check (scale_max <= 100),
  opened_at timestamptz,
  opened_by uuid references app.users (id) on delete set null,
  closed_at timestamptz,
  closed_by uuid references app.users (id) on delete set null,
  updated_at timestamptz not null default now(),
  check (scale_max > scale_min),
  check (closed_at is null or opened_at is not null)
);
create index jury_settings_opened_by_idx on app.jury_settings (opened_by);
create index jury_settings_closed_by_idx on app.jury_settings (closed_by);
comment on table app.jury_settings is E'@behavior -insert -update -delete\nThe jury of an event: the score scale (1-5 by default) and the judging window (opened, closed) by the server clock.';

create table app.jury_criteria (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references app.events (id) on delete cascade,
  position integer not null check (position >= 1),
  name text not null check (length(name) between 1 and 60 and name !~ '[[:cntrl:]]' and name !~ '[=,]'),
  description text check (length(description) between 1 and 1000 and description !~ '[\x01-\x08\x0b-\x1f\x7f]'),
  weight integer not null check (weight between 1 and 1000),
  unique (event_id, position)
);
create unique index jury_criteria_name_key on app.jury_criteria (event_id, lower(name));
comment on table app.jury_criteria is E'@behavior -insert -update -delete\nThe jury criteria of an event in order: name, description, whole-number weight. Fixed once judging opened.';

create table app.jury_conflicts (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references app.events (id) on delete cascade,
  juror text not null check (app_private.is_email(juror)),
  project_id uuid not null references app.projects (id) on delete cascade,
  reason text check (length(reason) between 1 and 500 and reason !~ '[[:cntrl:]]'),
  source text not null default 'declared' check (source in ('declared', 'roster')),
  declared_by uuid references app.users (id) on delete set null,
  created_at timestamptz not null default app_private.ms(now())
);
create unique index jury_conflicts_key on app.jury_conflicts (event_id, juror, project_id);
create index jury_conflicts_project_idx on app.jury_conflicts (project_id);
create index jury_conflicts_declared_by_idx on app.jury_conflicts (declared_by);
comment on table app.jury_conflicts is E'@behavior -insert -update -delete\nDeclared conflicts of interest (jury conflicts add, or the conflicts field of a jury row of the roster file). Roster and advising conflicts are derived, not stored.';

create table app.jury_assignments (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references app.events (id) on delete cascade,
  juror text not null check (app_private.is_email(juror)),
  project_id uuid not null references app.projects (id) on delete cascade,
  source text not null check (source in ('plan', 'manual')),
  created_at timestamptz not null default app_private.ms(now())
);
create unique index jury_assignments_key on app.jury_assignments (event_id, juror, project_id);
create index jury_assignments_project_idx on app.jury_assignments (project_id);
comment on table app.jury_assignments is E'@behavior -insert -update -delete\nWhich juror judges which team (from jury assign or by hand); never a conflicted pair.';

create table app.jury_scores (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references app.events (id) on delete cascade,
  juror text not null check (app_private.is_email(juror)),
  project_id uuid not null references app.projects (id) on delete cascade,
  state text not null check (state in ('draft', 'submitted')),
  revision integer not null check (revision >= 1),
  draft jsonb check (jsonb_typeof(draft) = 'object'),
  submission jsonb check (jsonb_typeof(submission) = 'object'),
  note text check (length(note) <= 4000 and note !~ '[\x01-\x08\x0b-\x1f\x7f]'),
  accepted_at timestamptz not null,
  submitted_at timestamptz,
  juror_removed_at timestamptz,
  check ((state = 'submitted') = (submission is not null and submitted_at is not null))
);
create unique index jury_scores_key on app.jury_scores (event_id, juror, project_id);
create index jury_scores_project_idx on app.jury_scores (project_id);
comment on table app.jury_scores is E'@behavior -insert -update -delete\nA juror''s score of one team: one whole value per criterion (draft and submission), a private note, revision. Read by the juror alone, and by organizers after the close; never by participants.';

create table app.jury_results (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references app.events (id) on delete cascade,
  version integer not null check (version >= 1),
  method text not null check (method in ('mean', 'rank')),
  calculated_at timestamptz not null,
  calculated_by uuid references app.users (id) on delete set null,
  released_at timestamptz,
  released_by uuid references app.users (id) on delete set null,
  digest text not null check (digest ~ '^[0-9a-f]{64}$'),
  rows jsonb not null,
  ties jsonb not null,
  coverage jsonb not null,
  unique (event_id, version)
);
create index jury_results_digest_idx on app.jury_results (event_id, digest);
create index jury_results_calculated_by_idx on app.jury_results (calculated_by);
create index jury_results_released_by_idx on app.jury_results (released_by);
comment on table app.jury_results is E'@behavior -insert -update -delete\nJury results, one numbered version per calculation: rows (rank, exact fraction, decimal, coverage), ties, method, digest (sha256 of the inputs), release.';

-- The inputs a result counted (scale, criteria, scores with pseudonymous juror labels and
-- the label -> address map), kept so the export and the recount read exactly what was counted.
create table app_private.jury_result_inputs (
  result_id uuid primary key references app.jury_results (id) on delete cascade,
  inputs jsonb not null,
  jurors jsonb not null
);

alter table app.jury_settings enable row level security;
alter table app.jury_criteria enable row level security;
alter table app.jury_conflicts enable row level security;
alter table app.jury_assignments enable row level security;
alter table app.jury_scores enable row level security;
alter table app.jury_results enable row level security;
grant select on app.jury_settings, app.jury_criteria, app.jury_conflicts, app.jury_assignments, app.jury_scores, app.jury_results to podium_app;

-- Settings and criteria: every role of the event reads them (the form shows the criteria).
create policy jury_settings_select on app.jury_settings for select to podium_app using (
  (select app.has_scope('hackathon:read')) and event_id = (select (app_private.event_ctx_or_null()).event_id)
  and (select (app_private.event_ctx_or_null()).role) is not null);
create policy jury_criteria_select on app.jury_criteria for select to podium_app using (
  (select app.has_scope('hackathon:read')) and event_id = (select (app_private.event_ctx_or_null()).event_id)
  and (select (app_private.event_ctx_or_null()).role) is not null);
-- Conflicts: organizers only.
create policy jury_conflicts_select on app.jury_conflicts for select to podium_app using (
  (select app.has_scope('hackathon:read')) and event_id = (select (app_private.event_ctx_or_null()).event_id)
  and (select (app_private.event_ctx_or_null()).role) = 'organizer');
-- Assignments: organizers, and a juror their own.
create policy jury_assignments_select on app.jury_assignments for select to podium_app using (
  (select app.has_scope('hackathon:read')) and event_id = (select (app_private.event_ctx_or_null()).event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer'
       or ((select (app_private.event_ctx_or_null()).role) = 'jury'
           and juror = (select app_private.normalize_email(u.email) from app.users u where u.id = (select app.current_user_id())))));
-- Scores: the juror their own; organizers once judging closed; participants never.
create policy jury_scores_select on app.jury_scores for select to podium_app using (
  (select app.has_scope('hackathon:read')) and event_id = (select (app_private.event_ctx_or_null()).event_id)
  and (((select (app_private.event_ctx_or_null()).role) = 'jury'
        and juror = (select app_private.normalize_email(u.email) from app.users u where u.id = (select app.current_user_id())))
       or ((select (app_private.event_ctx_or_null()).role) = 'organizer'
           and exists (select 1 from app.jury_settings s where s.event_id = jury_scores.event_id and s.closed_at is not null and s.closed_at <= (select app.now())))));
-- Results: organizers every version; everyone else on the roster once released.
create policy jury_results_select on app.jury_results for select to podium_app using (
  (select app.has_scope('hackathon:read')) and event_id = (select (app_private.event_ctx_or_null()).event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer'
       or (released_at is not null and (select (app_private.event_ctx_or_null()).role) in ('participant', 'advisor', 'jury'))));

-- The last plan's parameters, shown by jury assignments show (shortfall against k).
alter table app.jury_settings add column per_team integer not null default 3 check (per_team between 1 and 100);
alter table app.jury_settings add column seed bigint not null default 0;
