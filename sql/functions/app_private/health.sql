-- The health rule in one place: what GET /api/v1/health answers about the job queue and the
-- scheduler heartbeat. The scheduler is stale after three missed beats of p_interval_seconds.
-- Not granted to podium_app: the route calls it on the server's own connection.

CREATE OR REPLACE FUNCTION app_private.health(p_interval_seconds integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_installed boolean := pg_catalog.to_regclass('graphile_worker._private_jobs') is not null;
  v_last timestamptz := (select max(h.beat_at) from app_private.worker_heartbeats h);
  v_age double precision := extract(epoch from pg_catalog.now() - v_last);
  v_queued int;
  v_ok boolean := v_age is not null and v_age < p_interval_seconds * 3;
begin
  if v_installed then
    -- graphile_worker may be absent on a fresh database: reached only once it is installed.
    execute 'select count(*)::int from graphile_worker.jobs where locked_at is null and attempts < max_attempts' into v_queued;
  end if;
  return pg_catalog.jsonb_build_object(
    'status', case when v_installed and v_ok then 'ok' else 'degraded' end,
    'jobQueue', pg_catalog.jsonb_build_object('installed', v_installed, 'queued', v_queued),
    'scheduler', pg_catalog.jsonb_build_object(
      'ok', v_ok,
      'lastBeatAt', app_private.iso(v_last),
      'ageSeconds', pg_catalog.round(v_age::numeric)::int,
      'intervalSeconds', p_interval_seconds));
end $function$;

comment on function app_private.health(p_interval_seconds integer) is 'The health rule of GET /api/v1/health: job queue installed and depth, scheduler heartbeat age against three intervals.';
revoke all on function app_private.health(p_interval_seconds integer) from public;
