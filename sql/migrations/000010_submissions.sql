-- Hackathon event service: code host repositories, push webhook intake and submission
-- state. A delivery is one INSERT (app_private.record_delivery); the verdict is decided
-- there from the event and its repositories, so the request stays short and loses nothing.
-- The webhook secret is never stored: it is HMAC-SHA256(AUTH_SECRET, 'podium-webhook:' ||
-- event id), derived in core/codehost/webhook.ts, so every replica verifies without a read.

-- Repositories -----------------------------------------------------------------------------

-- One repository per event team on the code host, with its readiness.
create table app.team_repositories (
  project_id uuid primary key references app.projects (id) on delete cascade,
  event_id uuid not null references app.events (id) on delete cascade,
  full_name text not null check (full_name ~ '^[A-Za-z0-9-]{1,39}/[A-Za-z0-9._-]{1,100}$'),
  readiness text not null default 'planned' check (readiness in ('planned', 'created', 'invited', 'ready', 'attention', 'unassigned')),
  template_sha text check (template_sha ~ '^[0-9a-f]{40}$'), -- the template revision the repository was created from
  attention text, -- why readiness is attention
  updated_at timestamptz not null default now()
);
create unique index team_repositories_name_key on app.team_repositories (event_id, lower(full_name));
comment on table app.team_repositories is E'@behavior -insert -update -delete\nThe code-host repository of each event team, with its readiness (planned, created, invited, ready, attention, unassigned).';

-- The local code host's access list (CODE_HOST=local): who may fetch or push which
-- repository. An invitation counts once accepted. The GitHub driver keeps this on GitHub.
create table app_private.local_repository_access (
  full_name text not null,
  user_id uuid not null references app.users (id) on delete cascade,
  permission text not null check (permission in ('maintain', 'read')),
  invited_at timestamptz not null default now(),
  accepted_at timestamptz
);
create unique index local_repository_access_key on app_private.local_repository_access (lower(full_name), user_id);
create index local_repository_access_user_idx on app_private.local_repository_access (user_id);

-- Receipts ---------------------------------------------------------------------------------

-- Every delivery the webhook accepted past its signature, in receipt order (seq). A delivery
-- id is recorded once per event. Accepted receipts are also the team's activity items.
create table app.submission_receipts (
  seq bigint generated always as identity primary key,
  event_id uuid not null references app.events (id) on delete cascade,
  project_id uuid references app.projects (id) on delete cascade, -- null: unknown repository
  delivery_id text not null check (length(delivery_id) between 1 and 200),
  kind text not null check (kind in ('push', 'pull_request', 'other')),
  received_at timestamptz not null,
  repository text,
  ref text,
  sha text,
  verdict text not null check (verdict in ('accepted', 'refused')),
  refusal text check (refusal in ('installation_mismatch', 'unknown_repository', 'wrong_branch', 'deleted', 'unresolvable_revision')),
  late boolean not null default false, -- received at or after the freeze: never a candidate
  summary jsonb not null default '{}', -- pusher, head commit message, pull request title/action (activity)
  check ((verdict = 'refused') = (refusal is not null)),
  unique (event_id, delivery_id)
);
create index submission_receipts_project_idx on app.submission_receipts (project_id, seq desc);
create index submission_receipts_event_idx on app.submission_receipts (event_id, seq desc);
comment on table app.submission_receipts is E'@behavior -insert -update -delete\nSigned code-host deliveries in receipt order, with verdict, refusal code and late mark.';

-- The signature failure counter of each event (answered without detail to the sender).
create table app_private.webhook_failures (
  event_id uuid primary key references app.events (id) on delete cascade,
  count bigint not null,
  first_at timestamptz not null,
  last_at timestamptz not null,
  reason text not null
);

alter table app.team_repositories enable row level security;
alter table app.submission_receipts enable row level security;
grant select on app.team_repositories, app.submission_receipts to podium_app;

-- Organizers see every team's repository and receipts; a participant their own team's.
create policy team_repositories_select on app.team_repositories for select to podium_app using (
  exists (select 1 from app.events e where e.id = event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer'
       or project_id = (select (app_private.event_ctx_or_null()).team_id))
);
create policy submission_receipts_select on app.submission_receipts for select to podium_app using (
  exists (select 1 from app.events e where e.id = event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer'
       or project_id = (select (app_private.event_ctx_or_null()).team_id))
);

-- Activity items for the team chat: accepted pushes and pull request events (rendered by a
-- later issue). A view over receipts, so intake stays one INSERT.
create view app.team_activity with (security_invoker = true) as
  select r.seq, r.event_id, r.project_id, r.kind, r.received_at as at, r.ref, r.sha, r.summary
  from app.submission_receipts r
  where r.verdict = 'accepted' and r.project_id is not null;
grant select on app.team_activity to podium_app;
comment on view app.team_activity is E'@behavior -insert -update -delete\nTeam activity: accepted pushes and pull request events, newest by seq.';

-- Code host bookkeeping (called by the provisioning side and the local driver) ------------

create function app_private.set_team_repository(p_project uuid, p_full_name text, p_readiness text, p_template_sha text default null)
  returns void
  language sql volatile
  set search_path = ''
