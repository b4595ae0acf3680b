-- The caller's bootstrap record without the live code-host standing: person, event role, team,
-- code-host username, the team repository once provisioned.

CREATE OR REPLACE FUNCTION app.bootstrap_record()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function app.bootstrap_record() is E'@shape app.bootstrap_stored_record\nThe caller''s bootstrap record without the live code-host standing: person, event role, team, code-host username, the team repository once provisioned.';
revoke all on function app.bootstrap_record() from public;
grant execute on function app.bootstrap_record() to public;
grant execute on function app.bootstrap_record() to podium_app;
