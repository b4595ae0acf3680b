-- Repository access follows roster standing (issue 26, finding 2). A participant who had
-- accepted the invitation and was then removed by roster import still fetched and pushed over
-- the local code host: nothing took app_private.local_repository_access away, and
-- app_private.local_repository_permission granted on the accepted row alone.
--
-- Now:
-- * app_private.roster_repository_permission says what the roster gives a person on one
--   repository of the event today: maintain for a participant of the team whose repository
--   it is, read for an advisor (coach) on every current team's repository, else nothing
--   (the provisioning plan's rule: members at maintain, coaches at read).
-- * local_repository_permission checks it at every fetch and push: an accepted grant counts
--   only up to what the roster gives now.
-- * A trigger on app.roster_entries, in the transaction of the change (roster import removing
--   a row or moving a participant to another team, a role or code-host username changed, a
--   team dissolved or deleted), deletes the local host's grants the roster no longer gives
--   (a maintain grant the roster now gives only read becomes read), and for a repository on
--   GitHub records a revocation of the old username and enqueues codehost__revoke_access
--   (job key revoke:<event>:<login>, 10 attempts), which removes the collaborator and cancels a
--   pending invitation through the driver. A revocation stays pending (listed by roster show
--   and github-check) until the job has done it; one whose person is back on the roster with
--   at least that access is cancelled when the job runs.
-- Existing grants the roster no longer gives are deleted here.

create table app_private.access_revocations (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references app.events (id) on delete cascade,
  full_name text not null,
  login text not null,
  email text not null,
  keeps text check (keeps in ('read')), -- what the roster still gave that login when asked (null: nothing)
  requested_at timestamptz not null default now(),
  attempts int not null default 0,
  last_error text,
  done_at timestamptz,
  outcome text check (outcome in ('revoked', 'cancelled')),
  check ((done_at is null) = (outcome is null))
);
create unique index access_revocations_pending_key on app_private.access_revocations (event_id, lower(full_name), lower(login)) where done_at is null;
create index access_revocations_event_idx on app_private.access_revocations (event_id, requested_at);

-- What the roster gives the person of p_email on one repository of the event, today:
-- maintain (participant of the team whose repository it is), read (advisor, on the repository
-- of a team still in the event), or null.
create function app_private.roster_repository_permission(p_event uuid, p_full_name text, p_email text) returns text
  language sql stable
  set search_path = ''
as $$
  select case
    when exists (select 1 from app.roster_entries x
                   join app.team_repositories t on t.project_id = x.team_id and t.event_id = x.event_id
                  where x.event_id = p_event and lower(x.email) = lower(p_email) and x.role = 'participant'
                    and lower(t.full_name) = lower(p_full_name)) then 'maintain'
    when exists (select 1 from app.roster_entries x where x.event_id = p_event and lower(x.email) = lower(p_email) and x.role = 'advisor')
     and exists (select 1 from app.team_repositories t join app.event_teams et on et.project_id = t.project_id
                  where t.event_id = p_event and et.event_id = p_event and et.left_at is null
                    and lower(t.full_name) = lower(p_full_name)) then 'read'
  end
$$;
comment on function app_private.roster_repository_permission(uuid, text, text) is
  'What the roster gives a person (by email) on one repository of the event now: maintain (participant of its team), read (advisor, current teams), else null.';

create function app_private.permission_rank(p text) returns int
  language sql immutable
  set search_path = ''
as $$
  select case p when 'maintain' then 2 when 'read' then 1 else 0 end
$$;

-- The same for a code-host username: the strongest any roster row naming it gets.
create function app_private.roster_login_permission(p_event uuid, p_full_name text, p_login text) returns text
  language sql stable
  set search_path = ''
as $$
  select g.p from app.roster_entries x
   cross join lateral (select app_private.roster_repository_permission(p_event, p_full_name, x.email) as p) g
   where x.event_id = p_event and lower(x.github_login) = lower(p_login) and g.p is not null
   order by app_private.permission_rank(g.p) desc limit 1
$$;

-- Access on the local host: the latest definition (000021) with the roster checked at
-- permission time. Organizers (workspace owner or admin, roster organizer) keep maintain; an
-- accepted grant counts up to what the roster gives now (a removed participant, one moved to
-- another team, an advisor removed: nothing).
create or replace function app_private.local_repository_permission(p_full_name text, p_user uuid, p_key_workspace uuid) returns text
  language sql stable
  set search_path = ''
as $$
  select coalesce(
    case when m.role in ('owner', 'admin') or exists (
      select 1 from app.roster_entries x join app.users u on lower(u.email) = lower(x.email)
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

-- Takes away, in the roster change's transaction, what a roster row no longer gives.
create function app_private.roster_entry_access_changed() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  repo record;
  had text;
  keeps text;
begin
  if tg_op = 'UPDATE' and (new.event_id, lower(new.email), new.role, new.team_id, lower(new.github_login))
       is not distinct from (old.event_id, lower(old.email), old.role, old.team_id, lower(old.github_login)) then
    return null;
  end if;

  -- Local host: grants of this person's account on the event's repositories.
  delete from app_private.local_repository_access a
   using app_private.local_repositories lr, app.users u
   where lr.event_id = old.event_id and lower(a.full_name) = lr.name_key
     and a.user_id = u.id and lower(u.email) = lower(old.email)
     and app_private.roster_repository_permission(old.event_id, a.full_name, u.email) is null;
  update app_private.local_repository_access a set permission = 'read'
    from app_private.local_repositories lr, app.users u
   where lr.event_id = old.event_id and lower(a.full_name) = lr.name_key
     and a.user_id = u.id and lower(u.email) = lower(old.email) and a.permission = 'maintain'
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

create trigger roster_entry_access_changed
  after delete or update on app.roster_entries
  for each row execute function app_private.roster_entry_access_changed();

-- The job's work: the pending revocations of one username in one event. One whose person is
-- back on the roster with more than it kept is cancelled here (and not answered).
create function app_private.revocation_work(p_event uuid, p_login text) returns jsonb
  language plpgsql volatile
  set search_path = ''
as $$
begin
  update app_private.access_revocations v set done_at = now(), outcome = 'cancelled'
   where v.event_id = p_event and lower(v.login) = lower(p_login) and v.done_at is null
     and app_private.permission_rank(app_private.roster_login_permission(p_event, v.full_name, v.login)) > app_private.permission_rank(v.keeps);
  return coalesce((select jsonb_agg(jsonb_build_object('id', v.id, 'repository', v.full_name, 'login', v.login) order by v.requested_at, v.id)
                     from app_private.access_revocations v
                    where v.event_id = p_event and lower(v.login) = lower(p_login) and v.done_at is null), '[]');
end;
$$;

-- Records one revocation's attempt: done (p_error null) or failed with its reason.
create function app_private.revocation_done(p_id uuid, p_error text) returns void
  language sql volatile
  set search_path = ''
as $$
  update app_private.access_revocations v
     set attempts = v.attempts + 1,
         last_error = left(p_error, 500),
         done_at = case when p_error is null then now() end,
         outcome = case when p_error is null then 'revoked' end
   where v.id = p_id and v.done_at is null
$$;

-- Removed people still holding access on the code host: the revocations not done yet, oldest first.
create function app_private.pending_access_revocations(p_event uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('email', v.email, 'login', v.login, 'repository', v.full_name,
           'requestedAt', app_private.iso(v.requested_at), 'attempts', v.attempts, 'lastError', v.last_error)
           order by v.requested_at, v.id), '[]')
    from app_private.access_revocations v where v.event_id = p_event and v.done_at is null
$$;

-- Grants given before this migration that the roster no longer gives.
delete from app_private.local_repository_access a
 using app_private.local_repositories lr, app.users u
 where lr.event_id is not null and lower(a.full_name) = lr.name_key and a.user_id = u.id
   and app_private.roster_repository_permission(lr.event_id, a.full_name, u.email) is null;
