-- teams list: the workspace teams, newest first; hub-managed ones are marked.

CREATE OR REPLACE FUNCTION app.list_teams(p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app_private.require_scope('hackathon:read');
  if app_private.is_member_of(app.current_workspace_id()) is not true then
    perform app_private.fail('workspace_not_found', 'You act in no workspace of yours');
  end if;
  return coalesce((
    select jsonb_agg(app_private.team_json(x) order by x.created_at desc, x.id desc) from (
      select t.* from app.teams t
      where t.workspace_id = app.current_workspace_id() and (p_before_at is null or (t.created_at, t.id) < (p_before_at, p_before_id))
      order by t.created_at desc, t.id desc limit p_limit) x), '[]');
end;
$function$;

comment on function app.list_teams(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) is E'@shape app.workspace_team[]\nteams list: the workspace teams, newest first; hub-managed ones are marked.';
revoke all on function app.list_teams(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) from public;
grant execute on function app.list_teams(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to public;
grant execute on function app.list_teams(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to podium_app;
