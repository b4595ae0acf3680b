-- Frees the jobs locked by worker replicas whose last beat is older than p_stale (2 minutes: 4
-- missed 30 s beats) and forgets those replicas; answers { replicas, unlockedJobs }. A false
-- positive may run a job twice: captures, thumbnails, provisioning and the freeze sweep are
-- idempotent, and a rare duplicate usage batch or mail costs less than captures waiting 4 hours at
-- a freeze. Uses now(): replica liveness is wall-clock time; concurrent runs are safe (the delete
-- claims each row once).

CREATE OR REPLACE FUNCTION app_private.recover_dead_workers(p_stale interval DEFAULT '00:02:00'::interval)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;

comment on function app_private.recover_dead_workers(p_stale interval) is 'Frees the queue locks of worker replicas whose heartbeat is older than p_stale (default 2 minutes, 4 missed beats) and removes their heartbeat rows; answers { replicas, unlockedJobs }. Run every minute by workers__recover; safe to run by hand.';
revoke all on function app_private.recover_dead_workers(p_stale interval) from public;
