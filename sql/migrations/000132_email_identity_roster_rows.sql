-- The caller's own roster row, found by the address's identity (000130), not lower(): the
-- bootstrap record read it, and saving a code-host username wrote it, through lower(), which
-- maps the Kelvin sign to `k`; so a look-alike row of another person could be read, or
-- written with one's GitHub username. Bodies otherwise as 000011 and 000040.

create or replace function app.bootstrap_record() returns jsonb
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
  perform app_private.require_scope('hackathon:read');
  ctx := app_private.event_ctx();
  select * into u from app.users x where x.id = ctx.user_id;
  select * into e from app.events x where x.id = ctx.event_id;
  select * into r from app.roster_entries x
    where x.event_id = ctx.event_id and app_private.normalize_email(x.email) = app_private.normalize_email(u.email);
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

create or replace function app.set_github_login(p_login text) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  login text := app_private.normalize_github_login(p_login);
  holder text;
begin
  perform app_private.require_scope('hackathon:write');
  ctx := app_private.event_ctx();
  if ctx.role is distinct from 'participant' then
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
    where r.event_id = ctx.event_id and lower(r.github_login) = lower(login)
      and app_private.normalize_email(r.email) <> app_private.normalize_email(u.email) limit 1;
  if holder is not null then
    perform app_private.fail('github_login_taken', format('The GitHub username %s is already named by another person on the roster', login),
      jsonb_build_object('login', login));
  end if;
  update app.roster_entries r set github_login = login
    from app.users u where u.id = ctx.user_id and r.event_id = ctx.event_id
      and app_private.normalize_email(r.email) = app_private.normalize_email(u.email);
  return app.bootstrap_record();
end;
$$;
