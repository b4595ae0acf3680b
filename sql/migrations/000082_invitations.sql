-- Workspace invitations and collaborator claims: how accounts enter a self-hosted instance
-- besides setup (both specs: "accounts enter by setup or workspace invitations"; "accounts
-- otherwise come from setup, workspace invitations or collaborator claims").
--
-- An invitation names an address and what accepting gives it: a role in a workspace
-- (`workspace`: an owner or admin invites, `podium member invite`, or a roster import for
-- every roster person who is not a member), or a deck to read (`collaborator`: a deck
-- collaborator invited by an address with no account). It is mailed by the worker
-- (`mail__send`, template `invitation`): the worker mints the link's secret itself and
-- records only its sha256 here (app_private.invitation_issue), so no secret is ever in a job
-- payload or passed through SQL in plain text. The link works once, until 7 days after it
-- was mailed; mailing again (a new invite of the same address) replaces the secret, so only
-- the newest link works. Accepting (app_private.accept_invitation, called by the page with
-- the secret's hash and, for a new account, the argon2id hash of its password) creates the
-- account or attaches the existing one; it never sets the password of an existing account.
create table app_private.invitations (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('workspace', 'collaborator')),
  workspace_id uuid not null references app.workspaces (id) on delete cascade,
  collaborator_id uuid references app.deck_collaborators (id) on delete cascade,
  email text not null check (email ~ '^[^@\s]+@[^@\s]+$' and length(email) <= 320),
  role app.workspace_role,
  source text not null check (source in ('invite', 'roster', 'operator', 'collaborator')),
  invited_by uuid references app.users (id) on delete set null,
  token_hash bytea unique,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  expires_at timestamptz,
  accepted_at timestamptz,
  accepted_by uuid references app.users (id) on delete set null,
  revoked_at timestamptz,
  check ((kind = 'workspace') = (role is not null)),
  check ((kind = 'collaborator') = (collaborator_id is not null))
);
comment on table app_private.invitations is
  'Workspace invitations and collaborator claims: the address, what accepting gives, the sha256 of the mailed link''s secret, its expiry, and whether it was accepted or revoked.';
create unique index invitations_pending_workspace on app_private.invitations (workspace_id, app_private.normalize_email(email))
  where kind = 'workspace' and accepted_at is null and revoked_at is null;
create unique index invitations_pending_collaborator on app_private.invitations (collaborator_id)
  where kind = 'collaborator' and accepted_at is null and revoked_at is null;
create index invitations_listing_idx on app_private.invitations (workspace_id, created_at desc, id desc);
create index invitations_collaborator_idx on app_private.invitations (collaborator_id);
create index invitations_invited_by_idx on app_private.invitations (invited_by);
create index invitations_accepted_by_idx on app_private.invitations (accepted_by);

create function app_private.invitation_state(i app_private.invitations) returns text
  language sql stable set search_path = '' as $$
  select case
    when i.accepted_at is not null then 'accepted'
    when i.revoked_at is not null then 'revoked'
    when i.kind = 'collaborator' and exists (select 1 from app.deck_collaborators c where c.id = i.collaborator_id and c.user_id is not null) then 'accepted'
    when i.expires_at is not null and i.expires_at <= app.now() then 'expired'
    when i.sent_at is null then 'sending'
    else 'pending' end
$$;

create function app_private.invitation_json(i app_private.invitations) returns jsonb
  language sql stable set search_path = '' as $$
  select jsonb_build_object('id', i.id, 'kind', i.kind, 'email', i.email, 'role', i.role, 'source', i.source,
    'state', app_private.invitation_state(i),
    'invitedBy', (select jsonb_build_object('id', u.id, 'email', u.email, 'name', u.name) from app.users u where u.id = i.invited_by),
    'workspaceId', i.workspace_id,
    'presentationId', (select c.deck_id from app.deck_collaborators c where c.id = i.collaborator_id),
    'createdAt', app_private.iso(i.created_at), 'sentAt', app_private.iso(i.sent_at), 'expiresAt', app_private.iso(i.expires_at),
    'acceptedAt', app_private.iso(i.accepted_at), 'revokedAt', app_private.iso(i.revoked_at))
$$;

-- The one way an invitation is made or renewed. A pending one of the same address and
-- workspace is renewed (new role, inviter, a fresh mail replacing the link) when p_resend,
-- else left as it is unless it expired. Answers the invitation and whether a mail is queued.
create function app_private.invite(p_workspace uuid, p_email text, p_role text, p_source text, p_inviter uuid, p_resend boolean)
  returns jsonb language plpgsql set search_path = '' as $$
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
  select * into i from app_private.invitations x
   where x.workspace_id = p_workspace and x.kind = 'workspace' and x.accepted_at is null and x.revoked_at is null
     and app_private.normalize_email(x.email) = app_private.normalize_email(v_email)
   for update;
  if i.id is not null and not p_resend and (i.expires_at is null or i.expires_at > app.now()) then
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
$$;
comment on function app_private.invite(uuid, text, text, text, uuid, boolean) is
  'Makes or renews a workspace invitation and queues its mail (the worker mints the link).';

create function app_private.require_either_scope(p_a text, p_b text) returns void
  language plpgsql stable set search_path = '' as $$
begin
  if not (app.has_scope(p_a) or app.has_scope(p_b)) then
    perform app_private.fail('insufficient_scope', format('This credential lacks the scope %s or %s', p_a, p_b),
      jsonb_build_object('needed', jsonb_build_array(p_a, p_b)));
  end if;
end;
$$;

create function app.invite_member(p_email text, p_role text) returns jsonb
  language plpgsql security definer set search_path = '' as $$
declare
  mine app.workspace_role;
begin
  perform app_private.require_either_scope('presentations:write', 'hackathon:write');
  perform app_private.require_owner_or_admin('invites people to the workspace');
  select m.role into mine from app.memberships m where m.workspace_id = app.current_workspace_id() and m.user_id = app.current_user_id();
  if p_role = 'owner' and mine <> 'owner' then
    perform app_private.fail('invitation_role_refused', 'Only an owner invites an owner', jsonb_build_object('role', p_role));
  end if;
  return app_private.invite(app.current_workspace_id(), p_email, p_role, 'invite', app.current_user_id(), true) - 'mailed';
end;
$$;
comment on function app.invite_member(text, text) is
  'member invite: an owner or admin invites an address with a role; the invitation mail carries a one-time link (7 days). Inviting again renews it.';

create function app.list_invitations(p_limit integer, p_before_at timestamptz default null, p_before_id uuid default null) returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
begin
  perform app_private.require_either_scope('presentations:read', 'hackathon:read');
  perform app_private.require_owner_or_admin('sees the invitations of the workspace');
  return (select coalesce(jsonb_agg(app_private.invitation_json(x) order by x.created_at desc, x.id desc), '[]')
    from (select * from app_private.invitations i
           where i.workspace_id = app.current_workspace_id() and i.kind = 'workspace' and i.accepted_at is null and i.revoked_at is null
             and (p_before_at is null or (i.created_at, i.id) < (p_before_at, p_before_id))
           order by i.created_at desc, i.id desc limit p_limit) x);
end;
$$;
comment on function app.list_invitations(integer, timestamptz, uuid) is
  'Invitations of the workspace not accepted nor revoked (pending, sending or expired), newest first; owners and admins.';

create function app.revoke_invitation(p_invitation uuid) returns jsonb
  language plpgsql security definer set search_path = '' as $$
declare
  i app_private.invitations;
begin
  perform app_private.require_either_scope('presentations:write', 'hackathon:write');
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
$$;
comment on function app.revoke_invitation(uuid) is 'Revokes a pending invitation: its link stops working, a mail not yet sent is not sent.';

-- The worker, right before mailing: records the sha256 of the secret it just minted and the
-- expiry, and answers what the mail says; null when there is nothing to send any more.
create function app_private.invitation_issue(p_invitation uuid, p_token_hash bytea) returns jsonb
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
    'deckTitle', (select d.title from app.deck_collaborators c join app.decks d on d.id = c.deck_id where c.id = i.collaborator_id));
