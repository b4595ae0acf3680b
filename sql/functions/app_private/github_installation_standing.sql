-- A GitHub installation for an event: held, taken (another event's) or free.

CREATE OR REPLACE FUNCTION app_private.github_installation_standing(p_event uuid, p_installation bigint)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce((select case when i.event_id = p_event then 'held' else 'taken' end
                     from app_private.github_installations i where i.installation_id = p_installation), 'free')
$function$;

revoke all on function app_private.github_installation_standing(p_event uuid, p_installation bigint) from public;
