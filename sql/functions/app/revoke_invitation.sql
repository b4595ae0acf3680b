-- Revokes a pending invitation: its link stops working, a mail not yet sent is not sent.

CREATE OR REPLACE FUNCTION app.revoke_invitation(p_invitation uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  i app_private.invitations;
begin
  perform app_private.require_scope('presentations:write', 'hackathon:write');
  perform app_private.require_owner_or_admin('revokes invitations');
  update app_private.invitations x set revoked_at = app.now()
   where x.id = p_invitation and x.workspace_id = app.current_workspace_id() and x.kind = 'workspace'
     and x.accepted_at is null and x.revoked_at is null
  returning * into i;
  if i.id is null then
    perform app_private.fail('invitation_not_found', 'No pending invitation with that id in this workspace', jsonb_build_object('invitationId', p_invitation));
  end if;
  return app_private.invitation_json(i);
end;
$function$;

comment on function app.revoke_invitation(p_invitation uuid) is E'@shape app.workspace_invitation\nRevokes a pending invitation: its link stops working, a mail not yet sent is not sent.';
revoke all on function app.revoke_invitation(p_invitation uuid) from public;
grant execute on function app.revoke_invitation(p_invitation uuid) to podium_app;
