-- event roster show: roster rows with signed-in state, code-host username (github) and repository
-- standing (no_username without one), newest first, for organizers.

CREATE OR REPLACE FUNCTION app.roster_page(p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.organizer_ctx('hackathon:read');
  return jsonb_build_object(
    'rosterLockedAt', (select app_private.iso(e.roster_locked_at) from app.events e where e.id = ctx.event_id),
    'revocations', app_private.pending_access_revocations(ctx.event_id),
    'rows', coalesce((
      select jsonb_agg(jsonb_build_object('id', x.id, 'email', x.email, 'name', x.name, 'role', x.role, 'team', x.team, 'github', x.github_login,
               'signedIn', x.signed_in, 'invitation', x.invitation, 'repository', x.repository, 'addedAt', app_private.iso(x.created_at))
               order by x.created_at desc, x.id desc)
      from (
        select r.id, r.email, r.name, r.role, p.name as team, r.github_login, r.created_at,
               app_private.has_signed_in(r.email, ctx.workspace_id) as signed_in,
               (select jsonb_build_object('state', app_private.invitation_state(i), 'sentAt', app_private.iso(i.sent_at), 'expiresAt', app_private.iso(i.expires_at))
                  from app_private.invitations i
                 where i.workspace_id = ctx.workspace_id and i.kind = 'workspace'
                   and app_private.normalize_email(i.email) = app_private.normalize_email(r.email)
                 order by i.created_at desc, i.id desc limit 1) as invitation,
               case r.role
                 when 'advisor' then jsonb_build_object('name', null, 'permission', 'read', 'standing',
                   case when r.github_login is null then 'no_username' end)
                 when 'participant' then jsonb_build_object('name', t.full_name, 'permission', 'maintain', 'standing',
                   case when r.github_login is null then 'no_username'
                        when lr.name_key is not null then coalesce((
                     select case when a.accepted_at is not null then 'member' else 'invited' end
                       from app_private.local_repository_access a join app.users u on u.id = a.user_id
                      where lower(a.full_name) = lr.name_key and app_private.normalize_email(u.email) = app_private.normalize_email(r.email)
                      order by a.accepted_at nulls last limit 1), 'none') end)
               end as repository
        from app.roster_entries r left join app.projects p on p.id = r.team_id
          left join app.team_repositories t on t.project_id = r.team_id and t.event_id = r.event_id
          left join app_private.local_repositories lr on lr.name_key = lower(t.full_name) and lr.event_id = r.event_id
        where r.event_id = ctx.event_id
          and (p_before_at is null or (r.created_at, r.id) < (p_before_at, p_before_id))
        order by r.created_at desc, r.id desc
        limit p_limit
      ) x), '[]'));
end;
$function$;

comment on function app.roster_page(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) is E'@shape app.event_roster_page\nevent roster show: roster rows with signed-in state, code-host username (github) and repository standing (no_username without one), newest first, for organizers.';
revoke all on function app.roster_page(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) from public;
grant execute on function app.roster_page(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to public;
grant execute on function app.roster_page(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to podium_app;
