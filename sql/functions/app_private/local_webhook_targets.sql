-- The event a push to a repository of the local host is delivered to: its owner, only.

CREATE OR REPLACE FUNCTION app_private.local_webhook_targets(p_full_name text)
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select r.event_id from app_private.local_repositories r where r.name_key = lower(p_full_name) and r.event_id is not null
$function$;

revoke all on function app_private.local_webhook_targets(p_full_name text) from public;
