-- Signed in yet, only for members of the workspace (issue 39, finding F11). The roster
-- answered `signedIn` for any address: an organizer could import arbitrary addresses without
-- inviting them (`invite: false`) and learn which have an account on the instance and have
-- signed in, other tenants' people included. has_signed_in now takes the workspace and says
-- yes only for a member of it who has signed in; everyone else reads as not signed in. The
-- one-argument form is dropped so no body asks the instance-wide question again.

create function app_private.has_signed_in(p_email text, p_workspace uuid) returns boolean
  language sql stable
  set search_path = ''
as $$
  select exists (select 1 from app.users u
                   join app.memberships m on m.user_id = u.id and m.workspace_id = p_workspace
                   join app_private.sign_ins s on s.user_id = u.id
                  where app_private.normalize_email(u.email) = app_private.normalize_email(p_email))
$$;
comment on function app_private.has_signed_in(text, uuid) is
  'Whether the person with this address is a member of the workspace and has signed in at least once (roster pages show it); an account that is not a member reads as not signed in, so a roster never tells which addresses have an account elsewhere on the instance.';
revoke all on function app_private.has_signed_in(text, uuid) from public;

create or replace function app.roster_page(p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.organizer_ctx('hackathon:read');
  return jsonb_build_object(
    'rosterLockedAt', (select app_private.iso(e.roster_locked_at) from app.events e where e.id = ctx.event_id),
    'revocations', app_private.pending_access_revocations(ctx.event_id),
    'rows', coalesce((
      select jsonb_agg(jsonb_build_object('id', x.id, 'email', x.email, 'name', x.name, 'role', x.role, 'team', x.team,
               'signedIn', x.signed_in, 'invitation', x.invitation, 'repository', x.repository, 'addedAt', app_private.iso(x.created_at))
               order by x.created_at desc, x.id desc)
      from (
        select r.id, r.email, r.name, r.role, p.name as team, r.created_at,
               app_private.has_signed_in(r.email, ctx.workspace_id) as signed_in,
               (select jsonb_build_object('state', app_private.invitation_state(i), 'sentAt', app_private.iso(i.sent_at), 'expiresAt', app_private.iso(i.expires_at))
                  from app_private.invitations i
                 where i.workspace_id = ctx.workspace_id and i.kind = 'workspace'
                   and app_private.normalize_email(i.email) = app_private.normalize_email(r.email)
                 order by i.created_at desc, i.id desc limit 1) as invitation,
               case r.role
                 when 'advisor' then jsonb_build_object('name', null, 'permission', 'read', 'standing', null)
                 when 'participant' then jsonb_build_object('name', t.full_name, 'permission', 'maintain', 'standing',
                   case when lr.name_key is not null then coalesce((
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
$$;


create or replace function app.team_roster(p_team text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  t app.event_teams;
  ws uuid;
begin
  perform app_private.require_scope('hackathon:read');
  t := app_private.event_team_for(p_team, false);
  select e.workspace_id into ws from app.events e where e.id = t.event_id;
  return jsonb_build_object(
    'team', app_private.team_ref_json(t.project_id),
    'members', coalesce((
      select jsonb_agg(jsonb_build_object('name', r.name, 'email', r.email,
               'signedIn', app_private.has_signed_in(r.email, ws))
             order by lower(coalesce(r.name, r.email)), r.id)
      from app.roster_entries r
      where r.event_id = t.event_id and r.team_id = t.project_id and r.role = 'participant'), '[]'));
end;
$$;


drop function app_private.has_signed_in(text);
