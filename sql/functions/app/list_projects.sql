-- projects list: the projects you may read, newest first; archived ones only when asked.

CREATE OR REPLACE FUNCTION app.list_projects(p_archived text, p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app_private.require_scope('hackathon:read');
  perform app_private.project_caller_role();
  return coalesce((
    select jsonb_agg(app_private.project_json(x) order by x.created_at desc, x.id desc) from (
      select p.* from app.projects p
      where p.workspace_id = app.current_workspace_id()
        and case coalesce(p_archived, 'false') when 'true' then p.archived_at is not null when 'all' then true else p.archived_at is null end
        and (p_before_at is null or (p.created_at, p.id) < (p_before_at, p_before_id))
        and app_private.project_role_of(p.id) is not null
      order by p.created_at desc, p.id desc
      limit p_limit) x), '[]');
end;
$function$;

comment on function app.list_projects(p_archived text, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) is E'@shape app.project_summary[]\nprojects list: the projects you may read, newest first; archived ones only when asked.';
revoke all on function app.list_projects(p_archived text, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) from public;
grant execute on function app.list_projects(p_archived text, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to public;
grant execute on function app.list_projects(p_archived text, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to podium_app;
