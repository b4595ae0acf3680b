-- Records a team's repository, its readiness, template commit and attention. Refuses
-- repository_not_found when another event on the code host holds the repository.

CREATE OR REPLACE FUNCTION app_private.set_repository_readiness(p_project uuid, p_full_name text, p_readiness text, p_template_sha text, p_attention text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if exists (select 1 from app.event_teams t where t.project_id = p_project and app_private.repository_held_elsewhere(t.event_id, p_full_name)) then
    perform app_private.fail('repository_not_found', format('%s belongs to another workspace on the code host', p_full_name));
  end if;
  insert into app.team_repositories (project_id, event_id, full_name, readiness, template_sha, attention)
  select t.project_id, t.event_id, p_full_name, p_readiness, p_template_sha, p_attention from app.event_teams t where t.project_id = p_project
  on conflict (project_id) do update set full_name = excluded.full_name, readiness = excluded.readiness,
    template_sha = coalesce(excluded.template_sha, app.team_repositories.template_sha), attention = excluded.attention, updated_at = now();
end;
$function$;

revoke all on function app_private.set_repository_readiness(p_project uuid, p_full_name text, p_readiness text, p_template_sha text, p_attention text) from public;