end;
$$;

-- The page: what a link offers (state, address, workspace or deck, whether the address
-- already has an account); null for a secret nobody minted.
create function app_private.invitation_lookup(p_token_hash bytea) returns jsonb
  language sql stable set search_path = '' as $$
  select jsonb_build_object('id', i.id, 'kind', i.kind, 'state', app_private.invitation_state(i), 'email', i.email, 'role', i.role,
    'workspace', jsonb_build_object('id', w.id, 'name', w.name),
    'inviter', (select coalesce(u.name, u.email) from app.users u where u.id = i.invited_by),
    'deck', (select jsonb_build_object('id', d.id, 'title', d.title) from app.deck_collaborators c join app.decks d on d.id = c.deck_id where c.id = i.collaborator_id),
    'expiresAt', app_private.iso(i.expires_at),
    'accountId', (select u.id from app.users u where app_private.normalize_email(u.email) = app_private.normalize_email(i.email)))
  from app_private.invitations i join app.workspaces w on w.id = i.workspace_id
  where i.token_hash = p_token_hash
$$;

-- Accepting: once, before the expiry, by the address's own account or a new one.
-- p_user: the signed-in account of the browser, if any (it must be the invited address's).
-- p_password_hash: only used when the account is created (null: the person signs in with
-- emailed codes).
create function app_private.accept_invitation(p_token_hash bytea, p_user uuid, p_name text, p_password_hash text) returns jsonb
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
    'twoFactor', u.two_factor_enabled);
