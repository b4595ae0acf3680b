-- The invitation page accepts a workspace or collaborator invitation by its token's hash (signed in
-- as p_user or not): makes the account (with p_password_hash) if the email has none, then adds the
-- membership or claims the collaborations. Refuses invitation_invalid (unknown or revoked),
-- invitation_used, invitation_expired, invitation_wrong_account, a look-alike email and
-- invalid_input (name); takes the workspace's doors first, in app_private.invite's order.

CREATE OR REPLACE FUNCTION app_private.accept_invitation(p_token_hash bytea, p_user uuid, p_name text, p_password_hash text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  i app_private.invitations;
  u app.users;
  created boolean := false;
  state text;
begin
  -- The workspace's doors before the invitation's row, the order app_private.invite takes them in.
  perform app_private.lock_workspace_doors(x.workspace_id) from app_private.invitations x where x.token_hash = p_token_hash;
  select * into i from app_private.invitations x where x.token_hash = p_token_hash for update;
  state := case when i.id is null then null else app_private.invitation_state(i) end;
  if state is null or state = 'revoked' then
    perform app_private.fail('invitation_invalid', 'This invitation link is not valid (it was replaced by a newer mail, or withdrawn)');
  end if;
  if state = 'accepted' then
    perform app_private.fail('invitation_used', 'This invitation was already used; sign in instead');
  end if;
  if state = 'expired' then
    perform app_private.fail('invitation_expired', format('This invitation expired at %s; ask for a new one', app_private.iso(i.expires_at)),
      jsonb_build_object('expiredAt', app_private.iso(i.expires_at)));
  end if;
  select * into u from app.users x where app_private.normalize_email(x.email) = app_private.normalize_email(i.email);
  if p_user is not null and u.id is distinct from p_user then
    perform app_private.fail('invitation_wrong_account',
      format('This invitation is for %s, but you are signed in as %s; sign out, then open the link again', i.email,
        (select x.email from app.users x where x.id = p_user)), jsonb_build_object('email', i.email));
  end if;
  if i.kind = 'workspace' then
    -- A look-alike may have joined since the mail: the account would sit next to it.
    perform app_private.refuse_look_alike(i.workspace_id, array[i.email]);
  end if;
  if u.id is null then
    if p_name is not null and (length(trim(p_name)) > 200 or p_name ~ '[[:cntrl:]]') then
      perform app_private.fail('invalid_input', 'The name is at most 200 characters', '{"field":"name"}');
    end if;
    u := app_private.ensure_user(i.email, p_name);
    created := true;
    if p_password_hash is not null then
      insert into app_private.user_secrets (user_id, password_hash) values (u.id, p_password_hash);
    end if;
  end if;
  if i.kind = 'workspace' then
    insert into app.memberships (workspace_id, user_id, role) values (i.workspace_id, u.id, i.role) on conflict (workspace_id, user_id) do nothing;
    update app.users x set default_workspace_id = i.workspace_id where x.id = u.id and x.default_workspace_id is null;
  else
    perform app_private.claim_collaborations(u.id);
  end if;
  update app_private.invitations x set accepted_at = app.now(), accepted_by = u.id where x.id = i.id;
  return jsonb_build_object('userId', u.id, 'email', u.email, 'created', created, 'kind', i.kind, 'role', i.role,
    'workspace', (select jsonb_build_object('id', w.id, 'name', w.name) from app.workspaces w where w.id = i.workspace_id),
    'presentationId', (select c.deck_id from app.deck_collaborators c where c.id = i.collaborator_id),
    'twoFactor', u.two_factor_enabled,
    'event', app_private.invitation_event(i));
end;
$function$;

revoke all on function app_private.accept_invitation(p_token_hash bytea, p_user uuid, p_name text, p_password_hash text) from public;
