-- The event an invitation is for: { name, role, team } when the address is on the roster of the
-- workspace's event (workspace invitations only), else null.

CREATE OR REPLACE FUNCTION app_private.invitation_event(i app_private.invitations)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case when i.kind = 'workspace' then (
    select jsonb_build_object('name', e.name, 'role', r.role, 'team', p.name)
      from app.events e
      join app.roster_entries r on r.event_id = e.id and app_private.normalize_email(r.email) = app_private.normalize_email(i.email)
      left join app.projects p on p.id = r.team_id
     where e.workspace_id = i.workspace_id
     limit 1) end
$function$;

comment on function app_private.invitation_event(i app_private.invitations) is 'The event an invitation is for: { name, role, team } when the address is on the roster of the workspace''s event (workspace invitations only), else null.';
revoke all on function app_private.invitation_event(i app_private.invitations) from public;