end;
$$;

-- Collaborator claims: a collaborator invited by an address with no account gets the same
-- kind of mail; accepting creates the account, which claims the deck.
create or replace function app.invite_collaborator(p_deck uuid, p_email text) returns jsonb
  language plpgsql security definer set search_path = '' as $$
declare
  d app.decks;
  c app.deck_collaborators;
  i app_private.invitations;
begin
  perform app_private.require_scope('presentations:write');
  d := app_private.deck_for(p_deck, array['owner', 'admin']);
  insert into app.deck_collaborators (deck_id, email, invited_by, created_at)
  values (d.id, lower(trim(p_email)), app.current_user_id(), app.now())
  on conflict (deck_id, lower(email)) do update set email = excluded.email
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
$$;

create or replace function app_private.collaborator_json(c app.deck_collaborators) returns jsonb
  language sql stable set search_path = '' as $$
  select jsonb_build_object('id', c.id, 'presentationId', c.deck_id, 'email', c.email, 'userId', c.user_id,
    'claimed', c.user_id is not null, 'createdAt', c.created_at, 'claimedAt', c.claimed_at,
    'invitation', (select jsonb_build_object('state', app_private.invitation_state(i), 'sentAt', app_private.iso(i.sent_at),
                     'expiresAt', app_private.iso(i.expires_at))
                   from app_private.invitations i where i.collaborator_id = c.id order by i.created_at desc limit 1))
$$;

-- Roster import invites every roster person who is not a member of the workspace (one mail
-- each; a pending, unexpired invitation is not mailed again), unless p_invite is false; the
-- pending roster invitations of people it removes are revoked.
drop function app.import_roster(jsonb);
create function app.import_roster(p_participants jsonb, p_invite boolean default true) returns jsonb
  language plpgsql security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx;
  e app.events;
  now_ timestamptz := app_private.ms(app.now());
  bad_team text;
  created jsonb;
  removed jsonb;
  dissolved jsonb;
  invited jsonb := '[]';
  who record;
