-- Demo passes act narrower than their maker (DIRECTION.md, Trust boundaries). A session opened
-- by a pass carries the pass on its row (sessions.demo_pass_id), and from that row:
--   1. it acts only in the workspace that minted the pass: app_private.authenticate pins it
--      there as a key's pin (naming another workspace is workspace_pinned), and what lists a
--      person's other workspaces (memberships, workspaces, deck invitations elsewhere) shows
--      only that one to it;
--   2. only for a member or guest below the maker's role: minting for an owner or admin is
--      refused (demo_role_refused), and a pass whose person was promoted, or whose maker lost
--      the owner/admin role, stops signing anyone in and its sessions stop authenticating;
--   3. never on credentials: app_private.require_session(), the gate of every function that
--      makes or ends a credential (dashboard keys, demo passes), refuses it (demo_session_refused);
--   4. it dies with its pass: revoking deletes its sessions, and a session whose pass is
--      revoked or expired does not authenticate even if its row is still there.
-- The caller's session id reaches SQL as the setting app.session_id (core/db/pool.ts).

alter table app_private.sessions add column demo_pass_id uuid references app_private.demo_passes (id) on delete cascade;
comment on column app_private.sessions.demo_pass_id is 'The demo pass that opened this session: it acts in the pass''s workspace only, never on credentials, and ends with the pass.';
create index sessions_demo_pass_idx on app_private.sessions (demo_pass_id) where demo_pass_id is not null;
update app_private.sessions s set demo_pass_id = l.pass_id from app_private.demo_pass_sessions l where l.session_id = s.id;
drop table app_private.demo_pass_sessions; -- replaced by the column: one place says which sessions a pass opened

-- Workspace roles in order, for "below".
create function app_private.role_rank(p_role app.workspace_role) returns int
  language sql immutable
  set search_path = ''
as $$ select case p_role when 'owner' then 4 when 'admin' then 3 when 'member' then 2 when 'guest' then 1 end $$;

-- Whether a pass may act now: live, its person still a member or guest of the pass's
-- workspace, and its maker still an owner or admin there, above that person.
create function app_private.demo_pass_acts(d app_private.demo_passes) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select d.id is not null and d.revoked_at is null and d.expires_at > app.now() and exists (
    select 1 from app.memberships t join app.memberships m on m.workspace_id = t.workspace_id and m.user_id = d.created_by
     where t.workspace_id = d.workspace_id and t.user_id = d.user_id
       and t.role in ('member', 'guest') and m.role in ('owner', 'admin')
       and app_private.role_rank(t.role) < app_private.role_rank(m.role))
$$;

-- The workspace a demo session is pinned to, or null when the caller is not a demo session.
create function app_private.demo_workspace() returns uuid
  language sql stable security definer
  set search_path = ''
as $$
  select d.workspace_id from app_private.sessions s join app_private.demo_passes d on d.id = s.demo_pass_id
   where s.id = nullif(current_setting('app.session_id', true), '')::uuid
$$;
comment on function app_private.demo_workspace() is 'The workspace the calling demo session acts in, or null for any other caller.';
grant execute on function app_private.demo_workspace() to podium_app;

-- The gate of credential management (was: sessions only, keys refused). Every function that
-- makes, ends or lists a credential calls it first; a demo session acts for another person
-- and is refused here, so nothing it could make outlives its pass.
create or replace function app_private.require_session() returns void
  language plpgsql stable
  set search_path = ''
as $$
begin
  if app.current_user_id() is null then
    perform app_private.fail('unauthorized', 'Sign in first');
  end if;
  if nullif(current_setting('app.key_id', true), '') is not null then
    perform app_private.fail('key_not_allowed', 'Keys are made and revoked from a browser session; API keys are refused here');
  end if;
  if app_private.demo_workspace() is not null then
    perform app_private.fail('demo_session_refused',
      'A demo session acts for another person and cannot manage keys, passwords, two-factor or sessions; sign in as yourself');
  end if;
end;
$$;

-- A demo session never sees the person's keys either.
create or replace view app.my_api_keys as
  select k.id, k.tool, k.name, k.scopes, k.workspace_id, k.created_via, k.expires_at, k.last_used_at, k.revoked_at, k.created_at, k.last4
  from app_private.api_keys k
  where k.user_id = app.current_user_id() and app_private.demo_workspace() is null;

-- Authentication: a demo session is pinned to its pass's workspace and lives only while its
-- pass acts. Answers demoPassId (null for anything else) besides the rest, unchanged.
create or replace function app_private.authenticate(p_key_hash bytea, p_session_hash bytea, p_workspace uuid, p_org text) returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
declare
  k app_private.api_keys;
  s app_private.sessions;
  d app_private.demo_passes;
  u app.users;
  pin uuid;
  ws jsonb;
