-- Readiness follows acceptance (issue 40): a team's repository read `invited` until the next
-- provisioning run even after every member accepted on the local code host (`hackathon setup`
-- said "Accepted your invitation", `roster show` said member), so `submissions list`, the
-- TUI and the web pages showed a stale READINESS. The local host knows the acceptance in the
-- same transaction: when the last participant of the team accepts, the team is `ready`, as
-- provisioning would decide (app_private.provision_team_done: every member's standing is
-- member). GitHub acceptances happen on GitHub; its teams still move at the next run.

create function app_private.local_team_ready(p_full_name text) returns void
  language sql volatile set search_path = '' as $$
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
$$;
comment on function app_private.local_team_ready(text) is 'Moves a team''s repository from invited to ready once every participant of the team accepted its invitation on the local code host.';

create or replace function app.accept_repository_invitation(p_full_name text) returns jsonb
  language plpgsql security definer set search_path = '' as $$
declare
  a app_private.local_repository_access;
begin
  perform app_private.require_scope('hackathon:write');
  update app_private.local_repository_access x set accepted_at = coalesce(x.accepted_at, now())
    where lower(x.full_name) = lower(p_full_name) and x.user_id = app.current_user_id()
    returning * into a;
  if a.user_id is null then
    perform app_private.fail('invitation_not_found', 'You have no invitation to this repository');
  end if;
  perform app_private.local_team_ready(a.full_name);
  return jsonb_build_object('repository', a.full_name, 'permission', a.permission, 'acceptedAt', app_private.iso(a.accepted_at));
end;
$$;
