-- teams members: who is in a workspace team, newest first.

CREATE OR REPLACE FUNCTION app.list_team_members(p_team text, p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.teams;
begin
  perform app_private.require_scope('hackathon:read');
  if app_private.is_member_of(app.current_workspace_id()) is not true then
    perform app_private.fail('workspace_not_found', 'You act in no workspace of yours');
  end if;
  t := app_private.workspace_team(p_team);
  return coalesce((
    select jsonb_agg(jsonb_build_object('userId', x.user_id, 'email', x.email, 'name', x.name, 'addedAt', app_private.iso(x.added_at))
             order by x.added_at desc, x.user_id desc) from (
      select m.user_id, m.added_at, u.email, u.name from app.team_members m join app.users u on u.id = m.user_id
      where m.team_id = t.id and (p_before_at is null or (m.added_at, m.user_id) < (p_before_at, p_before_id))
      order by m.added_at desc, m.user_id desc limit p_limit) x), '[]');
end;
$function$;

comment on function app.list_team_members(p_team text, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) is E'@shape app.workspace_team_member[]\nteams members: who is in a workspace team, newest first.';
revoke all on function app.list_team_members(p_team text, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) from public;
grant execute on function app.list_team_members(p_team text, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to public;
grant execute on function app.list_team_members(p_team text, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to podium_app;