as $$
  insert into app.team_repositories (project_id, event_id, full_name, readiness, template_sha)
  select t.project_id, t.event_id, p_full_name, p_readiness, p_template_sha from app.event_teams t where t.project_id = p_project
  on conflict (project_id) do update set full_name = excluded.full_name, readiness = excluded.readiness,
    template_sha = coalesce(excluded.template_sha, app.team_repositories.template_sha), updated_at = now()
$$;

-- The local host's answer to "may this user fetch (read) or push (maintain) this
-- repository": an accepted grant, else maintain for an organizer of an event of the owner
-- organization (they push the template and reach every team repository).
create function app_private.local_repository_permission(p_full_name text, p_user uuid) returns text
  language sql stable
  set search_path = ''
as $$
  select coalesce(
    (select a.permission from app_private.local_repository_access a
      where lower(a.full_name) = lower(p_full_name) and a.user_id = p_user and a.accepted_at is not null),
    (select 'maintain' from app.events e
       join app.memberships m on m.workspace_id = e.workspace_id and m.user_id = p_user
      where lower(e.github_organization) = lower(split_part(p_full_name, '/', 1))
        and (m.role in ('owner', 'admin') or exists (
          select 1 from app.roster_entries r join app.users u on lower(u.email) = lower(r.email)
           where r.event_id = e.id and u.id = p_user and r.role = 'organizer'))
      limit 1))
$$;
grant execute on function app_private.local_repository_permission(text, uuid) to podium_app;

-- The events whose organization owns a repository: where the local host delivers its pushes.
create function app_private.local_webhook_targets(p_full_name text) returns setof uuid
  language sql stable
  set search_path = ''
as $$
  select e.id from app.events e where lower(e.github_organization) = lower(split_part(p_full_name, '/', 1))
$$;

-- A member accepts their invitation to a repository of the local code host.
create function app.accept_repository_invitation(p_full_name text) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  a app_private.local_repository_access;
begin
  perform app_private.require_event_scope('hackathon:write');
  update app_private.local_repository_access x set accepted_at = coalesce(x.accepted_at, now())
    where lower(x.full_name) = lower(p_full_name) and x.user_id = app.current_user_id()
    returning * into a;
  if a.user_id is null then
    perform app_private.fail('invitation_not_found', 'You have no invitation to this repository');
  end if;
  return jsonb_build_object('repository', a.full_name, 'permission', a.permission, 'acceptedAt', app_private.iso(a.accepted_at));
end;
$$;
comment on function app.accept_repository_invitation(text) is 'Accepts your invitation to a repository of the local code host.';
grant execute on function app.accept_repository_invitation(text) to podium_app;

-- Webhook intake -------------------------------------------------------------------------------

-- One signature failure: count, first, last, reason. Answers false for an unknown event.
create function app_private.record_webhook_failure(p_event uuid, p_reason text) returns boolean
  language sql volatile security definer
  set search_path = ''
as $$
  with ins as (
    insert into app_private.webhook_failures (event_id, count, first_at, last_at, reason)
    select e.id, 1, app.now(), app.now(), p_reason from app.events e where e.id = p_event
    on conflict (event_id) do update set count = app_private.webhook_failures.count + 1, last_at = app.now(), reason = excluded.reason
    returning 1
  ) select exists (select 1 from ins)
$$;
grant execute on function app_private.record_webhook_failure(uuid, text) to podium_app;

-- The verdict of a delivery, from the event, its repositories and the payload alone.
create function app_private.delivery_verdict(e app.events, p_kind text, p jsonb, p_project uuid)
  returns text
  language sql stable
  set search_path = ''
