-- The event owning a repository of the local host (null: no owner, or retired).

CREATE OR REPLACE FUNCTION app_private.local_repository_owner(p_full_name text)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select r.event_id from app_private.local_repositories r where r.name_key = lower(p_full_name)
$function$;

revoke all on function app_private.local_repository_owner(p_full_name text) from public;
