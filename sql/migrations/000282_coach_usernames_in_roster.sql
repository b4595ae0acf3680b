-- Coaches' code-host usernames (issue 40, second pass): the provisioning plan invites coaches
-- (advisors) at read with "their code-host usernames", github-check and roster show promised
-- it, but nothing let an advisor name one (`connect --github` refuses advisors, as the spec
-- says). The spec leaves the way open; it is the roster file: an advisor's row may carry
-- `github` (validated as connect validates it: letters, digits, single hyphens, at most 39, a
-- leading `@` dropped; app_private.normalize_github_login), saved on the roster row. Only
-- advisors: on any other row the field is refused (participants name theirs themselves, with
-- `hackathon connect --github`; organizers and jurors get no repository access). A row
-- without the field keeps the username it had; `"github": null` (or "") takes it away (the
-- roster trigger revokes the old one, 000125). A username another row of the file or of the
-- roster names is refused: invalid_input for two rows of the file, github_login_taken for a
-- participant's. `roster show` carries each row's `github`, and `no_username` as the standing
-- of a participant or advisor without one.

drop function app_private.roster_rows(jsonb);
create function app_private.roster_rows(p jsonb)
  returns table (n int, email text, name text, role text, team text, github text, github_given boolean)
  language sql immutable
  set search_path = ''
as $$
  select (o - 1)::int, trim(x ->> 'email'), nullif(trim(x ->> 'name'), ''), coalesce(x ->> 'role', 'participant'),
         nullif(trim(x ->> 'team'), ''), app_private.normalize_github_login(nullif(trim(x ->> 'github'), '')), x ? 'github'
  from jsonb_array_elements(p) with ordinality as r(x, o)
$$;
comment on function app_private.roster_rows(jsonb) is 'The roster file''s rows, trimmed, 0-based n: github is the normalized username (null when absent, empty or null), github_given whether the row carries the field at all (absent keeps the stored one).';

create or replace function app_private.check_roster(p jsonb) returns void
  language plpgsql immutable
  set search_path = ''
as $$
declare
  x jsonb;
  n int := -1;
  k text;
  dup int;
begin
  if jsonb_typeof(p) is distinct from 'array' then
    perform app_private.fail('invalid_input', 'participants must be a list of roster entries', '{"field":"participants"}');
  end if;
  for x in select value from jsonb_array_elements(p) loop
    n := n + 1;
    if jsonb_typeof(x) <> 'object' then
      perform app_private.fail('invalid_input', format('participants.%s must be an object', n), jsonb_build_object('field', format('participants.%s', n)));
    end if;
    for k in select jsonb_object_keys(x) loop
      if k not in ('email', 'name', 'role', 'team', 'github') then
        perform app_private.fail('invalid_input', format('participants.%s.%s is not a known field', n, k), jsonb_build_object('field', format('participants.%s.%s', n, k)));
      end if;
      if jsonb_typeof(x -> k) not in ('string', 'null') then
        perform app_private.fail('invalid_input', format('participants.%s.%s must be a string', n, k), jsonb_build_object('field', format('participants.%s.%s', n, k)));
      end if;
    end loop;
    if app_private.is_email(trim(x ->> 'email')) is not true then
      perform app_private.fail('invalid_input', format('participants.%s.email must be an email address', n), jsonb_build_object('field', format('participants.%s.email', n)));
    end if;
    if length(trim(x ->> 'name')) > 200 or x ->> 'name' ~ '[[:cntrl:]]' then
      perform app_private.fail('invalid_input', format('participants.%s.name must be at most 200 characters on one line', n), jsonb_build_object('field', format('participants.%s.name', n)));
    end if;
    if coalesce(x ->> 'role', 'participant') not in ('participant', 'organizer', 'jury', 'advisor') then
      perform app_private.fail('invalid_input', format('participants.%s.role must be participant, organizer, jury or advisor', n), jsonb_build_object('field', format('participants.%s.role', n)));
    end if;
    if coalesce(x ->> 'role', 'participant') = 'participant' and nullif(trim(x ->> 'team'), '') is null then
      perform app_private.fail('invalid_input', format('participants.%s.team is required for a participant', n), jsonb_build_object('field', format('participants.%s.team', n)));
    end if;
    if coalesce(x ->> 'role', 'participant') <> 'participant' and nullif(trim(x ->> 'team'), '') is not null then
      perform app_private.fail('invalid_input', format('participants.%s.team: the %s role names no team', n, x ->> 'role'), jsonb_build_object('field', format('participants.%s.team', n)));
    end if;
    if length(trim(x ->> 'team')) > 100 or x ->> 'team' ~ '[[:cntrl:]]' then
      perform app_private.fail('invalid_input', format('participants.%s.team must be 1 to 100 characters on one line', n), jsonb_build_object('field', format('participants.%s.team', n)));
    end if;
    -- A coach's username (000282): advisors only; participants name theirs with connect --github.
    if x ? 'github' and coalesce(x ->> 'role', 'participant') <> 'advisor' then
      perform app_private.fail('invalid_input',
        format('participants.%s.github: only an advisor''s row names a code-host username (a %s has none in the roster; participants name theirs with hackathon connect --github)',
          n, coalesce(x ->> 'role', 'participant')),
        jsonb_build_object('field', format('participants.%s.github', n)));
    end if;
    if nullif(trim(x ->> 'github'), '') is not null and app_private.normalize_github_login(trim(x ->> 'github')) is null then
      perform app_private.fail('invalid_input',
        format('participants.%s.github must be a GitHub username: letters, digits and single hyphens, at most 39 characters', n),
        jsonb_build_object('field', format('participants.%s.github', n)));
    end if;
  end loop;
  select min(r.n) into dup from (
    select r.n, row_number() over (partition by app_private.normalize_email(r.email) order by r.n) as k from app_private.roster_rows(p) r) r
  where r.k > 1;
  if dup is not null then
    perform app_private.fail('invalid_input', format('participants.%s.email appears earlier in the roster', dup), jsonb_build_object('field', format('participants.%s.email', dup)));
  end if;
  select min(r.n) into dup from (
    select r.n, row_number() over (partition by lower(r.github) order by r.n) as k from app_private.roster_rows(p) r where r.github is not null) r
  where r.k > 1;
  if dup is not null then
    perform app_private.fail('invalid_input', format('participants.%s.github names a username an earlier row names', dup), jsonb_build_object('field', format('participants.%s.github', dup)));
  end if;
end;
$$;

create or replace function app.import_roster(p_participants jsonb, p_invite boolean default true) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
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

  -- Coaches' usernames (000282): a row carrying `github` sets it (null takes it away); a row
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
$$;
comment on function app.import_roster(jsonb, boolean) is 'event roster import: replaces the whole roster; an advisor''s row may carry github (the coach''s code-host username; absent keeps the stored one); invites every roster person who is not a workspace member (unless p_invite is false); answers imported, removed rows, created and dissolved teams, and the addresses invited.';

create or replace function app.roster_page(p_limit integer, p_before_at timestamptz default null, p_before_id uuid default null) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
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
$$;
comment on function app.roster_page(integer, timestamptz, uuid) is 'event roster show: roster rows with signed-in state, code-host username (github) and repository standing (no_username without one), newest first, for organizers.';
