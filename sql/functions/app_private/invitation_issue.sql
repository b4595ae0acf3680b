-- The mail worker, about to send an invitation, stores its new token's hash and restarts its 7
-- days; an earlier link stops working. Answers what the mail says, or null when the invitation was
-- accepted or revoked meanwhile (nothing is sent).

CREATE OR REPLACE FUNCTION app_private.invitation_issue(p_invitation uuid, p_token_hash bytea)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  i app_private.invitations;
begin
  update app_private.invitations x set token_hash = p_token_hash, sent_at = app.now(), expires_at = app.now() + interval '7 days'
   where x.id = p_invitation and x.accepted_at is null and x.revoked_at is null
     and app_private.invitation_state(x) <> 'accepted'
  returning * into i;
  if i.id is null then
    return null;
  end if;
  return jsonb_build_object('to', i.email, 'kind', i.kind, 'role', i.role, 'expiresAt', app_private.iso(i.expires_at),
    'workspace', (select w.name from app.workspaces w where w.id = i.workspace_id),
    'inviter', (select coalesce(u.name, u.email) from app.users u where u.id = i.invited_by),
    'deckTitle', (select d.title from app.deck_collaborators c join app.decks d on d.id = c.deck_id where c.id = i.collaborator_id),
    'event', app_private.invitation_event(i));
end;
$function$;

revoke all on function app_private.invitation_issue(p_invitation uuid, p_token_hash bytea) from public;
