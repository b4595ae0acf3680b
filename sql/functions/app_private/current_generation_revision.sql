-- The latest deck generation run's revision for an event (0 when none ran).

CREATE OR REPLACE FUNCTION app_private.current_generation_revision(p_event uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(max(r.revision), 0) from app_private.generation_runs r where r.event_id = p_event
$function$;

revoke all on function app_private.current_generation_revision(p_event uuid) from public;
