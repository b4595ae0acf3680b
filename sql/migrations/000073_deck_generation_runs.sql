-- Generated decks, part 1: generation runs and their jobs (issue 16; spec "Generated deck"
-- records, States "Generated decks", `decks generate|runs|run`).
--
-- A run (`decks generate`) covers every team of the event with a frozen submission, both
-- kinds: one job row per team and kind, and one graphile-worker job `decks__generate` per
-- pending row, keyed `decks:generate:<job id>` so it is never queued twice. Work already done
-- at the run's revision (a deck of that kind, from the same evidence archive, not invalidated)
-- is `skipped` with its reason. `--new-revision` starts revision n+1: every team is generated
-- again, the decks of older revisions are kept.
--
-- The worker (workers/tasks/decks__generate.ts) drives a job through the app_private functions
-- below, never through `app`: it records what only it computed (the deck's files, the share
-- link secret's hash, findings). Publishing is one transaction keyed on the job, so a job run
-- twice (a killed replica's job freed and run by another) leaves one deck version.
--
-- The tables are private: callers read runs, jobs and logs through the `app` functions, which
-- check the scope, the roster role and the vote section first.

create table app_private.generation_runs (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references app.events (id) on delete cascade,
  revision integer not null check (revision >= 1),
  new_revision boolean not null default false,
  created_by uuid references app.users (id) on delete set null,
  created_at timestamptz not null
);
create index generation_runs_event_id_idx on app_private.generation_runs (event_id, created_at desc);
create index generation_runs_created_by_idx on app_private.generation_runs (created_by);
comment on table app_private.generation_runs is 'Deck generation runs: one per decks generate, at a generation revision.';

create table app_private.generation_jobs (
  id uuid primary key default gen_random_uuid(),
  run_id uuid not null references app_private.generation_runs (id) on delete cascade,
  event_id uuid not null references app.events (id) on delete cascade,
  project_id uuid not null references app.projects (id) on delete cascade,
  kind text not null check (kind in ('jury', 'community')),
  revision integer not null check (revision >= 1),
  status text not null check (status in ('pending', 'running', 'review', 'failed', 'skipped')),
  skip_reason text,
  submission_sha text not null check (submission_sha ~ '^[0-9a-f]{40}$'),
  archive_sha256 text not null check (archive_sha256 ~ '^[0-9a-f]{64}$'),
  attempts integer not null default 0 check (attempts >= 0),
  last_error text check (length(last_error) <= 2000),
  log text not null default '',
  created_at timestamptz not null,
  started_at timestamptz,
  finished_at timestamptz,
  unique (run_id, project_id, kind),
  check ((status = 'skipped') = (skip_reason is not null))
);
create index generation_jobs_event_id_idx on app_private.generation_jobs (event_id, status);
create index generation_jobs_project_id_idx on app_private.generation_jobs (project_id, kind, created_at desc);
comment on table app_private.generation_jobs is
  'One job per team and kind of a run: status, attempts, last error, the evidence it reads, and its private log.';

-- The deck-service deck that holds every generated version of one team's kind.
create table app_private.generated_deck_targets (
  project_id uuid not null references app.projects (id) on delete cascade,
  kind text not null check (kind in ('jury', 'community')),
  deck_id uuid not null references app.decks (id) on delete cascade,
  primary key (project_id, kind)
);
create index generated_deck_targets_deck_id_idx on app_private.generated_deck_targets (deck_id);
comment on table app_private.generated_deck_targets is 'The deck of the deck service that holds the generated versions of one team''s jury or community deck.';

create table app_private.generated_decks (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references app.events (id) on delete cascade,
  project_id uuid not null references app.projects (id) on delete cascade,
  kind text not null check (kind in ('jury', 'community')),
  job_id uuid not null unique references app_private.generation_jobs (id) on delete cascade,
  revision integer not null check (revision >= 1),
  deck_id uuid not null references app.decks (id) on delete cascade,
  version integer not null check (version >= 1),
  link_id uuid references app.share_links (id) on delete set null,
  template text not null,
  schema_version integer not null,
  min_screens integer not null,
  max_screens integer not null,
  generator text not null check (length(generator) between 1 and 200),
  submission_sha text not null check (submission_sha ~ '^[0-9a-f]{40}$'),
  archive_sha256 text not null check (archive_sha256 ~ '^[0-9a-f]{64}$'),
  screens jsonb not null check (jsonb_typeof(screens) = 'array'),
  findings jsonb not null default '[]' check (jsonb_typeof(findings) = 'array'),
  review text not null default 'pending' check (review in ('pending', 'approved', 'rejected')),
  review_note text check (length(review_note) between 1 and 1000 and review_note !~ '[\x01-\x08\x0b-\x1f\x7f]'),
  reviewed_by uuid references app.users (id) on delete set null,
  reviewed_at timestamptz,
  release text not null default 'not released' check (release in ('released', 'superseded', 'not released')),
  released_at timestamptz,
  invalidated_at timestamptz,
  created_at timestamptz not null,
  unique (deck_id, version)
);
create index generated_decks_project_idx on app_private.generated_decks (project_id, kind, created_at desc);
create index generated_decks_event_id_idx on app_private.generated_decks (event_id);
create index generated_decks_link_id_idx on app_private.generated_decks (link_id);
create index generated_decks_reviewed_by_idx on app_private.generated_decks (reviewed_by);
create unique index generated_decks_one_released on app_private.generated_decks (project_id, kind) where release = 'released';
comment on table app_private.generated_decks is
  'Each generated deck version: template, evidence, screens with their claims, validation findings, review and release.';

-- The one place that says whether the vote has pinned what the gallery shows: once voting
-- opened (and, when the community vote records an eligibility lock, once eligibility is
-- locked: extend this function, nothing else), a released deck may not be rejected or
-- superseded and no new generation revision starts (content_pinned).
create function app_private.generated_content_pinned(p_event uuid) returns boolean
  language sql stable set search_path = '' as $$
  select coalesce((select e.voting_opened_at is not null from app.events e where e.id = p_event), false)
$$;
comment on function app_private.generated_content_pinned(uuid) is
  'Whether the vote pinned the released decks of the event (voting opened; the eligibility lock once the vote records one).';

create function app_private.current_generation_revision(p_event uuid) returns integer
  language sql stable set search_path = '' as $$
  select coalesce(max(r.revision), 0) from app_private.generation_runs r where r.event_id = p_event
$$;

create function app_private.generation_run_json(r app_private.generation_runs) returns jsonb
  language sql stable set search_path = '' as $$
  select jsonb_build_object('id', r.id, 'revision', r.revision, 'newRevision', r.new_revision,
    'status', case when c.pending + c.running > 0 then 'running' else 'done' end,
    'createdAt', app_private.iso(r.created_at),
    'counts', jsonb_build_object('pending', c.pending, 'running', c.running, 'review', c.review, 'failed', c.failed, 'skipped', c.skipped))
  from (select count(*) filter (where j.status = 'pending')::int as pending, count(*) filter (where j.status = 'running')::int as running,
               count(*) filter (where j.status = 'review')::int as review, count(*) filter (where j.status = 'failed')::int as failed,
               count(*) filter (where j.status = 'skipped')::int as skipped
          from app_private.generation_jobs j where j.run_id = r.id) c
$$;
comment on function app_private.generation_run_json(app_private.generation_runs) is 'A run on the wire: id, revision, status (running while a job is pending or running, else done), creation time, counts.';

create function app_private.generation_job_json(j app_private.generation_jobs, p_log boolean) returns jsonb
  language sql stable set search_path = '' as $$
  select jsonb_build_object('id', j.id, 'team', jsonb_build_object('id', p.id, 'name', p.name), 'kind', j.kind,
    'status', j.status, 'attempts', j.attempts, 'lastError', j.last_error, 'skipReason', j.skip_reason,
    'sha', j.submission_sha,
    'deck', (select jsonb_build_object('id', g.id, 'version', g.version) from app_private.generated_decks g where g.job_id = j.id))
    || case when p_log then jsonb_build_object('log', j.log) else '{}' end
  from app.projects p where p.id = j.project_id
$$;

-- decks generate [--new-revision] (and admin generate-all-presentations).
create function app.start_deck_generation(p_new_revision boolean default false) returns jsonb
  language plpgsql volatile security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx;
  e app.events;
  busy uuid;
  cur integer;
  rev integer;
  r app_private.generation_runs;
  t record;
  k text;
  done record;
  j app_private.generation_jobs;
  skipped jsonb := '[]';
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  perform app_private.require_vote_on(ctx.event_id);
  -- One start at a time per event: the event row is the lock.
  select * into e from app.events x where x.id = ctx.event_id for update;
  if app.now() < e.freeze_at then
    perform app_private.fail('event_not_closed', format('Decks are generated from frozen submissions, after the freeze (%s)', app_private.iso(e.freeze_at)),
      jsonb_build_object('freezeAt', app_private.iso(e.freeze_at)));
  end if;
  select j2.run_id into busy from app_private.generation_jobs j2
   where j2.event_id = e.id and j2.status in ('pending', 'running') limit 1;
  if busy is not null then
    perform app_private.fail('run_in_progress', format('Run %s is still in progress: follow it with decks run %s', busy, busy), jsonb_build_object('runId', busy));
  end if;
  cur := app_private.current_generation_revision(e.id);
  if coalesce(p_new_revision, false) and app_private.generated_content_pinned(e.id) then
    perform app_private.fail('content_pinned', 'The vote pinned the released decks: no new generation revision starts once voting opened');
  end if;
  rev := case when coalesce(p_new_revision, false) or cur = 0 then cur + 1 else cur end;
  insert into app_private.generation_runs (event_id, revision, new_revision, created_by, created_at)
  values (e.id, rev, coalesce(p_new_revision, false), ctx.user_id, app.now()) returning * into r;

  for t in
    select p.id, p.name, s.sha, s.archive_sha256
      from app.event_teams et join app.projects p on p.id = et.project_id
      join app.submissions s on s.project_id = et.project_id
     where et.event_id = e.id and et.left_at is null and s.state = 'frozen'
     order by lower(p.name), p.id
  loop
    foreach k in array array['jury', 'community'] loop
      select g.version into done from app_private.generated_decks g
       where g.project_id = t.id and g.kind = k and g.revision = rev and g.archive_sha256 = t.archive_sha256 and g.invalidated_at is null
       order by g.version desc limit 1;
      if found then
        insert into app_private.generation_jobs (run_id, event_id, project_id, kind, revision, status, skip_reason, submission_sha, archive_sha256, created_at, finished_at)
        values (r.id, e.id, t.id, k, rev, 'skipped',
                format('%s deck v%s was already generated at revision %s from this evidence', k, done.version, rev),
                t.sha, t.archive_sha256, app.now(), app.now())
        returning * into j;
        skipped := skipped || jsonb_build_object('team', jsonb_build_object('id', t.id, 'name', t.name), 'kind', k, 'reason', j.skip_reason);
      else
        insert into app_private.generation_jobs (run_id, event_id, project_id, kind, revision, status, submission_sha, archive_sha256, created_at)
        values (r.id, e.id, t.id, k, rev, 'pending', t.sha, t.archive_sha256, app.now())
        returning * into j;
        perform graphile_worker.add_job('decks__generate', json_build_object('jobId', j.id),
          job_key => 'decks:generate:' || j.id, max_attempts => 10);
      end if;
    end loop;
  end loop;
  return jsonb_build_object('run', app_private.generation_run_json(r), 'skipped', skipped);
end;
$$;
comment on function app.start_deck_generation(boolean) is
  'decks generate: a run over every team with a frozen submission, both kinds (organizer; vote section on). event_not_closed before the freeze, run_in_progress while a run has pending or running jobs, content_pinned for a new revision once the vote pinned the released decks.';
grant execute on function app.start_deck_generation(boolean) to podium_app;

-- decks runs
create function app.deck_generation_runs() returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.organizer_ctx('hackathon:read');
  perform app_private.require_vote_on(ctx.event_id);
  return jsonb_build_object('currentRevision', app_private.current_generation_revision(ctx.event_id),
    'items', coalesce((select jsonb_agg(app_private.generation_run_json(r) order by r.created_at desc, r.id desc)
                         from (select * from app_private.generation_runs x where x.event_id = ctx.event_id
                                order by x.created_at desc, x.id desc limit 100) r), '[]'));
end;
$$;
comment on function app.deck_generation_runs() is 'decks runs: the current generation revision and the newest 100 runs with their counts (organizer; vote section on).';
grant execute on function app.deck_generation_runs() to podium_app;

-- decks run <runId> [--log] (and admin generation-status --run <id>)
create function app.deck_generation_run(p_run uuid, p_log boolean default false) returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx;
  r app_private.generation_runs;
begin
  ctx := app_private.organizer_ctx('hackathon:read');
  perform app_private.require_vote_on(ctx.event_id);
  select * into r from app_private.generation_runs x where x.id = p_run and x.event_id = ctx.event_id;
  if r.id is null then
    perform app_private.fail('run_not_found', 'No such generation run in this event; decks runs lists them', jsonb_build_object('runId', p_run));
  end if;
  return jsonb_build_object('run', app_private.generation_run_json(r),
    'jobs', coalesce((select jsonb_agg(app_private.generation_job_json(j, coalesce(p_log, false)) order by lower(p.name), p.id, j.kind = 'community')
                        from app_private.generation_jobs j join app.projects p on p.id = j.project_id where j.run_id = r.id), '[]'));
end;
$$;
comment on function app.deck_generation_run(uuid, boolean) is
  'decks run: the run head and each job (team, kind, status, attempts, last error or deck version), with the private logs when asked (organizer; vote section on). run_not_found otherwise.';
grant execute on function app.deck_generation_run(uuid, boolean) to podium_app;

-- ---------------------------------------------------------------------------------------
-- The worker's side (not granted to podium_app: the worker calls them on its own connection).

-- A job begins: what it generates from, or null when there is nothing left to do (already
-- finished, or its deck is published: a killed run's job run again ends here).
create function app_private.generation_job_begin(p_job uuid) returns jsonb
  language plpgsql volatile set search_path = '' as $$
declare
  j app_private.generation_jobs;
  e app.events;
  p app.projects;
  t app_private.deck_templates;
begin
  select * into j from app_private.generation_jobs x where x.id = p_job for update;
  if j.id is null or j.status in ('review', 'failed', 'skipped') then
    return null;
  end if;
  if exists (select 1 from app_private.generated_decks g where g.job_id = j.id) then
    update app_private.generation_jobs x set status = 'review', finished_at = coalesce(x.finished_at, app.now()) where x.id = j.id;
    return null;
  end if;
  update app_private.generation_jobs x set status = 'running', attempts = x.attempts + 1, started_at = app.now(),
    log = x.log || format(E'%s attempt %s started\n', app_private.iso(app.now()), x.attempts + 1)
   where x.id = j.id returning * into j;
  select * into e from app.events x where x.id = j.event_id;
  select * into p from app.projects x where x.id = j.project_id;
  select * into t from app_private.deck_templates x where x.kind = j.kind;
  return jsonb_build_object('jobId', j.id, 'runId', j.run_id, 'kind', j.kind, 'revision', j.revision, 'attempts', j.attempts,
    'eventId', e.id, 'eventName', e.name, 'workspaceId', e.workspace_id,
    'team', jsonb_build_object('id', p.id, 'name', p.name),
    'sha', j.submission_sha, 'archiveSha256', j.archive_sha256,
    'archiveName', 'submission-' || left(j.submission_sha, 12) || '.tar.gz',
    'repository', (select r.full_name from app.team_repositories r where r.project_id = p.id),
    'window', jsonb_build_object('startsAt', app_private.iso(e.starts_at), 'freezeAt', app_private.iso(e.freeze_at)),
    'template', app_private.deck_template_json(t));
end;
$$;
comment on function app_private.generation_job_begin(uuid) is
  'Worker: marks a generation job running (attempts + 1) and answers what it generates from; null when it is finished or its deck is already published.';

create function app_private.generation_job_log(p_job uuid, p_line text) returns void
  language sql volatile set search_path = '' as $$
  -- The newest 64 KiB are kept.
  update app_private.generation_jobs x
     set log = right(x.log || app_private.iso(app.now()) || ' ' || replace(left(p_line, 2000), E'\n', ' ') || E'\n', 65536)
   where x.id = p_job
$$;
comment on function app_private.generation_job_log(uuid, text) is 'Worker: appends one line to the private log of a job.';

-- A failed attempt: retried (back to pending) unless p_final, then failed for good.
create function app_private.generation_job_failed(p_job uuid, p_error text, p_final boolean) returns void
  language sql volatile set search_path = '' as $$
  update app_private.generation_jobs x
     set status = case when p_final then 'failed' else 'pending' end,
         last_error = left(coalesce(p_error, 'unknown error'), 2000),
         finished_at = case when p_final then app.now() end,
         log = right(x.log || app_private.iso(app.now()) || ' ' || case when p_final then 'failed: ' else 'attempt failed, will retry: ' end
                     || replace(left(coalesce(p_error, 'unknown error'), 2000), E'\n', ' ') || E'\n', 65536)
   where x.id = p_job and x.status in ('pending', 'running')
$$;
comment on function app_private.generation_job_failed(uuid, text, boolean) is 'Worker: records a failed attempt (pending again for a retry, or failed when final) with its error.';

-- Publishes a generated deck as the next version of the team's kind deck in the deck
-- service, with a read-only share link pinned to that version, in one transaction keyed on
-- the job: a second call for the same job answers the deck published by the first.
-- p_deck: { title, entry, files: [{ path, sha256, size }], screens, findings, generator }
-- (blobs already stored and verified by the worker); p_token_hash: sha256 of the link secret.
create function app_private.publish_generated_deck(p_job uuid, p_deck jsonb, p_token_hash bytea) returns jsonb
  language plpgsql volatile set search_path = '' as $$
declare
  j app_private.generation_jobs;
  e app.events;
  p app.projects;
  t app_private.deck_templates;
  owner uuid;
  d app.decks;
  v app.deck_versions;
  l app.share_links;
  g app_private.generated_decks;
  files jsonb := p_deck -> 'files';
begin
  select * into j from app_private.generation_jobs x where x.id = p_job for update;
  if j.id is null then
    raise exception 'publish_generated_deck: no job %', p_job;
  end if;
  select * into g from app_private.generated_decks x where x.job_id = j.id;
  if g.id is not null then
    return jsonb_build_object('id', g.id, 'deckId', g.deck_id, 'version', g.version, 'created', false);
  end if;
  select * into e from app.events x where x.id = j.event_id;
  select * into p from app.projects x where x.id = j.project_id;
  select * into t from app_private.deck_templates x where x.kind = j.kind;
  -- The deck belongs to the workspace; its owner is the organizer who started the run (else
  -- the workspace's first owner), so workspace owners and admins, and that organizer, see it.
  select coalesce(
    (select r.created_by from app_private.generation_runs r
       join app.memberships m on m.user_id = r.created_by and m.workspace_id = e.workspace_id where r.id = j.run_id),
    (select m.user_id from app.memberships m where m.workspace_id = e.workspace_id and m.role = 'owner' order by m.created_at, m.user_id limit 1))
  into owner;

  insert into app_private.blobs (sha256, size)
  select f.sha256, f.size from jsonb_to_recordset(files) as f (path text, sha256 text, size bigint)
  on conflict (sha256) do nothing;
  insert into app_private.workspace_blobs (workspace_id, sha256)
  select distinct e.workspace_id, f.sha256 from jsonb_to_recordset(files) as f (path text, sha256 text, size bigint)
  on conflict do nothing;

  select d2.* into d from app_private.generated_deck_targets gt join app.decks d2 on d2.id = gt.deck_id
   where gt.project_id = p.id and gt.kind = j.kind and d2.deleted_at is null
   for update of d2;
  if d.id is null then
    insert into app.decks (workspace_id, owner_id, title, kind, metadata, current_version, created_at, updated_at)
    values (e.workspace_id, owner, left(p.name || case when j.kind = 'jury' then ' - jury deck' else ' - community deck' end, 200), 'presentation',
            jsonb_build_object('generated', jsonb_build_object('kind', j.kind, 'projectId', p.id, 'eventId', e.id)), 0, app.now(), app.now())
    returning * into d;
    insert into app_private.generated_deck_targets (project_id, kind, deck_id) values (p.id, j.kind, d.id)
    on conflict (project_id, kind) do update set deck_id = excluded.deck_id;
  end if;
  update app.decks x set current_version = x.current_version + 1, updated_at = app.now() where x.id = d.id returning * into d;
  v := app_private.write_version(d.id, d.current_version, p_deck ->> 'entry', files);

  insert into app.share_links (deck_id, name, pinned_version, show_bar, can_download, forms_enabled, expires_at, has_password, counts_nothing, created_by, created_at)
  values (d.id, format('Gallery view v%s', v.number), v.number, false, false, false, null, false, false, owner, app.now())
  returning * into l;
  insert into app_private.share_link_secrets (link_id, token_hash) values (l.id, p_token_hash);

  insert into app_private.generated_decks (event_id, project_id, kind, job_id, revision, deck_id, version, link_id, template, schema_version,
    min_screens, max_screens, generator, submission_sha, archive_sha256, screens, findings, created_at, invalidated_at)
  values (e.id, p.id, j.kind, j.id, j.revision, d.id, v.number, l.id, t.name, t.schema_version, t.min_screens, t.max_screens,
    p_deck ->> 'generator', j.submission_sha, j.archive_sha256, p_deck -> 'screens', coalesce(p_deck -> 'findings', '[]'), app.now(),
    -- an exception with --invalidate-decks recorded while this job ran invalidates its deck too
    (select max(se.at) from app.submission_exceptions se where se.project_id = p.id and se.invalidate_decks and se.at >= j.created_at))
  returning * into g;
  update app_private.generation_jobs x set status = 'review', finished_at = app.now(), last_error = null,
    log = x.log || format(E'%s published %s deck v%s (%s findings)\n', app_private.iso(app.now()), j.kind, v.number, jsonb_array_length(g.findings))
   where x.id = j.id;
  return jsonb_build_object('id', g.id, 'deckId', d.id, 'version', v.number, 'created', true);
end;
$$;
comment on function app_private.publish_generated_deck(uuid, jsonb, bytea) is
  'Worker: publishes a job''s deck as the next version of the team''s kind deck, with a read-only share link pinned to it (once per job).';
