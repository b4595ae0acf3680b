-- Recovering the jobs of a dead worker replica. graphile-worker locks a job with
-- locked_by = its worker pool's id (`pool-<hex>`) and, left alone, frees a lock only after
-- 4 hours. A replica killed hard (SIGKILL, OOM, node loss) never releases its locks, so
-- each replica records its pool ids with its heartbeat, and app_private.recover_dead_workers
-- (cron every minute on worker replicas, and once at their boot) frees the locks of the
-- replicas whose heartbeat went stale: another replica runs those jobs within minutes.

-- The graphile-worker pool ids of the replica, as of its last beat.
alter table app_private.worker_heartbeats add column queue_pool_ids text[] not null default '{}';
comment on column app_private.worker_heartbeats.queue_pool_ids is 'The graphile-worker pool ids of this replica (the locked_by of the jobs it runs), sent with every beat.';

-- The beat with the pool ids. The two-argument app_private.heartbeat stays: a replica of
-- the previous release still calls it during a rolling upgrade (it keeps the pool ids).
create function app_private.heartbeat(p_worker text, p_role text, p_pools text[]) returns void
  language sql
  set search_path = ''
as $$
  insert into app_private.worker_heartbeats (worker_id, service_role, queue_pool_ids) values (p_worker, p_role, p_pools)
  on conflict (worker_id) do update set beat_at = now(), queue_pool_ids = excluded.queue_pool_ids
$$;
comment on function app_private.heartbeat(text, text, text[]) is 'A worker replica''s beat (every 30 s) with its graphile-worker pool ids.';

-- Frees the jobs locked by every replica whose last beat is older than p_stale, and forgets
-- those replicas. Answers { replicas, unlockedJobs }.
--
-- Why 2 minutes: replicas beat every 30 s (HEARTBEAT_INTERVAL_SECONDS), so a replica is
-- presumed dead after 4 missed beats; its jobs run again 2-3 minutes after it died instead
-- of 4 hours. A false positive (a live replica that could not beat for 2 minutes, e.g. cut
-- from the database) means a job may run twice. That is tolerated: captures, thumbnails and
-- repository provisioning are idempotent (the same archive is one content-addressed blob,
-- the thumbnail row is upserted, provisioning skips what is done) and the freeze sweep is
-- retry-safe (a selected sha never changes; captures are enqueued by job key). Not idempotent: a usage batch (usage__flush) may be
-- counted twice and a mail (mail__send, deck__notify_owner) sent twice; a rare duplicate
-- there costs less than captures waiting 4 hours at a freeze.
--
-- Uses now() like app_private.heartbeat: replica liveness is wall-clock time, not a rule's
-- time (app.now()). Replicas running it together are safe: the delete claims each row once.
create function app_private.recover_dead_workers(p_stale interval default '2 minutes') returns jsonb
  language plpgsql volatile
  set search_path = ''
as $$
declare
  n_replicas int;
  ids text[];
  n_jobs int := 0;
begin
  with dead as (
    delete from app_private.worker_heartbeats where beat_at < now() - p_stale
    returning worker_id, queue_pool_ids
  )
  select count(distinct dead.worker_id)::int, coalesce(array_agg(distinct p) filter (where p is not null), '{}')
  into n_replicas, ids
  from dead left join lateral unnest(dead.queue_pool_ids) p on true;

  -- Without the job queue schema (never a worker yet) there is nothing to unlock.
  if cardinality(ids) > 0 and to_regclass('graphile_worker._private_jobs') is not null then
    select count(*)::int into n_jobs from graphile_worker._private_jobs where locked_by = any(ids);
    perform graphile_worker.force_unlock_workers(ids);
  end if;
  return jsonb_build_object('replicas', n_replicas, 'unlockedJobs', n_jobs);
end;
$$;
comment on function app_private.recover_dead_workers(interval) is 'Frees the queue locks of worker replicas whose heartbeat is older than p_stale (default 2 minutes, 4 missed beats) and removes their heartbeat rows; answers { replicas, unlockedJobs }. Run every minute by workers__recover; safe to run by hand.';
