-- An API replica's beat (every 30 s, and at start); removes the rows of replicas silent for 10
-- minutes. Uses now(), as app_private.heartbeat: replica liveness is wall-clock time, not a rule's.

CREATE OR REPLACE FUNCTION app_private.api_heartbeat(p_replica text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  insert into app_private.api_heartbeats (replica_id) values (p_replica)
    on conflict (replica_id) do update set beat_at = now();
  delete from app_private.api_heartbeats where beat_at < now() - interval '10 minutes';
end;
$function$;

comment on function app_private.api_heartbeat(p_replica text) is 'An API replica''s beat (every 30 s, and at start); removes the rows of replicas silent for 10 minutes.';
revoke all on function app_private.api_heartbeat(p_replica text) from public;
