-- Invitations of the workspace not accepted nor revoked (pending, sending or expired), newest
-- first; owners and admins.

CREATE OR REPLACE FUNCTION app.list_invitations(p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app_private.require_scope('presentations:read', 'hackathon:read');
  perform app_private.require_owner_or_admin('sees the invitations of the workspace');
  return (select coalesce(jsonb_agg(app_private.invitation_json(x) order by x.created_at desc, x.id desc), '[]')
    from (select * from app_private.invitations i
           where i.workspace_id = app.current_workspace_id() and i.kind = 'workspace' and i.accepted_at is null and i.revoked_at is null
             and (p_before_at is null or (i.created_at, i.id) < (p_before_at, p_before_id))
           order by i.created_at desc, i.id desc limit p_limit) x);
end;
$function$;

comment on function app.list_invitations(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) is E'@shape app.workspace_invitation[]\nInvitations of the workspace not accepted nor revoked (pending, sending or expired), newest first; owners and admins.';
revoke all on function app.list_invitations(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) from public;
grant execute on function app.list_invitations(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to podium_app;
