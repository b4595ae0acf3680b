-- Look-alike addresses (issue 39): inviting `ｐ1@a.test` (fullwidth) or `р1@a.test` (Cyrillic)
-- while `p1@a.test` is a member made a second person whom nobody could tell apart from the
-- first. An address that is not the same identity (app_private.normalize_email) as an address
-- already in the workspace, but has the same confusable skeleton (app_private.email_skeleton,
-- 000269), is now refused with `email_confusable`, naming both addresses, at every door into a
-- workspace: an invitation (member invite, podium member invite), a roster import (its rows
-- among themselves and against the workspace), an account joining it (accepting an invitation,
-- podium member add and setup). Nothing is merged: the same identity keeps its behaviour.
-- Only the workspace's own addresses are compared, never other tenants' (no cross-tenant
-- oracle: a refusal would tell who holds an account elsewhere on the instance).

-- Two look-alikes let in at once by two transactions would each see the workspace without
-- the other: the check locks the workspace's doors first (to the end of the transaction), and,
-- volatile, then reads what the one before committed.
create function app_private.lock_workspace_doors(p_workspace uuid) returns void
  language sql volatile
  set search_path = ''
as $$ select pg_catalog.pg_advisory_xact_lock(7432039, pg_catalog.hashtext(p_workspace::text)) $$;
comment on function app_private.lock_workspace_doors(uuid) is 'Serialises the addresses entering one workspace (invitations, roster imports, acceptances, member add) to the end of the transaction: taken before any row those doors lock.';

create function app_private.refuse_look_alike(p_workspace uuid, p_emails text[]) returns void
  language plpgsql volatile
  set search_path = ''
as $$
declare
  hit record;
begin
  perform app_private.lock_workspace_doors(p_workspace);
  with incoming as (
    select x.email, x.n, app_private.normalize_email(x.email) as id, app_private.email_skeleton(x.email) as look
      from unnest(p_emails) with ordinality x(email, n)
  ), known as (
    select u.email, 'a member of this workspace' as what
      from app.memberships m join app.users u on u.id = m.user_id where m.workspace_id = p_workspace
    union all
    select i.email, 'invited to this workspace' from app_private.invitations i
     where i.workspace_id = p_workspace and i.kind = 'workspace' and i.accepted_at is null and i.revoked_at is null
    union all
    select r.email, format('on the roster of %s', e.name) from app.roster_entries r join app.events e on e.id = r.event_id
     where e.workspace_id = p_workspace
  ), looks as (
    -- An address given here is named as one of the list, even when a roster row holds it already.
    select k.email, k.what, app_private.normalize_email(k.email) as id, app_private.email_skeleton(k.email) as look from known k
     where not exists (select 1 from incoming i where i.id = app_private.normalize_email(k.email))
    union all
    select i.email, 'in the same list', i.id, i.look from incoming i
  )
  select i.email, o.email as other, o.what into hit
    from incoming i join looks o on o.look = i.look and o.id <> i.id
   order by i.n, o.email limit 1;
  if hit.email is not null then
    perform app_private.fail('email_confusable',
      format('%s looks like %s (%s): a look-alike address is refused, never a second person; check its spelling', hit.email, hit.other, hit.what),
      jsonb_build_object('field', 'email', 'email', hit.email, 'lookAlike', hit.other));
  end if;
end;
$$;
comment on function app_private.refuse_look_alike(uuid, text[]) is 'Raises email_confusable when one of the addresses has the confusable skeleton of another identity among the workspace''s members, pending invitations, roster rows or the other addresses given; compares nothing of another workspace.';

create or replace function app_private.invite(p_workspace uuid, p_email text, p_role text, p_source text, p_inviter uuid, p_resend boolean) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
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
$_$;

create or replace function app.import_roster(p_participants jsonb, p_invite boolean DEFAULT true) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
  ctx := app_private.organizer_ctx('hackathon:write');
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
      and app_private.normalize_email(x.email) not in (select app_private.normalize_email(r.email) from app_private.roster_rows(p_participants) r)
    returning x.email, x.team_id
  )
  select coalesce(jsonb_agg(jsonb_build_object('email', gone.email, 'team', p.name) order by app_private.normalize_email(gone.email)), '[]')
    into removed from gone left join app.projects p on p.id = gone.team_id;

  insert into app.roster_entries (event_id, email, name, role, team_id, created_at)
  select e.id, r.email, r.name, r.role, p.id, now_ from app_private.roster_rows(p_participants) r
    left join app.projects p on p.workspace_id = ctx.workspace_id and lower(p.name) = lower(r.team)
  on conflict (event_id, app_private.normalize_email(email)) do update set email = excluded.email, name = excluded.name, role = excluded.role, team_id = excluded.team_id
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

  -- The rows among themselves and against the workspace, once the rows they replace are gone.
  perform app_private.refuse_look_alike(ctx.workspace_id, array(select r.email from app_private.roster_rows(p_participants) r order by r.n));

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

create or replace function app_private.accept_invitation(p_token_hash bytea, p_user uuid, p_name text, p_password_hash text) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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
$$;

create or replace function app_private.add_member(p_workspace text, p_email text, p_role text, p_name text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  ws app.workspaces;
  u app.users;
begin
  if p_role not in ('owner', 'admin', 'member', 'guest') then
    perform app_private.fail('invalid_role', format('Role must be owner, admin, member or guest, got %s', p_role));
  end if;
  ws := app_private.find_workspace(p_workspace);
  perform app_private.refuse_look_alike(ws.id, array[p_email]);
  u := app_private.ensure_user(p_email, p_name);
  insert into app.memberships (workspace_id, user_id, role) values (ws.id, u.id, p_role::app.workspace_role)
    on conflict (workspace_id, user_id) do update set role = excluded.role;
  update app.users x set default_workspace_id = ws.id where x.id = u.id and x.default_workspace_id is null;
  return jsonb_build_object('workspaceId', ws.id, 'workspace', ws.name, 'userId', u.id, 'email', u.email, 'role', p_role);
end;
$$;

