-- event roster import: replaces the whole roster; an advisor's row may carry github (the coach's
-- code-host username; absent keeps the stored one); invites every roster person who is not a
-- workspace member (unless p_invite is false); answers imported, removed rows, created and
-- dissolved teams, and the addresses invited.

CREATE OR REPLACE FUNCTION app.import_roster(p_participants jsonb, p_invite boolean DEFAULT true)
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
  taken record;
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
      and app_private.normalize_email(x.email) not in (select app_private.normalize_email(r.email) from app_private.roster_rows(p_participants) r)
    returning x.email, x.team_id
  )
  select coalesce(jsonb_agg(jsonb_build_object('email', gone.email, 'team', p.name) order by app_private.normalize_email(gone.email)), '[]')
    into removed from gone left join app.projects p on p.id = gone.team_id;

  insert into app.roster_entries (event_id, email, name, role, team_id, created_at)
  select e.id, r.email, r.name, r.role, p.id, now_ from app_private.roster_rows(p_participants) r
    left join app.projects p on p.workspace_id = ctx.workspace_id and lower(p.name) = lower(r.team)
  on conflict (event_id, app_private.normalize_email(email)) do update set email = excluded.email, name = excluded.name, role = excluded.role, team_id = excluded.team_id
    where (app.roster_entries.email, app.roster_entries.name, app.roster_entries.role, app.roster_entries.team_id)
      is distinct from (excluded.email, excluded.name, excluded.role, excluded.team_id);

  -- Coaches' usernames: a row carrying `github` sets it (null takes it away); a row
  -- without the field keeps what was stored. A username another person of the roster named
  -- (a participant's, from connect --github) is refused: nothing of the import is kept.
  update app.roster_entries x set github_login = r.github
    from app_private.roster_rows(p_participants) r
   where r.github_given and x.event_id = e.id
     and app_private.normalize_email(x.email) = app_private.normalize_email(r.email)
     and x.github_login is distinct from r.github;
  select r.n, r.github, o.email into taken from app_private.roster_rows(p_participants) r
    join app.roster_entries o on o.event_id = e.id and lower(o.github_login) = lower(r.github)
     and app_private.normalize_email(o.email) <> app_private.normalize_email(r.email)
   where r.github is not null order by r.n limit 1;
  if found then
    perform app_private.fail('github_login_taken',
      format('participants.%s.github: the GitHub username %s is already named by %s on the roster', taken.n, taken.github, taken.email),
      jsonb_build_object('field', format('participants.%s.github', taken.n), 'login', taken.github));
  end if;

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

  -- The rows among themselves and against the workspace, once the rows they replace are gone.
  perform app_private.refuse_look_alike(ctx.workspace_id, array(select r.email from app_private.roster_rows(p_participants) r order by r.n));

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
$function$;

comment on function app.import_roster(p_participants jsonb, p_invite boolean) is E'@shape app.event_roster_import\nevent roster import: replaces the whole roster; an advisor''s row may carry github (the coach''s code-host username; absent keeps the stored one); invites every roster person who is not a workspace member (unless p_invite is false); answers imported, removed rows, created and dissolved teams, and the addresses invited.';
revoke all on function app.import_roster(p_participants jsonb, p_invite boolean) from public;
grant execute on function app.import_roster(p_participants jsonb, p_invite boolean) to podium_app;
