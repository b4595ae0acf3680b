-- Hackathon event service: participant onboarding. The bootstrap record's stored part (who
-- the caller is in the event, their team, their code-host username and their team's
-- repository) and saving the code-host username on the caller's roster row. The standing on
-- the code host is read live by the API (core/codehost), never stored.

-- A code-host login as GitHub allows it: letters, digits, single hyphens (not first or
-- last), at most 39 characters. A leading @ is dropped before the check.
create function app_private.normalize_github_login(p text) returns text
  language sql immutable
  set search_path = ''
as $$
  select case when l ~ '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$' and length(l) <= 39 then l end
  from (select regexp_replace(coalesce(p, ''), '^@', '') as l) x
$$;

-- The caller's place in the event as the bootstrap record carries it; refuses
-- event_not_configured and not_on_roster through app_private.event_ctx().
create function app.bootstrap_record() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  u app.users;
  r app.roster_entries;
  e app.events;
  repo app.team_repositories;
begin
  perform app_private.require_event_scope('hackathon:read');
  ctx := app_private.event_ctx();
  select * into u from app.users x where x.id = ctx.user_id;
  select * into e from app.events x where x.id = ctx.event_id;
  select * into r from app.roster_entries x where x.event_id = ctx.event_id and lower(x.email) = lower(u.email);
  select * into repo from app.team_repositories x
    where x.project_id = ctx.team_id and x.readiness not in ('planned', 'unassigned');
  return jsonb_build_object(
    'person', jsonb_build_object('id', u.id, 'email', u.email, 'name', coalesce(r.name, u.name)),
    'role', ctx.role,
    'team', case when ctx.team_id is null then null else
      (select jsonb_build_object('id', p.id, 'name', p.name) from app.projects p where p.id = ctx.team_id) end,
    'githubLogin', r.github_login,
    'event', jsonb_build_object('id', e.id, 'name', e.name, 'phase', app.events_phase(e)),
    'repository', case when repo.project_id is null then null else
      jsonb_build_object('fullName', repo.full_name, 'branch', e.github_branch, 'readiness', repo.readiness) end);
end;
$$;
comment on function app.bootstrap_record() is 'The caller''s bootstrap record without the live code-host standing: person, event role, team, code-host username, the team repository once provisioned.';
grant execute on function app.bootstrap_record() to podium_app;

-- Saves the caller's code-host username on their roster row. Participants only; a login
-- another roster person of the event named is github_login_taken.
create function app.set_github_login(p_login text) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  login text := app_private.normalize_github_login(p_login);
  holder text;
begin
  perform app_private.require_event_scope('hackathon:write');
  ctx := app_private.event_ctx();
  if ctx.role <> 'participant' then
    perform app_private.fail('not_a_participant',
      format('Only participants name a code-host username; you are %s and have no team repository', ctx.role),
      jsonb_build_object('role', ctx.role));
  end if;
  if login is null then
    perform app_private.fail('invalid_input', 'A GitHub username is letters, digits and single hyphens, at most 39 characters',
      jsonb_build_object('field', 'login'));
  end if;
  -- One saver at a time per event, so two people cannot both take one login.
  perform pg_advisory_xact_lock(hashtextextended('podium:github-login:' || ctx.event_id::text, 0));
  select r.email into holder from app.roster_entries r join app.users u on u.id = ctx.user_id
    where r.event_id = ctx.event_id and lower(r.github_login) = lower(login) and lower(r.email) <> lower(u.email) limit 1;
  if holder is not null then
    perform app_private.fail('github_login_taken', format('The GitHub username %s is already named by another person on the roster', login),
      jsonb_build_object('login', login));
  end if;
  update app.roster_entries r set github_login = login
    from app.users u where u.id = ctx.user_id and r.event_id = ctx.event_id and lower(r.email) = lower(u.email);
  return app.bootstrap_record();
end;
$$;
comment on function app.set_github_login(text) is 'Saves your code-host (GitHub) username on your roster row; participants only; refused github_login_taken when another roster person named it.';
grant execute on function app.set_github_login(text) to podium_app;
