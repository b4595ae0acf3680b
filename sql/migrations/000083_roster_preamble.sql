-- app.import_roster and app.roster_page as the invitations (000082) redefined them, on the one
-- preamble: 000082 was written before 000040 folded require_event_scope into require_scope
-- and dropped it, so both bodies still named the dropped helper.
create or replace function app.import_roster(p_participants jsonb, p_invite boolean DEFAULT true)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  e app.events;
  now_ timestamptz := app_private.ms(app.now());
  bad_team text;
  created jsonb;
  removed jsonb;
  dissolved jsonb;
  invited jsonb := '[]';
  who record;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  select * into e from app.events x where x.id = ctx.event_id for update;
  if e.roster_locked_at is not null then
    perform app_private.fail('roster_locked', format('The roster is locked since %s; unlock it first (event roster unlock)', app_private.iso(e.roster_locked_at)));
  end if;
  perform app_private.check_roster(p_participants);

  select r.team into bad_team from app_private.roster_rows(p_participants) r
    join app.projects p on p.workspace_id = ctx.workspace_id and lower(p.name) = lower(r.team) and p.archived_at is not null
    order by r.n limit 1;
  if bad_team is not null then
    perform app_private.fail('team_archived', format('The project of team %s is archived; unarchive it (projects unarchive) or rename the team', bad_team),
      jsonb_build_object('team', bad_team));
  end if;

  with named as (
    select distinct on (lower(r.team)) r.team from app_private.roster_rows(p_participants) r
    where r.team is not null order by lower(r.team), r.n
  ), made as (
    insert into app.projects (workspace_id, name, created_by, created_at, updated_at)
    select ctx.workspace_id, named.team, ctx.user_id, now_, now_ from named
    where not exists (select 1 from app.projects p where p.workspace_id = ctx.workspace_id and lower(p.name) = lower(named.team))
    returning name
  )
  select coalesce(jsonb_agg(made.name order by lower(made.name)), '[]') into created from made;

  insert into app.event_teams (project_id, event_id, joined_at, updated_at)
  select distinct p.id, e.id, now_, now_ from app_private.roster_rows(p_participants) r
    join app.projects p on p.workspace_id = ctx.workspace_id and lower(p.name) = lower(r.team)
  on conflict (project_id) do update set left_at = null, event_id = excluded.event_id
    where app.event_teams.left_at is not null or app.event_teams.event_id <> excluded.event_id;

  with gone as (
    delete from app.roster_entries x where x.event_id = e.id
      and lower(x.email) not in (select lower(r.email) from app_private.roster_rows(p_participants) r)
    returning x.email, x.team_id
  )
  select coalesce(jsonb_agg(jsonb_build_object('email', gone.email, 'team', p.name) order by lower(gone.email)), '[]')
    into removed from gone left join app.projects p on p.id = gone.team_id;

  insert into app.roster_entries (event_id, email, name, role, team_id, created_at)
  select e.id, r.email, r.name, r.role, p.id, now_ from app_private.roster_rows(p_participants) r
    left join app.projects p on p.workspace_id = ctx.workspace_id and lower(p.name) = lower(r.team)
  on conflict (event_id, lower(email)) do update set email = excluded.email, name = excluded.name, role = excluded.role, team_id = excluded.team_id
    where (app.roster_entries.email, app.roster_entries.name, app.roster_entries.role, app.roster_entries.team_id)
      is distinct from (excluded.email, excluded.name, excluded.role, excluded.team_id);

  with left_ as (
    update app.event_teams t set left_at = now_, updated_at = now_
    where t.event_id = e.id and t.left_at is null
      and not exists (select 1 from app.roster_entries r where r.event_id = e.id and r.team_id = t.project_id)
    returning t.project_id
  ), archived as (
    update app.projects p set archived_at = coalesce(p.archived_at, now_), updated_at = now_
    from left_ where p.id = left_.project_id
    returning p.name
  )
  select coalesce(jsonb_agg(archived.name order by lower(archived.name)), '[]') into dissolved from archived;

  update app_private.invitations i set revoked_at = app.now()
   where i.workspace_id = ctx.workspace_id and i.kind = 'workspace' and i.source = 'roster'
     and i.accepted_at is null and i.revoked_at is null
     and app_private.normalize_email(i.email) in (select app_private.normalize_email(x ->> 'email') from jsonb_array_elements(removed) x);

  if p_invite then
    for who in
      select distinct on (app_private.normalize_email(x.email)) x.email from app_private.roster_rows(p_participants) x
      where not exists (select 1 from app.memberships m join app.users u on u.id = m.user_id
                        where m.workspace_id = ctx.workspace_id and app_private.normalize_email(u.email) = app_private.normalize_email(x.email))
      order by app_private.normalize_email(x.email), x.n
    loop
      if (app_private.invite(ctx.workspace_id, who.email, 'member', 'roster', ctx.user_id, false) ->> 'mailed')::boolean then
        invited := invited || to_jsonb(who.email);
      end if;
    end loop;
  end if;

  return jsonb_build_object('imported', jsonb_array_length(p_participants), 'removed', removed, 'created', created, 'dissolved', dissolved,
    'invited', invited);
end;
$function$

;

create or replace function app.roster_page(p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid)
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
    'rows', coalesce((
      select jsonb_agg(jsonb_build_object('id', x.id, 'email', x.email, 'name', x.name, 'role', x.role, 'team', x.team,
               'signedIn', x.signed_in, 'invitation', x.invitation, 'addedAt', app_private.iso(x.created_at)) order by x.created_at desc, x.id desc)
      from (
        select r.id, r.email, r.name, r.role, p.name as team, r.created_at,
               exists (select 1 from app.users u join app_private.sign_ins s on s.user_id = u.id where lower(u.email) = lower(r.email)) as signed_in,
               (select jsonb_build_object('state', app_private.invitation_state(i), 'sentAt', app_private.iso(i.sent_at), 'expiresAt', app_private.iso(i.expires_at))
                  from app_private.invitations i
                 where i.workspace_id = ctx.workspace_id and i.kind = 'workspace'
                   and app_private.normalize_email(i.email) = app_private.normalize_email(r.email)
                 order by i.created_at desc, i.id desc limit 1) as invitation
        from app.roster_entries r left join app.projects p on p.id = r.team_id
        where r.event_id = ctx.event_id
          and (p_before_at is null or (r.created_at, r.id) < (p_before_at, p_before_id))
        order by r.created_at desc, r.id desc
        limit p_limit
      ) x), '[]'));
end;
$function$

;

