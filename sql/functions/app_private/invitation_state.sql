-- An invitation's state: accepted (also a collaborator invitation whose collaboration someone
-- claimed), revoked, expired, sending (not mailed yet) or pending.

CREATE OR REPLACE FUNCTION app_private.invitation_state(i app_private.invitations)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case
    when i.accepted_at is not null then 'accepted'
    when i.revoked_at is not null then 'revoked'
    when i.kind = 'collaborator' and exists (select 1 from app.deck_collaborators c where c.id = i.collaborator_id and c.user_id is not null) then 'accepted'
    when i.expires_at is not null and i.expires_at <= app.now() then 'expired'
    when i.sent_at is null then 'sending'
    else 'pending' end
$function$;

revoke all on function app_private.invitation_state(i app_private.invitations) from public;
