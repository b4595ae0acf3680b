-- Whether a repository (owner/name) belongs to another event than p_event.

CREATE OR REPLACE FUNCTION app_private.repository_held_elsewhere(p_event uuid, p_full_name text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select app_private.organization_held_elsewhere(p_event, split_part(p_full_name, '/', 1))
      or exists (select 1 from app_private.local_repositories r
                  where r.name_key = lower(p_full_name) and r.event_id is distinct from p_event)
$function$;

revoke all on function app_private.repository_held_elsewhere(p_event uuid, p_full_name text) from public;
