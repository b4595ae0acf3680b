-- hackathon tui: the instance's health for an event organizer (hackathon:read): API replicas that
-- beat within 90 s, worker replicas that beat within 90 s, job queue depth and the age of its
-- oldest runnable job. Instance-wide figures only, nothing of any workspace.

CREATE OR REPLACE FUNCTION app.event_instance_health()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function app.event_instance_health() is E'@shape app.event_instance_health_report\nhackathon tui: the instance''s health for an event organizer (hackathon:read): API replicas that beat within 90 s, worker replicas that beat within 90 s, job queue depth and the age of its oldest runnable job. Instance-wide figures only, nothing of any workspace.';
revoke all on function app.event_instance_health() from public;
grant execute on function app.event_instance_health() to podium_app;
