-- member invite: an owner or admin invites an address with a role; the invitation mail carries a
-- one-time link (7 days). Inviting again renews it.

CREATE OR REPLACE FUNCTION app.invite_member(p_email text, p_role text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  mine app.workspace_role;
begin
  perform app_private.require_scope('presentations:write', 'hackathon:write');
  perform app_private.require_owner_or_admin('invites people to the workspace');
  select m.role into mine from app.memberships m where m.workspace_id = app.current_workspace_id() and m.user_id = app.current_user_id();
  if p_role = 'owner' and mine <> 'owner' then
    perform app_private.fail('invitation_role_refused', 'Only an owner invites an owner', jsonb_build_object('role', p_role));
  end if;
  return app_private.invite(app.current_workspace_id(), p_email, p_role, 'invite', app.current_user_id(), true) - 'mailed';
end;
$function$;

comment on function app.invite_member(p_email text, p_role text) is E'@shape app.workspace_invitation\nmember invite: an owner or admin invites an address with a role; the invitation mail carries a one-time link (7 days). Inviting again renews it.';
revoke all on function app.invite_member(p_email text, p_role text) from public;
grant execute on function app.invite_member(p_email text, p_role text) to podium_app;
