-- Whether another event holds this code-host organization (locally or through a GitHub App
-- installation), so a delivery naming it is not this event's.

CREATE OR REPLACE FUNCTION app_private.organization_held_elsewhere(p_event uuid, p_login text)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  return exists (select 1 from app_private.local_organizations o
                    where o.login_key = lower(p_login) and o.event_id is distinct from p_event)
        or exists (select 1 from app_private.github_installations i
                    where lower(i.login) = lower(p_login) and i.event_id <> p_event);
end;
$function$;

revoke all on function app_private.organization_held_elsewhere(p_event uuid, p_login text) from public;
