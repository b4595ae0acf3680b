-- Invites a person by email to read a deck; the invitation is claimed when an account with that
-- address signs up or signs in.

CREATE OR REPLACE FUNCTION app.invite_collaborator(p_deck uuid, p_email text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app.decks;
  c app.deck_collaborators;
  i app_private.invitations;
begin
  perform app_private.require_scope('presentations:write');
  d := app_private.deck_for(p_deck, array['owner', 'admin']);
  insert into app.deck_collaborators (deck_id, email, invited_by, created_at)
  values (d.id, app_private.normalize_email(p_email), app.current_user_id(), app.now())
  on conflict (deck_id, app_private.normalize_email(email)) do update set email = excluded.email
  returning * into c;
  if c.user_id is null and not exists (select 1 from app.users u where app_private.normalize_email(u.email) = app_private.normalize_email(c.email)) then
    select * into i from app_private.invitations x where x.collaborator_id = c.id and x.accepted_at is null and x.revoked_at is null for update;
    if i.id is null then
      insert into app_private.invitations (kind, workspace_id, collaborator_id, email, source, invited_by, created_at)
      values ('collaborator', d.workspace_id, c.id, c.email, 'collaborator', app.current_user_id(), app_private.ms(app.now())) returning * into i;
    else
      update app_private.invitations x set invited_by = app.current_user_id(), token_hash = null, sent_at = null, expires_at = null
       where x.id = i.id;
    end if;
    perform graphile_worker.add_job('mail__send', json_build_object('template', 'invitation', 'invitationId', i.id),
      job_key => 'invitation:' || i.id, max_attempts => 10);
  end if;
  return app_private.collaborator_json(c);
end;
$function$;

comment on function app.invite_collaborator(p_deck uuid, p_email text) is E'@shape app.deck_collaborator_summary\nInvites a person by email to read a deck; the invitation is claimed when an account with that address signs up or signs in.';
revoke all on function app.invite_collaborator(p_deck uuid, p_email text) from public;
grant execute on function app.invite_collaborator(p_deck uuid, p_email text) to public;
grant execute on function app.invite_collaborator(p_deck uuid, p_email text) to podium_app;
