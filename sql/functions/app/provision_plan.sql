-- admin provision --dry-run: the plan (teams with their members at maintain, coaches: advisors
-- with a username at read), notes (participants without a username yet: invited once they name
-- it; advisors without one: not invited) and conflicts (a username named twice, a shared
-- repository name).

CREATE OR REPLACE FUNCTION app.provision_plan()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  e app.events;
  teams jsonb;
  coaches jsonb;
  notes jsonb;
  conflicts jsonb := '[]';
begin
  ctx := app_private.organizer_ctx('hackathon:read');
  select * into e from app.events x where x.id = ctx.event_id;
  if e.github_organization is null then
    conflicts := conflicts || jsonb_build_array('No organization and template yet: run event github first');
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
      'project', jsonb_build_object('id', p.id, 'name', p.name),
      'repository', coalesce(r.full_name, e.github_organization || '/' || app_private.repository_slug(p.name)),
      'readiness', coalesce(r.readiness, 'planned'),
      'members', (select coalesce(jsonb_agg(jsonb_build_object('email', m.email, 'login', m.github_login, 'permission', 'maintain') order by app_private.normalize_email(m.email)), '[]')
                    from app.roster_entries m where m.event_id = e.id and m.team_id = p.id)) order by lower(p.name)), '[]')
    into teams
    from app.event_teams t join app.projects p on p.id = t.project_id left join app.team_repositories r on r.project_id = p.id
    where t.event_id = e.id and t.left_at is null;
  -- Coaches: advisors with a username (their roster row's `github`), invited at read.
  select coalesce(jsonb_agg(jsonb_build_object('email', c.email, 'login', c.github_login, 'permission', 'read') order by app_private.normalize_email(c.email)), '[]')
    into coaches from app.roster_entries c where c.event_id = e.id and c.role = 'advisor' and c.github_login is not null;
  -- Notes, never blocking: participants without a username yet (their team is made, they are
  -- invited once they name it), then advisors without one (not invited until they have one).
  select coalesce(jsonb_agg(x.note order by x.k, x.email), '[]') into notes from (
    select 1 as k, app_private.normalize_email(m.email) as email,
           format('%s (%s) has no code-host username yet: invited once they run hackathon connect --github', m.email, p.name) as note
      from app.roster_entries m join app.projects p on p.id = m.team_id
     where m.event_id = e.id and m.role = 'participant' and m.github_login is null
    union all
    select 2, app_private.normalize_email(c.email),
           format('%s (advisor) has no code-host username: not invited to the repositories; add "github": "<login>" to their roster row and import it again', c.email)
      from app.roster_entries c where c.event_id = e.id and c.role = 'advisor' and c.github_login is null) x;
  -- Conflicts: a username named twice, two teams on one repository name.
  conflicts := conflicts || coalesce((select jsonb_agg(format('The username %s is named by %s people', x.login, x.n) order by x.login)
    from (select lower(m.github_login) as login, count(*) as n from app.roster_entries m
          where m.event_id = e.id and m.github_login is not null group by 1 having count(*) > 1) x), '[]');
  conflicts := conflicts || coalesce((select jsonb_agg(format('Teams %s share the repository name %s', x.teams, x.repo) order by x.repo)
    from (select lower(t ->> 'repository') as repo, string_agg(t #>> '{project,name}', ', ' order by t #>> '{project,name}') as teams
          from jsonb_array_elements(teams) t group by 1 having count(*) > 1) x), '[]');
  return jsonb_build_object('organization', e.github_organization, 'template', e.github_template, 'branch', e.github_branch,
    'teams', teams, 'coaches', coaches, 'notes', notes, 'conflicts', conflicts,
    'sample', teams -> 0 -> 'project'); -- the dry run's sample team: the first by name
end;
$function$;

comment on function app.provision_plan() is E'@shape app.provisioning_plan\nadmin provision --dry-run: the plan (teams with their members at maintain, coaches: advisors with a username at read), notes (participants without a username yet: invited once they name it; advisors without one: not invited) and conflicts (a username named twice, a shared repository name).';
revoke all on function app.provision_plan() from public;
grant execute on function app.provision_plan() to public;
grant execute on function app.provision_plan() to podium_app;