begin
  if p_key_hash is not null then
    select * into k from app_private.api_keys x where x.token_hash = p_key_hash;
    if k.id is null or k.revoked_at is not null or (k.expires_at is not null and k.expires_at <= app.now()) then
      return null;
    end if;
    select * into u from app.users x where x.id = k.user_id;
    pin := k.workspace_id;
  elsif p_session_hash is not null then
    select * into s from app_private.sessions x where x.token_hash = p_session_hash;
    if s.id is null or s.expires_at <= app.now() then
      return null;
    end if;
    if s.demo_pass_id is not null then
      select * into d from app_private.demo_passes x where x.id = s.demo_pass_id;
      if not app_private.demo_pass_acts(d) then
        return null;
      end if;
      pin := d.workspace_id;
    end if;
    select * into u from app.users x where x.id = s.user_id;
  else
    return null;
  end if;
  ws := app_private.resolve_workspace(u.id, pin, p_workspace, p_org);
  if d.id is not null and ws -> 'error' ->> 'code' = 'workspace_pinned' then
    ws := jsonb_set(ws, '{error,message}', to_jsonb(format('This demo session acts only in workspace %s (%s), where its pass was minted',
      (select w.name from app.workspaces w where w.id = d.workspace_id), d.workspace_id)));
  end if;
  return jsonb_build_object(
    'via', case when k.id is not null then 'api_key' else 'session' end,
    'user', jsonb_build_object('id', u.id, 'email', u.email, 'name', u.name),
    'key', case when k.id is null then null else jsonb_build_object(
      'id', k.id, 'name', k.name, 'tool', k.tool, 'scopes', to_jsonb(k.scopes),
      'workspaceId', k.workspace_id, 'expiresAt', k.expires_at) end,
    'sessionId', s.id,
    'demoPassId', d.id,
    'workspace', case when ws ? 'error' then null else ws end,
    'workspaceError', ws -> 'error'
  );
end;
$$;

-- Membership of another workspace is invisible to a demo session (workspaces_select and the
-- policies that ask for the current workspace go through here).
create or replace function app_private.is_member_of(ws uuid) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select exists (select 1 from app.memberships m where m.workspace_id = ws and m.user_id = app.current_user_id())
    and ws = coalesce(app_private.demo_workspace(), ws)
$$;

drop policy memberships_select on app.memberships;
create policy memberships_select on app.memberships for select to podium_app using (
  (user_id = (select app.current_user_id()) and workspace_id = coalesce((select app_private.demo_workspace()), workspace_id))
  or (workspace_id = (select app.current_workspace_id()) and (select app_private.is_member_of(workspace_id)))
);

create or replace function app.my_workspaces() returns jsonb
  language sql stable
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', w.id, 'name', w.name, 'organizationId', w.organization_id,
           'role', m.role, 'isDefault', u.default_workspace_id is not distinct from w.id) order by lower(w.name)), '[]')
  from app.memberships m
  join app.workspaces w on w.id = m.workspace_id
  join app.users u on u.id = m.user_id
  where m.user_id = app.current_user_id()
    and w.id = coalesce((select app_private.demo_workspace()), w.id)
$$;
comment on function app.my_workspaces() is 'Every workspace the caller belongs to, with role and whether it is the default (a demo session: only the workspace of its pass).';

-- A deck invitation in another workspace does not reach a demo session.
create or replace function app_private.deck_role(p_deck uuid) returns text
  language sql stable security definer
  set search_path = ''
as $$
  select case
    when d.workspace_id = app.current_workspace_id() and m.role is not null and d.owner_id = app.current_user_id() then 'owner'
    when d.workspace_id = app.current_workspace_id() and m.role in ('owner', 'admin') then 'admin'
    when exists (select 1 from app.deck_collaborators c where c.deck_id = d.id and c.user_id = app.current_user_id())
         and (d.workspace_id = app.current_workspace_id() or app_private.demo_workspace() is null) then 'collaborator'
  end
  from app.decks d
  left join app.memberships m on m.workspace_id = d.workspace_id and m.user_id = app.current_user_id()
  where d.id = p_deck and d.deleted_at is null
$$;

-- demo link: as before, and only for a member or guest below the maker's role; never from a
-- demo session (require_session); each email once, as the account lookup normalises it.
create or replace function app_private.create_demo_passes(p_emails text[], p_token_hashes bytea[], p_minutes int) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  now_ timestamptz := app_private.ms(app.now());
  i int;
  who app.memberships;
  maker app.workspace_role;
  d app_private.demo_passes;
  out jsonb := '[]';
