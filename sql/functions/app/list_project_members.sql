-- projects members list: people and teams with their roles, newest first.

CREATE OR REPLACE FUNCTION app.list_project_members(p_project uuid, p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p app.projects;
begin
  perform app_private.require_scope('hackathon:read');
  p := app_private.project_for(p_project, 'viewer', false);
  return coalesce((
    select jsonb_agg(app_private.project_member_json(x) order by x.added_at desc, x.id desc) from (
      select m.* from app.project_members m
      where m.project_id = p.id and (p_before_at is null or (m.added_at, m.id) < (p_before_at, p_before_id))
      order by m.added_at desc, m.id desc limit p_limit) x), '[]');
end;
$function$;

comment on function app.list_project_members(p_project uuid, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) is E'@shape app.project_member_entry[]\nprojects members list: people and teams with their roles, newest first.';
revoke all on function app.list_project_members(p_project uuid, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) from public;
grant execute on function app.list_project_members(p_project uuid, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to public;
grant execute on function app.list_project_members(p_project uuid, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to podium_app;
