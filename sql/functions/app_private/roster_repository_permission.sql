-- What the roster gives a person (by email) on one repository of the event now: maintain
-- (participant of its team), read (advisor, current teams), else null. People match by
-- app_private.normalize_email, never a Unicode fold, so a look-alike address on the roster neither
-- gets nor keeps someone else's repository.

CREATE OR REPLACE FUNCTION app_private.roster_repository_permission(p_event uuid, p_full_name text, p_email text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case
    when exists (select 1 from app.roster_entries x
                   join app.team_repositories t on t.project_id = x.team_id and t.event_id = x.event_id
                  where x.event_id = p_event and app_private.normalize_email(x.email) = app_private.normalize_email(p_email) and x.role = 'participant'
                    and lower(t.full_name) = lower(p_full_name)) then 'maintain'
    when exists (select 1 from app.roster_entries x where x.event_id = p_event and app_private.normalize_email(x.email) = app_private.normalize_email(p_email) and x.role = 'advisor')
     and exists (select 1 from app.team_repositories t join app.event_teams et on et.project_id = t.project_id
                  where t.event_id = p_event and et.event_id = p_event and et.left_at is null
                    and lower(t.full_name) = lower(p_full_name)) then 'read'
  end
$function$;

comment on function app_private.roster_repository_permission(p_event uuid, p_full_name text, p_email text) is 'What the roster gives a person (by email) on one repository of the event now: maintain (participant of its team), read (advisor, current teams), else null.';
revoke all on function app_private.roster_repository_permission(p_event uuid, p_full_name text, p_email text) from public;
