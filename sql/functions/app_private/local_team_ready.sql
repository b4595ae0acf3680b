-- Moves a team's repository from invited to ready once every participant of the team accepted its
-- invitation on the local code host.

CREATE OR REPLACE FUNCTION app_private.local_team_ready(p_full_name text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  update app.team_repositories t set readiness = 'ready', updated_at = now()
   where lower(t.full_name) = lower(p_full_name) and t.readiness = 'invited'
     and exists (select 1 from app.roster_entries r where r.event_id = t.event_id and r.team_id = t.project_id and r.role = 'participant')
     and not exists (
       select 1 from app.roster_entries r
        where r.event_id = t.event_id and r.team_id = t.project_id and r.role = 'participant'
          and not exists (
            select 1 from app_private.local_repository_access a join app.users u on u.id = a.user_id
             where lower(a.full_name) = lower(t.full_name) and a.accepted_at is not null and a.permission = 'maintain'
               and app_private.normalize_email(u.email) = app_private.normalize_email(r.email)))
$function$;

comment on function app_private.local_team_ready(p_full_name text) is 'Moves a team''s repository from invited to ready once every participant of the team accepted its invitation on the local code host.';
revoke all on function app_private.local_team_ready(p_full_name text) from public;
