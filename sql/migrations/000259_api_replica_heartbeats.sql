-- API replicas beat, as worker replicas do, and the organizers' health counts the beats.
-- app.event_instance_health counted API replicas as `podium-live` connections, which an API
-- replica opens only when its first event stream opens: a fresh install's dashboard showed
-- "API replicas 0" on its first frame while the API answered it, and a replica that served no
-- stream was never counted. Each replica serving the API (SERVICE_ROLE=api or all) now beats
-- every 30 s (core/heartbeat.ts) and removes its row when it stops; a replica that died is
-- left out after 90 s, and its row is removed by the next beat after 10 minutes.
-- A table of its own, not worker_heartbeats: the health rule and the dead-worker recovery
-- read that one as the worker fleet.

create table app_private.api_heartbeats (
  replica_id text primary key,
  beat_at timestamptz not null default now()
);
comment on table app_private.api_heartbeats is 'One row per API replica (SERVICE_ROLE=api or all) and its last beat (every 30 s); app.event_instance_health counts those of the last 90 s.';

-- Uses now(), as app_private.heartbeat: replica liveness is wall-clock time, not a rule's.
create function app_private.api_heartbeat(p_replica text) returns void
  language plpgsql volatile
  set search_path = ''
as $$
begin
  insert into app_private.api_heartbeats (replica_id) values (p_replica)
    on conflict (replica_id) do update set beat_at = now();
  delete from app_private.api_heartbeats where beat_at < now() - interval '10 minutes';
end;
$$;
comment on function app_private.api_heartbeat(text) is 'An API replica''s beat (every 30 s, and at start); removes the rows of replicas silent for 10 minutes.';

create function app_private.api_heartbeat_end(p_replica text) returns void
  language sql volatile
  set search_path = ''
as $$
  delete from app_private.api_heartbeats where replica_id = p_replica;
$$;
comment on function app_private.api_heartbeat_end(text) is 'An API replica stopping: its row goes at once, so the count drops without waiting 90 s.';

create or replace function app.event_instance_health() returns jsonb
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
    'apiReplicas', (select count(*)::int from app_private.api_heartbeats h where h.beat_at > pg_catalog.now() - interval '90 seconds'),
    'workers', coalesce((select jsonb_agg(jsonb_build_object('role', h.service_role,
                          'ageSeconds', round(extract(epoch from pg_catalog.now() - h.beat_at))::int) order by h.beat_at desc)
                         from app_private.worker_heartbeats h where h.beat_at > pg_catalog.now() - interval '90 seconds'), '[]'),
    'queue', jsonb_build_object('queued', queued,
                                'oldestAgeSeconds', case when oldest is not null then greatest(0, round(extract(epoch from pg_catalog.now() - oldest)))::int end),
    'serverTime', app_private.iso(app.now()));
end;
$$;
comment on function app.event_instance_health() is
  'hackathon tui: the instance''s health for an event organizer (hackathon:read): API replicas that beat within 90 s, worker replicas that beat within 90 s, job queue depth and the age of its oldest runnable job. Instance-wide figures only, nothing of any workspace.';
