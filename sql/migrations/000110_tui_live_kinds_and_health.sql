-- What `hackathon tui` (the organizers' terminal dashboard) needs that the wire lacked:
--  1. live kind `receipt.recorded`: every webhook receipt that does not already go out as a
--     team chat activity item (refused deliveries, receipts of no team, event types other
--     than push and pull request) reaches organizers as it is recorded, in the transaction
--     that records it. An accepted push or pull request of a team is already published as
--     `post.created` (app_private.receipt_activity, organizers read every team chat): a second
--     row for it would double the live log's work on the intake's hot path (measured: about a
--     quarter of the deliveries per second), so the dashboard reads those from the activity item;
--  2. live kind `vote.coverage`: ballots submitted of voters, each time a ballot is submitted
--     or invalidated, for organizers;
--  3. app.event_instance_health(): the instance's health for organizers (API replicas,
--     worker heartbeats, job queue depth and its oldest job): instance-wide figures only,
--     nothing of any workspace.
-- Both kinds go through the one publisher, app_private.live_publish, with the organizer audience.

create function app_private.receipt_live() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform app_private.live_publish(new.event_id, 'receipt.recorded', array['organizer'], new.project_id,
    jsonb_build_object(
      'team', (select jsonb_build_object('id', p.id, 'name', p.name) from app.projects p where p.id = new.project_id),
      'repository', new.repository,
      'receipt', app_private.receipt_json(new)));
  return null;
end;
$$;
comment on function app_private.receipt_live() is
  'Trigger: a webhook receipt that is not a team chat activity item (refused, of no team, or another event type) is published live to organizers (kind receipt.recorded: team, repository, Receipt).';

-- Exactly the receipts submission_receipts_activity leaves out.
create trigger submission_receipts_live after insert on app.submission_receipts
  for each row
  when (not (new.verdict = 'accepted' and new.project_id is not null and new.kind in ('push', 'pull_request')))
  execute function app_private.receipt_live();

create function app_private.ballot_coverage_live() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v app.vote_eligibility;
begin
  select * into v from app.vote_eligibility x where x.id = new.eligibility_id;
  perform app_private.live_publish(new.event_id, 'vote.coverage', array['organizer'], null,
    jsonb_build_object(
      'eligibilityVersion', v.version,
      'change', new.state,
      'at', app_private.iso(coalesce(new.invalidated_at, new.submitted_at)),
      'submitted', (select count(*)::int from app.vote_ballots b where b.eligibility_id = new.eligibility_id and b.state = 'submitted'),
      'invalidated', (select count(*)::int from app.vote_ballots b where b.eligibility_id = new.eligibility_id and b.state = 'invalidated'),
      'voters', (select count(*)::int from app.vote_voters t where t.eligibility_id = new.eligibility_id and t.included)));
  return null;
end;
$$;
comment on function app_private.ballot_coverage_live() is
  'Trigger: a ballot submitted (again) or invalidated publishes the coverage live to organizers (kind vote.coverage).';

create trigger vote_ballots_coverage_live after insert or update of state, revision on app.vote_ballots
  for each row
  when (new.state in ('submitted', 'invalidated'))
  execute function app_private.ballot_coverage_live();

create function app.event_instance_health() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:read');
  queued int;
  oldest timestamptz;
begin
  if pg_catalog.to_regclass('graphile_worker.jobs') is not null then
    execute 'select count(*)::int, min(run_at) from graphile_worker.jobs where locked_at is null and attempts < max_attempts and run_at <= now()'
      into queued, oldest;
  end if;
  return jsonb_build_object(
    'status', (app_private.health(30)) ->> 'status',
    'apiReplicas', (select count(*)::int from pg_catalog.pg_stat_activity a
                     where a.datname = pg_catalog.current_database() and a.application_name = 'podium-live'),
    'workers', coalesce((select jsonb_agg(jsonb_build_object('role', h.service_role,
                          'ageSeconds', round(extract(epoch from pg_catalog.now() - h.beat_at))::int) order by h.beat_at desc)
                         from app_private.worker_heartbeats h where h.beat_at > pg_catalog.now() - interval '90 seconds'), '[]'),
    'queue', jsonb_build_object('queued', queued,
                                'oldestAgeSeconds', case when oldest is not null then greatest(0, round(extract(epoch from pg_catalog.now() - oldest)))::int end),
    'serverTime', app_private.iso(app.now()));
end;
$$;
comment on function app.event_instance_health() is
  'hackathon tui: the instance''s health for an event organizer (hackathon:read): API replicas (each holds one podium-live connection), worker replicas that beat within 90 s, job queue depth and the age of its oldest runnable job. Instance-wide figures only, nothing of any workspace.';
grant execute on function app.event_instance_health() to podium_app;