begin
  perform app_private.require_event_scope('hackathon:write');
  ctx := app_private.require_event_role(array['organizer']);
  select * into e from app.events x where x.id = ctx.event_id for update;
  if e.roster_locked_at is not null then
    perform app_private.fail('roster_locked', format('The roster is locked since %s; unlock it first (event roster unlock)', app_private.iso(e.roster_locked_at)));
  end if;
  perform app_private.check_roster(p_participants);

  select r.team into bad_team from app_private.roster_rows(p_participants) r
    join app.projects p on p.workspace_id = ctx.workspace_id and lower(p.name) = lower(r.team) and p.archived_at is not null
    order by r.n limit 1;
  if bad_team is not null then
    perform app_private.fail('team_archived', format('The project of team %s is archived; unarchive it (projects unarchive) or rename the team', bad_team),
      jsonb_build_object('team', bad_team));
  end if;

  with named as (
    select distinct on (lower(r.team)) r.team from app_private.roster_rows(p_participants) r
    where r.team is not null order by lower(r.team), r.n
  ), made as (
    insert into app.projects (workspace_id, name, created_by, created_at, updated_at)
    select ctx.workspace_id, named.team, ctx.user_id, now_, now_ from named
    where not exists (select 1 from app.projects p where p.workspace_id = ctx.workspace_id and lower(p.name) = lower(named.team))
    returning name
  )
  select coalesce(jsonb_agg(made.name order by lower(made.name)), '[]') into created from made;

  insert into app.event_teams (project_id, event_id, joined_at, updated_at)
  select distinct p.id, e.id, now_, now_ from app_private.roster_rows(p_participants) r
    join app.projects p on p.workspace_id = ctx.workspace_id and lower(p.name) = lower(r.team)
  on conflict (project_id) do update set left_at = null, event_id = excluded.event_id
    where app.event_teams.left_at is not null or app.event_teams.event_id <> excluded.event_id;

  with gone as (
    delete from app.roster_entries x where x.event_id = e.id
      and lower(x.email) not in (select lower(r.email) from app_private.roster_rows(p_participants) r)
    returning x.email, x.team_id
  )
  select coalesce(jsonb_agg(jsonb_build_object('email', gone.email, 'team', p.name) order by lower(gone.email)), '[]')
    into removed from gone left join app.projects p on p.id = gone.team_id;

  insert into app.roster_entries (event_id, email, name, role, team_id, created_at)
  select e.id, r.email, r.name, r.role, p.id, now_ from app_private.roster_rows(p_participants) r
    left join app.projects p on p.workspace_id = ctx.workspace_id and lower(p.name) = lower(r.team)
  on conflict (event_id, lower(email)) do update set email = excluded.email, name = excluded.name, role = excluded.role, team_id = excluded.team_id
    where (app.roster_entries.email, app.roster_entries.name, app.roster_entries.role, app.roster_entries.team_id)
      is distinct from (excluded.email, excluded.name, excluded.role, excluded.team_id);

  with left_ as (
    update app.event_teams t set left_at = now_, updated_at = now_
    where t.event_id = e.id and t.left_at is null
      and not exists (select 1 from app.roster_entries r where r.event_id = e.id and r.team_id = t.project_id)
    returning t.project_id
  ), archived as (
    update app.projects p set archived_at = coalesce(p.archived_at, now_), updated_at = now_
    from left_ where p.id = left_.project_id
    returning p.name
  )
  select coalesce(jsonb_agg(archived.name order by lower(archived.name)), '[]') into dissolved from archived;

  update app_private.invitations i set revoked_at = app.now()
   where i.workspace_id = ctx.workspace_id and i.kind = 'workspace' and i.source = 'roster'
     and i.accepted_at is null and i.revoked_at is null
     and app_private.normalize_email(i.email) in (select app_private.normalize_email(x ->> 'email') from jsonb_array_elements(removed) x);

  if p_invite then
    for who in
      select distinct on (app_private.normalize_email(x.email)) x.email from app_private.roster_rows(p_participants) x
      where not exists (select 1 from app.memberships m join app.users u on u.id = m.user_id
                        where m.workspace_id = ctx.workspace_id and app_private.normalize_email(u.email) = app_private.normalize_email(x.email))
      order by app_private.normalize_email(x.email), x.n
    loop
      if (app_private.invite(ctx.workspace_id, who.email, 'member', 'roster', ctx.user_id, false) ->> 'mailed')::boolean then
        invited := invited || to_jsonb(who.email);
      end if;
    end loop;
  end if;

  return jsonb_build_object('imported', jsonb_array_length(p_participants), 'removed', removed, 'created', created, 'dissolved', dissolved,
    'invited', invited);
end;
$$;
comment on function app.import_roster(jsonb, boolean) is
  'event roster import: replaces the whole roster; invites every roster person who is not a workspace member (unless p_invite is false); answers imported, removed rows, created and dissolved teams, and the addresses invited.';
grant execute on function app.import_roster(jsonb, boolean) to podium_app;

create or replace function app.roster_page(p_limit integer, p_before_at timestamptz default null, p_before_id uuid default null) returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx;
begin
  perform app_private.require_event_scope('hackathon:read');
  ctx := app_private.require_event_role(array['organizer']);
  return jsonb_build_object(
    'rosterLockedAt', (select app_private.iso(e.roster_locked_at) from app.events e where e.id = ctx.event_id),
    'rows', coalesce((
      select jsonb_agg(jsonb_build_object('id', x.id, 'email', x.email, 'name', x.name, 'role', x.role, 'team', x.team,
               'signedIn', x.signed_in, 'invitation', x.invitation, 'addedAt', app_private.iso(x.created_at)) order by x.created_at desc, x.id desc)
      from (
        select r.id, r.email, r.name, r.role, p.name as team, r.created_at,
               exists (select 1 from app.users u join app_private.sign_ins s on s.user_id = u.id where lower(u.email) = lower(r.email)) as signed_in,
               (select jsonb_build_object('state', app_private.invitation_state(i), 'sentAt', app_private.iso(i.sent_at), 'expiresAt', app_private.iso(i.expires_at))
                  from app_private.invitations i
                 where i.workspace_id = ctx.workspace_id and i.kind = 'workspace'
                   and app_private.normalize_email(i.email) = app_private.normalize_email(r.email)
                 order by i.created_at desc, i.id desc limit 1) as invitation
        from app.roster_entries r left join app.projects p on p.id = r.team_id
        where r.event_id = ctx.event_id
          and (p_before_at is null or (r.created_at, r.id) < (p_before_at, p_before_id))
        order by r.created_at desc, r.id desc
        limit p_limit
      ) x), '[]'));
end;
$$;

grant execute on function app_private.require_either_scope(text, text) to podium_app;
grant execute on function app.invite_member(text, text) to podium_app;
grant execute on function app.list_invitations(integer, timestamptz, uuid) to podium_app;
grant execute on function app.revoke_invitation(uuid) to podium_app;
