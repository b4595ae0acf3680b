-- Repository access by roster standing (000125) matched people with lower(email); an
-- identity is app_private.normalize_email (000130: trim and ASCII case, never a Unicode fold),
-- so a look-alike address (the Kelvin sign for k, fullwidth letters) on the roster neither gets
-- nor keeps someone else's repository. Same bodies as 000125 with the one match changed.
create or replace function app_private.roster_repository_permission(p_event uuid, p_full_name text, p_email text) returns text
  language sql stable
  set search_path = ''
as $$
  select case
    when exists (select 1 from app.roster_entries x
                   join app.team_repositories t on t.project_id = x.team_id and t.event_id = x.event_id
                  where x.event_id = p_event and app_private.normalize_email(x.email) = app_private.normalize_email(p_email) and x.role = 'participant'
                    and lower(t.full_name) = lower(p_full_name)) then 'maintain'
    when exists (select 1 from app.roster_entries x where x.event_id = p_event and app_private.normalize_email(x.email) = app_private.normalize_email(p_email) and x.role = 'advisor')
     and exists (select 1 from app.team_repositories t join app.event_teams et on et.project_id = t.project_id
                  where t.event_id = p_event and et.event_id = p_event and et.left_at is null
                    and lower(t.full_name) = lower(p_full_name)) then 'read'
  end
$$;

create or replace function app_private.local_repository_permission(p_full_name text, p_user uuid, p_key_workspace uuid) returns text
  language sql stable
  set search_path = ''
as $$
  select coalesce(
    case when m.role in ('owner', 'admin') or exists (
      select 1 from app.roster_entries x join app.users u on app_private.normalize_email(u.email) = app_private.normalize_email(x.email)
       where x.event_id = e.id and u.id = p_user and x.role = 'organizer') then 'maintain' end,
    (select case when a.permission = 'maintain' and g.p = 'read' then 'read' else a.permission end
       from app_private.local_repository_access a
       join app.users u on u.id = a.user_id
       cross join lateral (select app_private.roster_repository_permission(e.id, r.name_key, u.email) as p) g
      where lower(a.full_name) = r.name_key and a.user_id = p_user and a.accepted_at is not null
        and g.p is not null))
  from app_private.local_repositories r
  join app.events e on e.id = r.event_id
  join app.memberships m on m.workspace_id = e.workspace_id and m.user_id = p_user
  where r.name_key = lower(p_full_name) and (p_key_workspace is null or p_key_workspace = e.workspace_id)
$$;

create or replace function app_private.roster_entry_access_changed() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  repo record;
  had text;
  keeps text;
begin
  if tg_op = 'UPDATE' and (new.event_id, app_private.normalize_email(new.email), new.role, new.team_id, lower(new.github_login))
       is not distinct from (old.event_id, app_private.normalize_email(old.email), old.role, old.team_id, lower(old.github_login)) then
    return null;
  end if;

  -- Local host: grants of this person's account on the event's repositories.
  delete from app_private.local_repository_access a
   using app_private.local_repositories lr, app.users u
   where lr.event_id = old.event_id and lower(a.full_name) = lr.name_key
     and a.user_id = u.id and app_private.normalize_email(u.email) = app_private.normalize_email(old.email)
     and app_private.roster_repository_permission(old.event_id, a.full_name, u.email) is null;
  update app_private.local_repository_access a set permission = 'read'
    from app_private.local_repositories lr, app.users u
   where lr.event_id = old.event_id and lower(a.full_name) = lr.name_key
     and a.user_id = u.id and app_private.normalize_email(u.email) = app_private.normalize_email(old.email) and a.permission = 'maintain'
     and app_private.roster_repository_permission(old.event_id, a.full_name, u.email) = 'read';

  -- Elsewhere (GitHub): the old username on each team repository the old row gave, when the
  -- roster no longer gives that username as much.
  if old.github_login is null or old.role not in ('participant', 'advisor') then
    return null;
  end if;
  for repo in
    select t.full_name from app.team_repositories t
     where t.event_id = old.event_id
       and ((old.role = 'participant' and t.project_id = old.team_id) or old.role = 'advisor')
       and not exists (select 1 from app_private.local_repositories lr where lr.name_key = lower(t.full_name))
  loop
    had := case old.role when 'participant' then 'maintain' else 'read' end;
    keeps := app_private.roster_login_permission(old.event_id, repo.full_name, old.github_login);
    if app_private.permission_rank(keeps) < app_private.permission_rank(had) then
      insert into app_private.access_revocations (event_id, full_name, login, email, keeps)
      values (old.event_id, repo.full_name, old.github_login, old.email, keeps)
      on conflict (event_id, lower(full_name), lower(login)) where done_at is null
      do update set keeps = excluded.keeps, email = excluded.email;
      perform graphile_worker.add_job('codehost__revoke_access',
        json_build_object('eventId', old.event_id, 'login', lower(old.github_login)),
        job_key => 'revoke:' || old.event_id || ':' || lower(old.github_login), max_attempts => 10);
    end if;
  end loop;
  return null;
end;
$$;

-- Removed people still holding access, in a stable order: revocations of one roster change share
-- their requested_at, and ordering them by a random id shuffled the roster page between reads.
create or replace function app_private.pending_access_revocations(p_event uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('email', v.email, 'login', v.login, 'repository', v.full_name,
           'requestedAt', app_private.iso(v.requested_at), 'attempts', v.attempts, 'lastError', v.last_error)
           order by v.requested_at, lower(v.email), lower(v.full_name), v.id), '[]')
    from app_private.access_revocations v where v.event_id = p_event and v.done_at is null
$$;
