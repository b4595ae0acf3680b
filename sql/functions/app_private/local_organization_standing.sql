-- An organization on the local host for an event: held (claimed by it), taken (by another
-- event, or retired) or free.

CREATE OR REPLACE FUNCTION app_private.local_organization_standing(p_event uuid, p_login text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce((select case when o.event_id = p_event then 'held' else 'taken' end
                     from app_private.local_organizations o where o.login_key = lower(p_login)), 'free')
$function$;

revoke all on function app_private.local_organization_standing(p_event uuid, p_login text) from public;
