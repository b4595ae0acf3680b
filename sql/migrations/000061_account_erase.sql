-- `podium account erase --email <e>`: an operator erases a person (docs/OPERATIONS.md,
-- "Erasing an account"). The account row stays (posts, decks, receipts and the live log
-- point at it) but nothing of the person does:
--   * sign-in: password hash, TOTP secret, login codes, sessions, keys, demo passes (they
--     act as the person), sign-in marks, stored idempotent replies, upload intents, git grants;
--   * the name (null) and the email, replaced by a tombstone `erased-<id>@erased.invalid`
--     (RFC 2606: a domain that never receives mail) that frees the address: a new account may
--     use it, and no credential can ever be made for the tombstone (triggers below);
--   * workspace, project and workspace-team memberships (the person leaves every workspace);
--     claimed deck invitations;
--   * roster rows are detached: their email becomes the tombstone, their name
--     `(erased account)`, their code-host username goes; the row keeps its role and team
--     (team sizes and history stay) until the next roster import that does not name it;
--   * the live log: every person object `{ "id": <the account>, "name": … }` in a payload
--     reads `(erased account)`, so a resumed stream never replays the name.
-- `erased_at` marks the account (000051); every surface naming an author shows
-- `(erased account)` when it is set.
--
-- A second run must say "already erased" although the address is gone: the command keeps
-- an HMAC of the normalised address keyed by AUTH_SECRET (computed by the command, which
-- holds the secret; a database dump alone cannot test addresses against it).

create table app_private.erased_accounts (
  user_id uuid primary key references app.users (id) on delete cascade,
  email_mark bytea not null,
  erased_at timestamptz not null default now()
);
create index erased_accounts_email_mark_idx on app_private.erased_accounts (email_mark);
comment on table app_private.erased_accounts is
  'Accounts erased by podium account erase, with an HMAC (AUTH_SECRET) of the address they had, so a second run answers "already erased".';

-- The tombstone of an account: never a real address (.invalid never resolves).
create function app_private.erased_email(p_user uuid) returns text
  language sql immutable set search_path = '' as $$ select 'erased-' || p_user::text || '@erased.invalid' $$;

-- Every object of a JSON value that names the person by id: its name becomes `(erased account)`
-- and an email next to it goes.
create function app_private.scrub_person(p jsonb, p_user uuid) returns jsonb
  language plpgsql immutable set search_path = '' as $$
declare
  k text;
  v jsonb;
  out jsonb;
begin
  case jsonb_typeof(p)
    when 'object' then
      out := '{}'::jsonb;
      for k, v in select * from jsonb_each(p) loop
        out := out || jsonb_build_object(k, app_private.scrub_person(v, p_user));
      end loop;
      if out ->> 'id' = p_user::text then
        if out ? 'name' then out := out || jsonb_build_object('name', '(erased account)'); end if;
        out := out - 'email';
      end if;
      return out;
    when 'array' then
      select coalesce(jsonb_agg(app_private.scrub_person(e, p_user) order by i), '[]'::jsonb) into out
        from jsonb_array_elements(p) with ordinality as a(e, i);
      return out;
    else
      return p;
  end case;
end;
$$;

-- No credential is ever made for an erased account, whatever path tries (a tombstone typed
-- at a sign-in form, a stale flow). A code request is dropped silently (its answer stays the
-- generic one); a session, a key or a secret is refused. Security definer: row security
-- never hides the account from the check, whoever inserts.
create function app_private.refuse_erased_credential() returns trigger
  language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from app.users u where u.id = new.user_id and u.erased_at is not null) then
    if tg_table_name = 'login_codes' then
      return null;
    end if;
    perform app_private.fail('unauthorized', 'This account was erased');
  end if;
  return new;
end;
$$;
create trigger refuse_erased before insert on app_private.sessions for each row execute function app_private.refuse_erased_credential();
create trigger refuse_erased before insert on app_private.api_keys for each row execute function app_private.refuse_erased_credential();
create trigger refuse_erased before insert on app_private.user_secrets for each row execute function app_private.refuse_erased_credential();
create trigger refuse_erased before insert on app_private.login_codes for each row execute function app_private.refuse_erased_credential();
create trigger refuse_erased before insert on app_private.demo_passes for each row execute function app_private.refuse_erased_credential();

create function app_private.erase_account(p_email text, p_mark bytea) returns jsonb
  language plpgsql volatile security definer set search_path = '' as $$
