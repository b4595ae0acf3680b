-- Makes or renews a workspace invitation and queues its mail (the worker mints the link).

CREATE OR REPLACE FUNCTION app_private.invite(p_workspace uuid, p_email text, p_role text, p_source text, p_inviter uuid, p_resend boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  i app_private.invitations;
  v_email text := trim(p_email);
  mailed boolean := true;
begin
  if v_email is null or v_email !~ '^[^@\s]+@[^@\s]+$' or length(v_email) > 320 then
    perform app_private.fail('invalid_input', format('Not an email address: %s', p_email), '{"field":"email"}');
  end if;
  if p_role is null or p_role not in ('owner', 'admin', 'member', 'guest') then
    perform app_private.fail('invalid_role', format('Role must be owner, admin, member or guest, got %s', p_role));
  end if;
  if exists (select 1 from app.memberships m join app.users u on u.id = m.user_id
             where m.workspace_id = p_workspace and app_private.normalize_email(u.email) = app_private.normalize_email(v_email)) then
    perform app_private.fail('already_member', format('%s is already a member of this workspace', v_email), jsonb_build_object('email', v_email));
  end if;
  -- A roster's invitations were compared with their whole roster by app.import_roster.
  if p_source is distinct from 'roster' then
    perform app_private.refuse_look_alike(p_workspace, array[v_email]);
  end if;
  select * into i from app_private.invitations x
   where x.workspace_id = p_workspace and x.kind = 'workspace' and x.accepted_at is null and x.revoked_at is null
     and app_private.normalize_email(x.email) = app_private.normalize_email(v_email)
   for update;
  if i.id is not null and p_resend is not true and (i.expires_at is null or i.expires_at > app.now()) then
    mailed := false;
  elsif i.id is not null then
    update app_private.invitations x set role = p_role::app.workspace_role, invited_by = p_inviter, source = p_source, email = v_email,
      token_hash = null, sent_at = null, expires_at = null
     where x.id = i.id returning * into i;
  else
    insert into app_private.invitations (kind, workspace_id, email, role, source, invited_by, created_at)
    values ('workspace', p_workspace, v_email, p_role::app.workspace_role, p_source, p_inviter, app_private.ms(app.now()))
    returning * into i;
  end if;
  if mailed then
    perform graphile_worker.add_job('mail__send', json_build_object('template', 'invitation', 'invitationId', i.id),
      job_key => 'invitation:' || i.id, max_attempts => 10);
  end if;
  return app_private.invitation_json(i) || jsonb_build_object('mailed', mailed);
end;
$function$;

comment on function app_private.invite(p_workspace uuid, p_email text, p_role text, p_source text, p_inviter uuid, p_resend boolean) is 'Makes or renews a workspace invitation and queues its mail (the worker mints the link).';
revoke all on function app_private.invite(p_workspace uuid, p_email text, p_role text, p_source text, p_inviter uuid, p_resend boolean) from public;