begin
  perform app_private.require_session();
  perform app_private.require_owner_or_admin('mints demo passes');
  select m.role into maker from app.memberships m where m.workspace_id = app.current_workspace_id() and m.user_id = app.current_user_id();
  if p_minutes is null or p_minutes < 1 or p_minutes > 7 * 24 * 60 then
    perform app_private.fail('invalid_input', 'A demo pass lives from one minute to one week', '{"field":"minutes"}');
  end if;
  if coalesce(cardinality(p_emails), 0) = 0 or cardinality(p_emails) <> cardinality(p_token_hashes) then
    perform app_private.fail('invalid_input', 'Name at least one member by email', '{"field":"emails"}');
  end if;
  for i in 1 .. cardinality(p_emails) loop
    if exists (select 1 from unnest(p_emails[1:i - 1]) e where app_private.normalize_email(e) = app_private.normalize_email(p_emails[i])) then
      perform app_private.fail('invalid_input', format('emails.%s names %s twice', i - 1, p_emails[i]), jsonb_build_object('field', format('emails.%s', i - 1)));
    end if;
    if p_emails[i] not like '%@%' then
      perform app_private.fail('invalid_input', format('emails.%s must be an email address', i - 1), jsonb_build_object('field', format('emails.%s', i - 1)));
    end if;
    who := app_private.workspace_person(p_emails[i]);
    if who.role in ('owner', 'admin') or app_private.role_rank(who.role) >= app_private.role_rank(maker) then
      perform app_private.fail('demo_role_refused',
        format('A demo pass acts only for a member or guest below your role; %s is %s of this workspace', p_emails[i],
               case who.role when 'owner' then 'an owner' when 'admin' then 'an admin' else 'a ' || who.role end),
        jsonb_build_object('field', format('emails.%s', i - 1), 'role', who.role));
    end if;
    insert into app_private.demo_passes (workspace_id, user_id, token_hash, expires_at, created_by, created_at)
    values (app.current_workspace_id(), who.user_id, p_token_hashes[i], now_ + make_interval(mins => p_minutes), app.current_user_id(), now_)
    returning * into d;
    out := out || jsonb_build_array(app_private.demo_pass_json(d));
  end loop;
  return out;
end;
$$;

-- demo revoke: idempotent; ends every session the pass opened.
create or replace function app_private.revoke_demo_pass(p_pass uuid) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  d app_private.demo_passes;
  ended int;
begin
  perform app_private.require_owner_or_admin('revokes demo passes');
  update app_private.demo_passes x set revoked_at = coalesce(x.revoked_at, app.now())
    where x.id = p_pass and x.workspace_id = app.current_workspace_id() returning * into d;
  if d.id is null then
    perform app_private.fail('demo_pass_not_found', format('No demo pass %s in this workspace', p_pass));
  end if;
  with gone as (delete from app_private.sessions s where s.demo_pass_id = d.id returning 1)
  select count(*) into ended from gone;
  return jsonb_build_object('id', d.id, 'revokedAt', app_private.iso(d.revoked_at), 'sessionsEnded', ended);
end;
$$;

-- The pass's own sign-in route, run by the server (no caller yet): a pass that may act, locked, or null.
create or replace function app_private.demo_pass_begin(p_token_hash bytea) returns jsonb
  language plpgsql volatile
  set search_path = ''
as $$
declare
  d app_private.demo_passes;
begin
  select * into d from app_private.demo_passes x where x.token_hash = p_token_hash for update;
  if not app_private.demo_pass_acts(d) then
    return null;
  end if;
  return jsonb_build_object('passId', d.id, 'userId', d.user_id);
end;
$$;

-- Marks the session just opened as the pass's: pinned to its workspace, ending when the pass
-- expires or is revoked; counts the use.
create or replace function app_private.demo_pass_opened(p_pass uuid, p_session_hash bytea) returns jsonb
  language plpgsql volatile
  set search_path = ''
as $$
declare
  d app_private.demo_passes;
begin
  update app_private.demo_passes x set uses = x.uses + 1, last_used_at = app.now() where x.id = p_pass returning * into d;
  update app_private.sessions s set expires_at = least(s.expires_at, d.expires_at), demo_pass_id = d.id where s.token_hash = p_session_hash;
  return jsonb_build_object('maxAgeSeconds', greatest(1, floor(extract(epoch from d.expires_at - app.now())))::int);
end;
$$;