as $$
  select case
    -- the delivery comes from an installation on another account than the organizer's organization
    when lower(coalesce(p #>> '{organization,login}', p #>> '{repository,owner,login}', p #>> '{repository,owner,name}', ''))
         <> lower(coalesce(e.github_organization, '')) then 'installation_mismatch'
    when p_project is null then 'unknown_repository'
    when p_kind <> 'push' then null
    when coalesce(p ->> 'ref', '') <> 'refs/heads/' || e.github_branch then 'wrong_branch'
    when coalesce((p ->> 'deleted')::boolean, false) or p ->> 'after' = repeat('0', 40) then 'deleted'
    when coalesce(p ->> 'after', '') !~ '^[0-9a-f]{40}$' then 'unresolvable_revision'
  end
$$;

-- Records one signed delivery as a receipt; a delivery id already seen answers the first
-- receipt (duplicate: true). Null when the event does not exist.
create function app_private.record_delivery(p_event uuid, p_delivery text, p_event_type text, p jsonb) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  e app.events;
  kind text := case p_event_type when 'push' then 'push' when 'pull_request' then 'pull_request' else 'other' end;
  project uuid;
  refusal text;
  r app.submission_receipts;
begin
  select * into e from app.events x where x.id = p_event;
  if e.id is null then
    return null;
  end if;
  select tr.project_id into project from app.team_repositories tr
    where tr.event_id = e.id and lower(tr.full_name) = lower(p #>> '{repository,full_name}');
  refusal := app_private.delivery_verdict(e, kind, p, project);
  insert into app.submission_receipts (event_id, project_id, delivery_id, kind, received_at, repository, ref, sha, verdict, refusal, late, summary)
  values (e.id, project, p_delivery, kind, app.now(), p #>> '{repository,full_name}',
    case when kind = 'push' then p ->> 'ref' else p #>> '{pull_request,head,ref}' end,
    case when kind = 'push' then p ->> 'after' else p #>> '{pull_request,head,sha}' end,
    case when refusal is null then 'accepted' else 'refused' end, refusal, app.now() >= e.freeze_at,
    jsonb_strip_nulls(jsonb_build_object(
      'pusher', p #>> '{pusher,name}', 'message', left(p #>> '{head_commit,message}', 500),
      'action', p ->> 'action', 'title', left(p #>> '{pull_request,title}', 300), 'number', p #> '{pull_request,number}')))
  on conflict (event_id, delivery_id) do nothing
  returning * into r;
  if r.seq is null then
    select * into r from app.submission_receipts x where x.event_id = e.id and x.delivery_id = p_delivery;
    return jsonb_build_object('sequence', r.seq, 'verdict', r.verdict, 'refusal', r.refusal, 'late', r.late, 'duplicate', true);
  end if;
  return jsonb_build_object('sequence', r.seq, 'verdict', r.verdict, 'refusal', r.refusal, 'late', r.late, 'duplicate', false);
end;
$$;
grant execute on function app_private.record_delivery(uuid, text, text, jsonb) to podium_app;

-- The eligible submission of a team: its last accepted push receipt of the designated branch
-- received before the freeze, by receipt order (seq), never by commit time.
create function app_private.eligible_receipt(p_project uuid) returns app.submission_receipts
  language sql stable
  set search_path = ''
as $$
  select r.* from app.submission_receipts r
  where r.project_id = p_project and r.kind = 'push' and r.verdict = 'accepted' and not r.late
  order by r.seq desc limit 1
$$;

-- Submissions: freeze and capture ------------------------------------------------------------

-- One row per team once the freeze sweep reached it: the selected revision, where it came
-- from, and the capture. The cutoff is the event's freeze_at; receipts carry their late mark
-- from the moment they arrived, so nothing here moves it.
create table app.submissions (
  project_id uuid primary key references app.projects (id) on delete cascade,
  event_id uuid not null references app.events (id) on delete cascade,
  state text not null check (state in ('capturing', 'frozen', 'missing', 'error')),
  sha text check (sha ~ '^[0-9a-f]{40}$'),
  source text not null check (source in ('push', 'template', 'exception')),
  receipt_seq bigint references app.submission_receipts (seq) on delete set null,
  archive_sha256 text check (archive_sha256 ~ '^[0-9a-f]{64}$'),
  archive_size bigint,
  frozen_at timestamptz,
  capture_attempts int not null default 0,
  attention text, -- why the team needs an organizer (capture failed, no repository)
  updated_at timestamptz not null default now(),
  check (state <> 'missing' or sha is null),
  check (state in ('missing', 'error') or sha is not null),
  check ((state = 'frozen') = (archive_sha256 is not null))
);
create index submissions_event_idx on app.submissions (event_id);
create index submissions_receipt_idx on app.submissions (receipt_seq);
comment on table app.submissions is E'@behavior -insert -update -delete\nEach team''s frozen submission: the selected sha (a push, the template, or an exception), its capture state and evidence archive.';

alter table app.submissions enable row level security;
grant select on app.submissions to podium_app;
create policy submissions_select on app.submissions for select to podium_app using (
  exists (select 1 from app.events e where e.id = event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer'
       or project_id = (select (app_private.event_ctx_or_null()).team_id))
);

-- The team state of event status and submissions list, replacing the waiting-only one.
create or replace function app.event_teams_submission_state(t app.event_teams) returns text
  language sql stable
  set search_path = ''
as $$ select coalesce((select s.state from app.submissions s where s.project_id = t.project_id), 'waiting') $$;

-- plpgsql: the job queue's schema is installed by the worker after the migrations run.
create function app_private.enqueue_capture(p_project uuid, p_sha text) returns void
  language plpgsql volatile
  set search_path = ''
as $$
begin
  perform graphile_worker.add_job('submissions__capture', json_build_object('projectId', p_project, 'sha', p_sha),
    job_key => 'capture:' || p_project || ':' || p_sha, max_attempts => 10);
end;
$$;

-- The freeze sweep (cron every minute, at worker boot, and `submissions reconcile`):
-- every team of every event past its freeze gets its submission selected once, on its last
-- accepted revision or on its template; a capture not finished is enqueued again (same job
-- key, so a retry never doubles it). Retry-safe: a selected sha never changes here.
create function app_private.freeze_sweep(p_event uuid default null) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  e app.events;
  t record;
  rec app.submission_receipts;
  repo app.team_repositories;
  selected int := 0;
  pending app.submissions;
begin
  for e in select * from app.events x where (p_event is null or x.id = p_event) and app.now() >= x.freeze_at for update loop
    update app.events x set frozen_at = coalesce(x.frozen_at, app.now()) where x.id = e.id;
    for t in select et.project_id from app.event_teams et where et.event_id = e.id and et.left_at is null
             and not exists (select 1 from app.submissions s where s.project_id = et.project_id) loop
      rec := app_private.eligible_receipt(t.project_id);
      select * into repo from app.team_repositories r where r.project_id = t.project_id;
      if rec.seq is not null then
        insert into app.submissions (project_id, event_id, state, sha, source, receipt_seq)
        values (t.project_id, e.id, 'capturing', rec.sha, 'push', rec.seq);
        perform app_private.enqueue_capture(t.project_id, rec.sha);
      elsif repo.template_sha is not null then
        insert into app.submissions (project_id, event_id, state, sha, source)
        values (t.project_id, e.id, 'capturing', repo.template_sha, 'template');
        perform app_private.enqueue_capture(t.project_id, repo.template_sha);
      else
        insert into app.submissions (project_id, event_id, state, sha, source, attention)
        values (t.project_id, e.id, 'error', null, 'template', 'The team has no repository to capture; record an exception')
        on conflict do nothing;
      end if;
      selected := selected + 1;
    end loop;
    -- Captures not finished (in flight, or failed and waiting for a retry) are enqueued again.
    for pending in select * from app.submissions x where x.event_id = e.id and x.sha is not null and x.state in ('capturing', 'error') loop
      perform app_private.enqueue_capture(pending.project_id, pending.sha);
    end loop;
  end loop;
  return (select jsonb_build_object('at', app_private.iso(app.now()), 'selected', selected,
      'frozen', count(*) filter (where x.state = 'frozen'), 'capturing', count(*) filter (where x.state = 'capturing'),
      'missing', count(*) filter (where x.state = 'missing'), 'errors', count(*) filter (where x.state = 'error'))
    from app.submissions x where p_event is null or x.event_id = p_event);
end;
$$;

-- The capture job's view of its work: null when the selection moved on (an exception chose
-- another sha, or it is already frozen), so a stale or repeated job does nothing.
create function app_private.capture_target(p_project uuid, p_sha text) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('repository', r.full_name, 'sha', s.sha)
  from app.submissions s join app.team_repositories r on r.project_id = s.project_id
  where s.project_id = p_project and s.sha = p_sha and s.state in ('capturing', 'error')
$$;

create function app_private.capture_done(p_project uuid, p_sha text, p_archive_sha256 text, p_size bigint) returns boolean
  language sql volatile
  set search_path = ''
as $$
  with u as (
    update app.submissions s set state = 'frozen', archive_sha256 = p_archive_sha256, archive_size = p_size,
      frozen_at = app.now(), attention = null, capture_attempts = s.capture_attempts + 1, updated_at = now()
    where s.project_id = p_project and s.sha = p_sha and s.state in ('capturing', 'error')
    returning 1
  ) select exists (select 1 from u)
$$;

-- A failed attempt shows in attention while the job retries.
create function app_private.capture_failed(p_project uuid, p_sha text, p_reason text) returns void
  language sql volatile
  set search_path = ''
as $$
  update app.submissions s set state = 'error', capture_attempts = s.capture_attempts + 1,
    attention = 'Capture failed (' || left(p_reason, 300) || '); it is retried, or run submissions reconcile', updated_at = now()
  where s.project_id = p_project and s.sha = p_sha and s.state in ('capturing', 'error')
$$;

-- Reading submissions ------------------------------------------------------------------------

create function app_private.receipt_json(r app.submission_receipts) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('sequence', r.seq, 'receivedAt', app_private.iso(r.received_at), 'kind', r.kind,
    'ref', r.ref, 'sha', r.sha, 'verdict', r.verdict, 'refusal', r.refusal, 'late', r.late)
$$;

-- One team's line: state, repository and readiness, last received revision, frozen sha.
create function app_private.submission_team_json(p_project uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object(
    'project', jsonb_build_object('id', p.id, 'name', p.name),
    'state', coalesce(s.state, 'waiting'),
    'repository', case when r.project_id is null then null else jsonb_build_object(
      'fullName', r.full_name, 'branch', e.github_branch, 'readiness', r.readiness) end,
    'readiness', coalesce(r.readiness, 'unassigned'),
    'lastReceived', (select app_private.receipt_json(x) from app.submission_receipts x
                      where x.project_id = p.id and x.kind = 'push' and x.verdict = 'accepted' order by x.seq desc limit 1),
    'frozen', case when s.project_id is null then null else jsonb_build_object(
      'sha', s.sha, 'source', s.source, 'state', s.state, 'frozenAt', app_private.iso(s.frozen_at),
      'archive', case when s.archive_sha256 is null then null else jsonb_build_object(
        'name', 'submission-' || left(s.sha, 12) || '.tar.gz', 'sha256', s.archive_sha256, 'size', s.archive_size) end) end,
    'attention', s.attention)
  from app.projects p join app.event_teams t on t.project_id = p.id join app.events e on e.id = t.event_id
  left join app.team_repositories r on r.project_id = p.id
  left join app.submissions s on s.project_id = p.id
  where p.id = p_project
$$;

-- submissions list: the intake sentence, server time, freeze, attention count, one line per
-- team (a participant their own, an organizer every team).
create function app.submissions_list() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  e app.events;
  teams jsonb;
  attention int;
  unsettled int;
begin
  perform app_private.require_event_scope('hackathon:read');
  ctx := app_private.require_event_role(array['organizer', 'participant']);
  select * into e from app.events x where x.id = ctx.event_id;
  select coalesce(jsonb_agg(app_private.submission_team_json(t.project_id) order by lower(p.name)), '[]')
    into teams from app.event_teams t join app.projects p on p.id = t.project_id
    where t.event_id = e.id and t.left_at is null and (ctx.role = 'organizer' or t.project_id = ctx.team_id);
  select count(*) filter (where x ->> 'state' = 'error' or x ->> 'readiness' = 'attention'),
         count(*) filter (where x ->> 'state' not in ('frozen', 'missing'))
    into attention, unsettled from jsonb_array_elements(teams) x;
  return jsonb_build_object(
    'intake', case when app.now() < e.freeze_at then 'Intake is open until the freeze at ' || app_private.iso(e.freeze_at) || '.'
                   when unsettled = 0 then 'Submissions are frozen.'
                   else 'Deadline passed, capture requires attention.' end,
    'serverTime', app_private.iso(app.now()), 'freezeAt', app_private.iso(e.freeze_at),
    'attentionCount', attention, 'items', teams);
end;
$$;
comment on function app.submissions_list() is 'submissions list: intake sentence, server time, freeze, attention count and one line per team.';
grant execute on function app.submissions_list() to podium_app;

-- submissions show: one team with its last 50 receipts. Another team's project: project_not_found.
create function app.submission_show(p_project uuid) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
begin
  perform app_private.require_event_scope('hackathon:read');
  ctx := app_private.require_event_role(array['organizer', 'participant']);
  if not exists (select 1 from app.event_teams t where t.project_id = p_project and t.event_id = ctx.event_id)
     or (ctx.role = 'participant' and p_project is distinct from ctx.team_id) then
    perform app_private.fail('project_not_found', 'No such team in this event, or not yours to read', jsonb_build_object('projectId', p_project));
  end if;
  return app_private.submission_team_json(p_project) || jsonb_build_object(
    'freezeAt', (select app_private.iso(e.freeze_at) from app.events e where e.id = ctx.event_id),
    'receipts', coalesce((select jsonb_agg(app_private.receipt_json(x) order by x.seq desc)
      from (select * from app.submission_receipts r where r.project_id = p_project order by r.seq desc limit 50) x), '[]'),
    'exceptions', coalesce((select jsonb_agg(jsonb_build_object('at', app_private.iso(x.at), 'reason', x.reason, 'sha', x.sha,
        'missing', x.missing, 'previousSha', x.previous_sha, 'invalidateDecks', x.invalidate_decks, 'invalidateVoting', x.invalidate_voting)
        order by x.at desc) from app.submission_exceptions x where x.project_id = p_project), '[]'));
end;
$$;
comment on function app.submission_show(uuid) is 'submissions show: one team with its last 50 receipts.';
grant execute on function app.submission_show(uuid) to podium_app;

-- submissions failures: the signature failure counter, teams needing attention, refused and late deliveries.
create function app.submission_failures() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
begin
  perform app_private.require_event_scope('hackathon:read');
  ctx := app_private.require_event_role(array['organizer']);
  return jsonb_build_object(
    'signatureFailures', coalesce((select jsonb_build_object('count', f.count, 'first', app_private.iso(f.first_at),
        'last', app_private.iso(f.last_at), 'reason', f.reason) from app_private.webhook_failures f where f.event_id = ctx.event_id),
      jsonb_build_object('count', 0, 'first', null, 'last', null, 'reason', null)),
    'attention', coalesce((select jsonb_agg(jsonb_build_object('project', jsonb_build_object('id', p.id, 'name', p.name),
        'state', s.state, 'why', s.attention) order by lower(p.name))
      from app.submissions s join app.projects p on p.id = s.project_id where s.event_id = ctx.event_id and s.state = 'error'), '[]'),
    'refused', coalesce((select jsonb_agg(app_private.receipt_json(r) || jsonb_build_object('repository', r.repository) order by r.seq desc)
      from (select * from app.submission_receipts x where x.event_id = ctx.event_id and x.verdict = 'refused' order by x.seq desc limit 100) r), '[]'),
    'late', coalesce((select jsonb_agg(app_private.receipt_json(r) || jsonb_build_object('repository', r.repository) order by r.seq desc)
      from (select * from app.submission_receipts x where x.event_id = ctx.event_id and x.late and x.verdict = 'accepted' order by x.seq desc limit 100) r), '[]'));
end;
$$;
comment on function app.submission_failures() is 'submissions failures: signature failure counter, attention, refused and late deliveries.';
grant execute on function app.submission_failures() to podium_app;

-- submissions reconcile: the freeze sweep now, for this event.
create function app.reconcile_submissions() returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
begin
  perform app_private.require_event_scope('hackathon:write');
  ctx := app_private.require_event_role(array['organizer']);
  return app_private.freeze_sweep(ctx.event_id);
end;
$$;
comment on function app.reconcile_submissions() is 'submissions reconcile: runs the freeze sweep now; retry-safe, the cutoff never moves.';
grant execute on function app.reconcile_submissions() to podium_app;

-- The evidence archive of a frozen team, for submissions artifact.
create function app.submission_artifact(p_project uuid) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  team jsonb := app.submission_show(p_project);
begin
  if team #>> '{frozen,archive,sha256}' is null then
    perform app_private.fail('not_frozen', 'Nothing is frozen for this team yet');
  end if;
  return team #> '{frozen,archive}' || jsonb_build_object('sha', team #>> '{frozen,sha}');
end;
$$;
comment on function app.submission_artifact(uuid) is 'The frozen evidence archive of a team: name, sha256, size and sha.';
grant execute on function app.submission_artifact(uuid) to podium_app;

-- Exceptions -----------------------------------------------------------------------------------

-- An organizer's exception after the freeze and before voting opens: a team frozen on
-- another sha (captured by the request before anything is recorded) or marked missing.
-- The invalidation flags are recorded for the deck and vote issues to act on.
create table app.submission_exceptions (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references app.events (id) on delete cascade,
  project_id uuid not null references app.projects (id) on delete cascade,
  at timestamptz not null,
  by_user_id uuid references app.users (id) on delete set null,
  reason text not null check (length(reason) between 1 and 1000 and reason !~ '[\x01-\x08\x0b-\x1f\x7f]'),
  sha text check (sha ~ '^[0-9a-f]{40}$'),
  missing boolean not null,
  previous_sha text,
  invalidate_decks boolean not null default false,
  invalidate_voting boolean not null default false,
  check (missing = (sha is null))
);
create index submission_exceptions_project_idx on app.submission_exceptions (project_id, at desc);
create index submission_exceptions_event_idx on app.submission_exceptions (event_id);
create index submission_exceptions_user_idx on app.submission_exceptions (by_user_id);
comment on table app.submission_exceptions is E'@behavior -insert -update -delete\nOrganizer exceptions after the freeze: a team frozen on another sha, or marked missing, with the reason.';
alter table app.submission_exceptions enable row level security;
grant select on app.submission_exceptions to podium_app;
create policy submission_exceptions_select on app.submission_exceptions for select to podium_app using (
  exists (select 1 from app.events e where e.id = event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer'
       or project_id = (select (app_private.event_ctx_or_null()).team_id))
);

-- The gate of an exception: organizer, a team of the event, after the freeze, before voting.
-- Answers the repository to capture from (null when the team has none).
create function app.submission_exception_check(p_project uuid) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  e app.events;
begin
  perform app_private.require_event_scope('hackathon:write');
  ctx := app_private.require_event_role(array['organizer']);
  select * into e from app.events x where x.id = ctx.event_id;
  if not exists (select 1 from app.event_teams t where t.project_id = p_project and t.event_id = e.id) then
    perform app_private.fail('project_not_found', 'No such team in this event', jsonb_build_object('projectId', p_project));
  end if;
  if app.now() < e.freeze_at then
    perform app_private.fail('event_not_closed', format('Exceptions are recorded after the freeze (%s)', app_private.iso(e.freeze_at)));
  end if;
  if e.voting_opened_at is not null or app.now() >= e.vote_opens_at then
    perform app_private.fail('judging_started', 'Voting has opened: eligibility is locked; unlock it first');
  end if;
  return jsonb_build_object('repository', (select r.full_name from app.team_repositories r where r.project_id = p_project));
end;
$$;
comment on function app.submission_exception_check(uuid) is 'The refusals of submissions exception, checked before the capture.';
grant execute on function app.submission_exception_check(uuid) to podium_app;

create function app.record_submission_exception(p_project uuid, p_reason text, p_sha text, p_archive_sha256 text, p_size bigint,
  p_invalidate_decks boolean, p_invalidate_voting boolean) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  prev text;
  x app.submission_exceptions;
begin
  perform app.submission_exception_check(p_project);
  ctx := app_private.event_ctx();
  if p_reason is null or length(trim(p_reason)) = 0 then
    perform app_private.fail('reason_required', 'An exception needs --reason', '{"field":"reason"}');
  end if;
  if (p_sha is null) <> (p_archive_sha256 is null) then
    perform app_private.fail('capture_failed', 'The revision was not captured; nothing was recorded');
  end if;
  select s.sha into prev from app.submissions s where s.project_id = p_project for update;
  insert into app.submission_exceptions (event_id, project_id, at, by_user_id, reason, sha, missing, previous_sha, invalidate_decks, invalidate_voting)
  values (ctx.event_id, p_project, app.now(), ctx.user_id, trim(p_reason), p_sha, p_sha is null, prev, coalesce(p_invalidate_decks, false), coalesce(p_invalidate_voting, false))
  returning * into x;
  insert into app.submissions (project_id, event_id, state, sha, source, archive_sha256, archive_size, frozen_at)
  values (p_project, ctx.event_id, case when p_sha is null then 'missing' else 'frozen' end, p_sha, 'exception', p_archive_sha256, p_size,
    case when p_sha is null then null else app.now() end)
  on conflict (project_id) do update set state = excluded.state, sha = excluded.sha, source = 'exception', receipt_seq = null,
    archive_sha256 = excluded.archive_sha256, archive_size = excluded.archive_size, frozen_at = excluded.frozen_at, attention = null, updated_at = now();
  return jsonb_build_object('id', x.id, 'at', app_private.iso(x.at), 'reason', x.reason, 'sha', x.sha, 'missing', x.missing,
    'previousSha', x.previous_sha, 'invalidateDecks', x.invalidate_decks, 'invalidateVoting', x.invalidate_voting,
    'team', app_private.submission_team_json(p_project));
end;
$$;
comment on function app.record_submission_exception(uuid, text, text, text, bigint, boolean, boolean) is 'submissions exception: freezes a team on a captured sha, or marks it missing.';
grant execute on function app.record_submission_exception(uuid, text, text, text, bigint, boolean, boolean) to podium_app;

-- Provisioning -----------------------------------------------------------------------------------

-- A team's repository name in the organization: its name as a slug (GitHub's own rule:
-- runs of other characters become one hyphen).
create function app_private.repository_slug(p_name text) returns text
  language sql immutable
  set search_path = ''
as $$ select left(trim(both '-' from regexp_replace(lower(p_name), '[^a-z0-9._]+', '-', 'g')), 100) $$;

-- The plan of admin provision: organization, template, sample team, one repository per team
-- with members at maintain and coaches (advisors) at read, coaches once, and every conflict.
-- Organizer only. Read by `--dry-run` and by the provisioning job.
create function app.provision_plan() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  e app.events;
  teams jsonb;
  coaches jsonb;
  conflicts jsonb := '[]';
begin
  perform app_private.require_event_scope('hackathon:read');
  ctx := app_private.require_event_role(array['organizer']);
  select * into e from app.events x where x.id = ctx.event_id;
  if e.github_organization is null then
    conflicts := conflicts || jsonb_build_array('No organization and template yet: run event github first');
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
      'project', jsonb_build_object('id', p.id, 'name', p.name),
      'repository', coalesce(r.full_name, e.github_organization || '/' || app_private.repository_slug(p.name)),
      'readiness', coalesce(r.readiness, 'planned'),
      'members', (select coalesce(jsonb_agg(jsonb_build_object('email', m.email, 'login', m.github_login, 'permission', 'maintain') order by lower(m.email)), '[]')
                    from app.roster_entries m where m.event_id = e.id and m.team_id = p.id)) order by lower(p.name)), '[]')
    into teams
    from app.event_teams t join app.projects p on p.id = t.project_id left join app.team_repositories r on r.project_id = p.id
    where t.event_id = e.id and t.left_at is null;
  select coalesce(jsonb_agg(jsonb_build_object('email', c.email, 'login', c.github_login, 'permission', 'read') order by lower(c.email)), '[]')
    into coaches from app.roster_entries c where c.event_id = e.id and c.role = 'advisor';
  -- Conflicts: people without a code-host username, a username named twice, two teams on one repository name.
  conflicts := conflicts || coalesce((select jsonb_agg(format('%s (%s) has no code-host username', x.email, coalesce(x.team, 'coach')) order by x.email)
    from (select m.email, p.name as team from app.roster_entries m left join app.projects p on p.id = m.team_id
          where m.event_id = e.id and m.role in ('participant', 'advisor') and m.github_login is null) x), '[]');
  conflicts := conflicts || coalesce((select jsonb_agg(format('The username %s is named by %s people', x.login, x.n) order by x.login)
    from (select lower(m.github_login) as login, count(*) as n from app.roster_entries m
          where m.event_id = e.id and m.github_login is not null group by 1 having count(*) > 1) x), '[]');
  conflicts := conflicts || coalesce((select jsonb_agg(format('Teams %s share the repository name %s', x.teams, x.repo) order by x.repo)
    from (select lower(t ->> 'repository') as repo, string_agg(t #>> '{project,name}', ', ' order by t #>> '{project,name}') as teams
          from jsonb_array_elements(teams) t group by 1 having count(*) > 1) x), '[]');
  return jsonb_build_object('organization', e.github_organization, 'template', e.github_template, 'branch', e.github_branch,
    'teams', teams, 'coaches', coaches, 'conflicts', conflicts);
end;
$$;
comment on function app.provision_plan() is 'admin provision --dry-run: the plan and its conflicts.';
grant execute on function app.provision_plan() to podium_app;

-- Provisioning runs by key: the job of a key is keyed `provision:<event>:<key>`, so the same
-- key while running is one job, and the same key (or a new one) after a run re-runs it:
-- done steps are skipped by the readiness each team already has.
create table app_private.provision_runs (
  event_id uuid not null references app.events (id) on delete cascade,
  key text not null check (length(key) between 1 and 200),
  sample_project_id uuid references app.projects (id) on delete set null,
  state text not null default 'running' check (state in ('running', 'done', 'failed')),
  summary jsonb,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (event_id, key)
);
create index provision_runs_sample_idx on app_private.provision_runs (sample_project_id);

create function app.start_provision(p_key text, p_sample uuid) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  plan jsonb;
  run app_private.provision_runs;
begin
  perform app_private.require_event_scope('hackathon:write');
  ctx := app_private.require_event_role(array['organizer']);
  plan := app.provision_plan();
  if jsonb_array_length(plan -> 'conflicts') > 0 then
    perform app_private.fail('plan_conflicts', format('The plan has %s conflicts; fix them, then run again', jsonb_array_length(plan -> 'conflicts')),
      jsonb_build_object('conflicts', plan -> 'conflicts'));
  end if;
  if p_sample is not null and not exists (select 1 from app.event_teams t where t.project_id = p_sample and t.event_id = ctx.event_id and t.left_at is null) then
    perform app_private.fail('project_not_found', 'The sample team is not a team of this event', jsonb_build_object('projectId', p_sample));
  end if;
  insert into app_private.provision_runs (event_id, key, sample_project_id) values (ctx.event_id, p_key, p_sample)
  on conflict (event_id, key) do update set state = 'running', finished_at = null,
    sample_project_id = coalesce(excluded.sample_project_id, app_private.provision_runs.sample_project_id)
  returning * into run;
  perform graphile_worker.add_job('codehost__provision', json_build_object('eventId', ctx.event_id, 'key', p_key),
    job_key => 'provision:' || ctx.event_id || ':' || p_key, max_attempts => 5);
  return jsonb_build_object('key', run.key, 'state', run.state, 'sampleProjectId', run.sample_project_id, 'startedAt', app_private.iso(run.started_at),
    'teams', jsonb_array_length(plan -> 'teams'));
end;
$$;
comment on function app.start_provision(text, uuid) is 'admin provision --key: starts (or resumes) provisioning as a job.';
grant execute on function app.start_provision(text, uuid) to podium_app;

create function app.provision_run(p_key text) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  run app_private.provision_runs;
begin
  perform app_private.require_event_scope('hackathon:read');
  ctx := app_private.require_event_role(array['organizer']);
  select * into run from app_private.provision_runs r where r.event_id = ctx.event_id and r.key = p_key;
  if run.key is null then
    return null;
  end if;
  return jsonb_build_object('key', run.key, 'state', run.state, 'summary', run.summary, 'startedAt', app_private.iso(run.started_at),
    'finishedAt', app_private.iso(run.finished_at),
    'teams', (select coalesce(jsonb_agg(jsonb_build_object('project', jsonb_build_object('id', p.id, 'name', p.name), 'repository', r.full_name,
        'readiness', r.readiness, 'attention', r.attention) order by lower(p.name)), '[]')
      from app.team_repositories r join app.projects p on p.id = r.project_id where r.event_id = ctx.event_id));
end;
$$;
comment on function app.provision_run(text) is 'The state of a provisioning run and each team''s readiness.';
grant execute on function app.provision_run(text) to podium_app;

-- What the job needs, as the job (no caller): the plan of an event, with its sample first.
create function app_private.provision_work(p_event uuid, p_key text) returns jsonb
  language plpgsql volatile
  set search_path = ''
as $$
declare
  e app.events;
  ws_owner uuid;
  plan jsonb;
  sample uuid;
begin
  select * into e from app.events x where x.id = p_event;
  select r.sample_project_id into sample from app_private.provision_runs r where r.event_id = p_event and r.key = p_key;
  -- The plan is the organizer's view; the job reads it as the workspace owner would.
  select m.user_id into ws_owner from app.memberships m where m.workspace_id = e.workspace_id and m.role = 'owner' limit 1;
  perform set_config('app.user_id', ws_owner::text, true), set_config('app.workspace_id', e.workspace_id::text, true),
    set_config('app.workspace_role', 'owner', true), set_config('app.scopes', 'hackathon:read', true);
  plan := app.provision_plan();
  return plan || jsonb_build_object('sampleProjectId', sample);
end;
$$;

create function app_private.set_repository_readiness(p_project uuid, p_full_name text, p_readiness text, p_template_sha text, p_attention text)
  returns void
  language sql volatile
  set search_path = ''
as $$
  insert into app.team_repositories (project_id, event_id, full_name, readiness, template_sha, attention)
  select t.project_id, t.event_id, p_full_name, p_readiness, p_template_sha, p_attention from app.event_teams t where t.project_id = p_project
  on conflict (project_id) do update set full_name = excluded.full_name, readiness = excluded.readiness,
    template_sha = coalesce(excluded.template_sha, app.team_repositories.template_sha), attention = excluded.attention, updated_at = now()
$$;

create function app_private.finish_provision(p_event uuid, p_key text, p_summary jsonb) returns void
  language sql volatile
  set search_path = ''
as $$
  update app_private.provision_runs set state = 'done', summary = p_summary, finished_at = now() where event_id = p_event and key = p_key
$$;
