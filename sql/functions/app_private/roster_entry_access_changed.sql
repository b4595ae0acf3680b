-- Trigger after a roster entry is updated or deleted: takes back code-host access the roster no
-- longer gives. On the local host the account's grants go or drop to read at once; on GitHub each
-- team repository whose username now gets less is queued in access_revocations and
-- codehost__revoke_access is enqueued.

CREATE OR REPLACE FUNCTION app_private.roster_entry_access_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

revoke all on function app_private.roster_entry_access_changed() from public;
