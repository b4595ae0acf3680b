-- A workspace team's member as JSON: account, email, name, when added.

CREATE OR REPLACE FUNCTION app_private.team_member_json(p_team uuid, p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object('userId', u.id, 'email', u.email, 'name', u.name, 'addedAt', app_private.iso(m.added_at))
  from app.team_members m join app.users u on u.id = m.user_id where m.team_id = p_team and m.user_id = p_user
$function$;

revoke all on function app_private.team_member_json(p_team uuid, p_user uuid) from public;
