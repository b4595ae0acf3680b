-- A repository of the local host for an event: owned, taken (another event's or retired),
-- missing (no row and not on disk) or unowned (on disk with no row: never adopted).

CREATE OR REPLACE FUNCTION app_private.local_repository_standing(p_event uuid, p_full_name text, p_on_disk boolean)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce((select case when r.event_id = p_event then 'owned' else 'taken' end
                     from app_private.local_repositories r where r.name_key = lower(p_full_name)),
                  case when p_on_disk then 'unowned' else 'missing' end)
$function$;

revoke all on function app_private.local_repository_standing(p_event uuid, p_full_name text, p_on_disk boolean) from public;
