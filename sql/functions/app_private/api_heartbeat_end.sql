-- An API replica stopping: its row goes at once, so the count drops without waiting 90 s.

CREATE OR REPLACE FUNCTION app_private.api_heartbeat_end(p_replica text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  delete from app_private.api_heartbeats where replica_id = p_replica;
$function$;

comment on function app_private.api_heartbeat_end(p_replica text) is 'An API replica stopping: its row goes at once, so the count drops without waiting 90 s.';
revoke all on function app_private.api_heartbeat_end(p_replica text) from public;
