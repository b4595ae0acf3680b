-- What the roster gives a code-host username on one repository: the strongest permission of any
-- roster row naming it (app_private.roster_repository_permission).

CREATE OR REPLACE FUNCTION app_private.roster_login_permission(p_event uuid, p_full_name text, p_login text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select g.p from app.roster_entries x
   cross join lateral (select app_private.roster_repository_permission(p_event, p_full_name, x.email) as p) g
   where x.event_id = p_event and lower(x.github_login) = lower(p_login) and g.p is not null
   order by app_private.permission_rank(g.p) desc limit 1
$function$;

revoke all on function app_private.roster_login_permission(p_event uuid, p_full_name text, p_login text) from public;
