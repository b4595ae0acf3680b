-- What the invitation page shows for a token's hash: kind, state, email, role, workspace, inviter,
-- deck, expiry, event, and whether an account has the email already. Null for an unknown token.

CREATE OR REPLACE FUNCTION app_private.invitation_lookup(p_token_hash bytea)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('id', i.id, 'kind', i.kind, 'state', app_private.invitation_state(i), 'email', i.email, 'role', i.role,
    'workspace', jsonb_build_object('id', w.id, 'name', w.name),
    'inviter', (select coalesce(u.name, u.email) from app.users u where u.id = i.invited_by),
    'deck', (select jsonb_build_object('id', d.id, 'title', d.title) from app.deck_collaborators c join app.decks d on d.id = c.deck_id where c.id = i.collaborator_id),
    'expiresAt', app_private.iso(i.expires_at),
    'accountId', (select u.id from app.users u where app_private.normalize_email(u.email) = app_private.normalize_email(i.email)),
    'event', app_private.invitation_event(i))
  from app_private.invitations i join app.workspaces w on w.id = i.workspace_id
  where i.token_hash = p_token_hash
$function$;

revoke all on function app_private.invitation_lookup(p_token_hash bytea) from public;
