-- The invitation mail and its page name the event (issue 27): a roster import invites every
-- roster person who is not a member yet, but the mail and the page spoke of the workspace
-- only, and accepting landed on /decks. Now invitation_issue (what the mail says),
-- invitation_lookup (what the page shows) and accept_invitation (where the page goes next)
-- carry `event`: { name, role, team } when the invited address is on the roster of the
-- workspace's event, else null. A collaborator claim (a deck) names no event.

create function app_private.invitation_event(i app_private.invitations) returns jsonb
  language sql stable set search_path = '' as $$
  select case when i.kind = 'workspace' then (
    select jsonb_build_object('name', e.name, 'role', r.role, 'team', p.name)
      from app.events e
      join app.roster_entries r on r.event_id = e.id and app_private.normalize_email(r.email) = app_private.normalize_email(i.email)
      left join app.projects p on p.id = r.team_id
     where e.workspace_id = i.workspace_id
     limit 1) end
$$;
comment on function app_private.invitation_event(app_private.invitations) is
  'The event an invitation is for: { name, role, team } when the address is on the roster of the workspace''s event (workspace invitations only), else null.';

create or replace function app_private.invitation_issue(p_invitation uuid, p_token_hash bytea) returns jsonb
  language plpgsql set search_path = '' as $$
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
$$;

create or replace function app_private.invitation_lookup(p_token_hash bytea) returns jsonb
  language sql stable set search_path = '' as $$
  select jsonb_build_object('id', i.id, 'kind', i.kind, 'state', app_private.invitation_state(i), 'email', i.email, 'role', i.role,
    'workspace', jsonb_build_object('id', w.id, 'name', w.name),
    'inviter', (select coalesce(u.name, u.email) from app.users u where u.id = i.invited_by),
    'deck', (select jsonb_build_object('id', d.id, 'title', d.title) from app.deck_collaborators c join app.decks d on d.id = c.deck_id where c.id = i.collaborator_id),
    'expiresAt', app_private.iso(i.expires_at),
    'accountId', (select u.id from app.users u where app_private.normalize_email(u.email) = app_private.normalize_email(i.email)),
    'event', app_private.invitation_event(i))
  from app_private.invitations i join app.workspaces w on w.id = i.workspace_id
  where i.token_hash = p_token_hash
$$;

create or replace function app_private.accept_invitation(p_token_hash bytea, p_user uuid, p_name text, p_password_hash text) returns jsonb
  language plpgsql set search_path = '' as $$
declare
  i app_private.invitations;
  u app.users;
  created boolean := false;
  state text;
begin
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
$$;