declare
  u app.users;
  prior app_private.erased_accounts;
  tomb text;
  n_sessions integer;
  n_keys integer;
  n_passes integer;
  n_memberships integer;
  n_projects integer;
  n_teams integer;
  n_roster integer;
  n_live integer;
  ownerless jsonb;
  tool text;
begin
  select * into u from app.users x
    where app_private.normalize_email(x.email) = app_private.normalize_email(p_email) and x.erased_at is null
    for update;
  if u.id is null then
    select * into prior from app_private.erased_accounts e where e.email_mark = p_mark order by e.erased_at desc limit 1;
    if prior.user_id is not null then
      return jsonb_build_object('erased', false, 'userId', prior.user_id, 'erasedAt', app_private.iso(prior.erased_at));
    end if;
    perform app_private.fail('account_not_found', format('No account uses %s', p_email));
  end if;
  tomb := app_private.erased_email(u.id);

  -- Sign-in and everything that acts as the person.
  delete from app_private.user_secrets s where s.user_id = u.id;
  delete from app_private.login_codes c where c.user_id = u.id;
  foreach tool in array array['deck', 'hackathon', 'browser'] loop
    perform graphile_worker.remove_job('login_code:' || u.id || ':' || tool); -- a code mail not sent yet
  end loop;
  delete from app_private.sessions s where s.user_id = u.id;
  get diagnostics n_sessions = row_count;
  delete from app_private.demo_passes d where d.user_id = u.id; -- their sessions go with them
  get diagnostics n_passes = row_count;
  delete from app_private.api_keys k where k.user_id = u.id;
  get diagnostics n_keys = row_count;
  delete from app_private.sign_ins s where s.user_id = u.id;
  delete from app_private.idempotency_keys i where i.user_id = u.id;
  delete from app_private.upload_intents i where i.user_id = u.id;
  delete from app_private.local_repository_access a where a.user_id = u.id;

  -- Memberships: the person leaves every workspace (workspaces left without an owner are named).
  select coalesce(jsonb_agg(jsonb_build_object('id', w.id, 'name', w.name) order by w.name), '[]'::jsonb) into ownerless
    from app.memberships m join app.workspaces w on w.id = m.workspace_id
    where m.user_id = u.id and m.role = 'owner'
      and not exists (select 1 from app.memberships o where o.workspace_id = m.workspace_id and o.role = 'owner' and o.user_id <> u.id);
  delete from app.team_members t where t.user_id = u.id;
  get diagnostics n_teams = row_count;
  delete from app.project_members p where p.user_id = u.id;
  get diagnostics n_projects = row_count;
  delete from app.deck_collaborators d where d.user_id = u.id;
  delete from app.memberships m where m.user_id = u.id;
  get diagnostics n_memberships = row_count;

  -- Roster rows: detached (they name the address, the account's link to them).
  update app.roster_entries r set email = tomb, name = '(erased account)', github_login = null
    where lower(r.email) = lower(u.email) or app_private.normalize_email(r.email) = app_private.normalize_email(u.email);
  get diagnostics n_roster = row_count;

  -- The live log: names in payloads.
  update app_private.live_events l set payload = app_private.scrub_person(l.payload, u.id)
    where strpos(l.payload::text, u.id::text) > 0;
  get diagnostics n_live = row_count;

  update app.users x set email = tomb, name = null, two_factor_enabled = false, default_workspace_id = null, erased_at = now()
    where x.id = u.id returning * into u;
  insert into app_private.erased_accounts (user_id, email_mark, erased_at) values (u.id, p_mark, u.erased_at);

  return jsonb_build_object(
    'erased', true, 'userId', u.id, 'erasedAt', app_private.iso(u.erased_at),
    'sessions', n_sessions, 'keys', n_keys, 'demoPasses', n_passes,
    'memberships', n_memberships, 'projectMemberships', n_projects, 'teamMemberships', n_teams,
    'rosterRows', n_roster, 'liveRows', n_live, 'ownerlessWorkspaces', ownerless);
end;
$$;
comment on function app_private.erase_account(text, bytea) is
  'podium account erase: removes the person behind an account (sign-in, keys, sessions, name, email, memberships; roster rows detached; names in the live log) in one transaction, keeping the account row for what points at it. p_mark: HMAC(AUTH_SECRET) of the normalised address, kept to recognise a second run.';
