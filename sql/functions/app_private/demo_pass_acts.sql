-- Whether a demo pass still acts: not revoked or expired, its person still a member or guest and
-- its maker still an owner or admin ranked above them.

CREATE OR REPLACE FUNCTION app_private.demo_pass_acts(d app_private.demo_passes)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select d.id is not null and d.revoked_at is null and d.expires_at > app.now() and exists (
    select 1 from app.memberships t join app.memberships m on m.workspace_id = t.workspace_id and m.user_id = d.created_by
     where t.workspace_id = d.workspace_id and t.user_id = d.user_id
       and t.role in ('member', 'guest') and app_private.is_admin_role(m.role)
       and app_private.role_rank(t.role) < app_private.role_rank(m.role))
$function$;

revoke all on function app_private.demo_pass_acts(d app_private.demo_passes) from public;
