-- The caller's own invitation to a repository of the local code host (hackathon:read): {
-- repository, permission, invitedAt, acceptedAt, event: { name }, team }; invitation_not_found
-- otherwise. Read by the invitation page (GET /codehost/invitations/<owner>/<repo>).

CREATE OR REPLACE FUNCTION app.repository_invitation(p_full_name text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  a app_private.local_repository_access;
  ev app.events;
  team text;
begin
  perform app_private.require_scope('hackathon:read');
  select * into a from app_private.local_repository_access x
    where lower(x.full_name) = lower(p_full_name) and x.user_id = app.current_user_id();
  if a.user_id is null then
    perform app_private.fail('invitation_not_found', 'You have no invitation to this repository');
  end if;
  select e.* into ev from app_private.local_repositories r join app.events e on e.id = r.event_id
    where r.name_key = lower(a.full_name);
  select p.name into team from app.team_repositories tr join app.projects p on p.id = tr.project_id
    where lower(tr.full_name) = lower(a.full_name) and tr.event_id = ev.id;
  return jsonb_build_object('repository', a.full_name, 'permission', a.permission,
    'invitedAt', app_private.iso(a.invited_at), 'acceptedAt', app_private.iso(a.accepted_at),
    'event', case when ev.id is not null then jsonb_build_object('name', ev.name) end, 'team', team);
end;
$function$;

comment on function app.repository_invitation(p_full_name text) is E'@shape app.codehost_invitation\nThe caller''s own invitation to a repository of the local code host (hackathon:read): { repository, permission, invitedAt, acceptedAt, event: { name }, team }; invitation_not_found otherwise. Read by the invitation page (GET /codehost/invitations/<owner>/<repo>).';
revoke all on function app.repository_invitation(p_full_name text) from public;
grant execute on function app.repository_invitation(p_full_name text) to podium_app;
