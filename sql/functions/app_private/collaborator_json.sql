-- A deck collaborator as JSON, with the state of the latest invitation mailed to them.

CREATE OR REPLACE FUNCTION app_private.collaborator_json(c app.deck_collaborators)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('id', c.id, 'presentationId', c.deck_id, 'email', c.email, 'userId', c.user_id,
    'claimed', c.user_id is not null, 'createdAt', c.created_at, 'claimedAt', c.claimed_at,
    'invitation', (select jsonb_build_object('state', app_private.invitation_state(i), 'sentAt', app_private.iso(i.sent_at),
                     'expiresAt', app_private.iso(i.expires_at))
                   from app_private.invitations i where i.collaborator_id = c.id order by i.created_at desc limit 1))
$function$;

revoke all on function app_private.collaborator_json(c app.deck_collaborators) from public;
