-- A worker replica's beat with its graphile-worker pool ids. The two-argument form stays for a
-- replica of the previous release during a rolling upgrade.

CREATE OR REPLACE FUNCTION app_private.heartbeat(p_worker text, p_role text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  insert into app_private.worker_heartbeats (worker_id, service_role) values (p_worker, p_role)
  on conflict (worker_id) do update set beat_at = now()
$function$;

revoke all on function app_private.heartbeat(p_worker text, p_role text) from public;

CREATE OR REPLACE FUNCTION app_private.heartbeat(p_worker text, p_role text, p_pools text[])
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  insert into app_private.worker_heartbeats (worker_id, service_role, queue_pool_ids) values (p_worker, p_role, p_pools)
  on conflict (worker_id) do update set beat_at = now(), queue_pool_ids = excluded.queue_pool_ids
$function$;

comment on function app_private.heartbeat(p_worker text, p_role text, p_pools text[]) is 'A worker replica''s beat (every 30 s) with its graphile-worker pool ids.';
revoke all on function app_private.heartbeat(p_worker text, p_role text, p_pools text[]) from public;
