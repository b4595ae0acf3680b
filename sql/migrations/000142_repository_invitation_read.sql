-- The local code host's invitation as a page (issue 27, blocker 2): connect, setup and /event
-- print the invitation's URL, and opening it must show the invitation and a button that
-- accepts it. This reads the caller's own invitation to a repository of the local code host
-- with what the page names: the event and the team the repository belongs to. Keyed by the
-- caller: anyone else's invitation (another person, another workspace) is invitation_not_found.

create function app.repository_invitation(p_full_name text) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
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
$$;
comment on function app.repository_invitation(text) is
  'The caller''s own invitation to a repository of the local code host (hackathon:read): { repository, permission, invitedAt, acceptedAt, event: { name }, team }; invitation_not_found otherwise. Read by the invitation page (GET /codehost/invitations/<owner>/<repo>).';
grant execute on function app.repository_invitation(text) to podium_app;
