-- An invitation as JSON for its workspace's admins: kind, email, role, source, state, inviter,
-- deck, and when it was sent, expires, was accepted or revoked.

CREATE OR REPLACE FUNCTION app_private.invitation_json(i app_private.invitations)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('id', i.id, 'kind', i.kind, 'email', i.email, 'role', i.role, 'source', i.source,
    'state', app_private.invitation_state(i),
    'invitedBy', (select jsonb_build_object('id', u.id, 'email', u.email, 'name', u.name) from app.users u where u.id = i.invited_by),
    'workspaceId', i.workspace_id,
    'presentationId', (select c.deck_id from app.deck_collaborators c where c.id = i.collaborator_id),
    'createdAt', app_private.iso(i.created_at), 'sentAt', app_private.iso(i.sent_at), 'expiresAt', app_private.iso(i.expires_at),
    'acceptedAt', app_private.iso(i.accepted_at), 'revokedAt', app_private.iso(i.revoked_at))
$function$;

revoke all on function app_private.invitation_json(i app_private.invitations) from public;
