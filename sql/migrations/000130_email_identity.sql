-- Normalise once, and never merge two mailboxes (issue 26, finding 4). 000025 made one
-- normalisation of addresses, NFKC then lower(), and used it for identity: the hub stored
-- `ＣＡＲＯＬ@h.test` (fullwidth) as typed, and its first exchange found the local owner
-- `carol@h.test` through the fold and gave the new key her workspaces.
--
-- Now there are two functions, and only one of them says who someone is:
--   * `app_private.normalize_email` is the identity of an address: trimmed, and the ASCII
--     letters A-Z lower-cased; every other character is kept exactly as typed (no NFKC, no
--     Unicode case mapping: the Kelvin sign, `İ` and fullwidth letters stay what they are).
--     Every match of an address against an account uses it (sign-in by code or password,
--     invitations, roster, vote voters, collaborators, the hub's own accounts).
--   * `app_private.email_fold` is the old compatibility fold (trim, NFKC, lower). It only
--     keys rate-limit buckets (the login wall), so every look-alike spelling of an address
--     counts against one bucket. It never finds an account.
-- Hub accounts map to local people by the hub's stable account id
-- (`app_private.hub_accounts`, 000091); the first exchange binds an existing local account
-- only when its address is the same under `normalize_email`, else it makes a new person.

create function app_private.email_fold(p text) returns text
  language sql immutable strict parallel safe
  set search_path = ''
as $$ select pg_catalog.lower(normalize(pg_catalog.btrim(p), NFKC)) $$;
comment on function app_private.email_fold(text) is
  'The compatibility fold of an address (trim, NFKC, lower): keys rate-limit buckets only, never an identity.';

create or replace function app_private.normalize_email(p text) returns text
  language sql immutable strict parallel safe
  set search_path = ''
as $$ select pg_catalog.translate(pg_catalog.btrim(p), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') $$;
comment on function app_private.normalize_email(text) is
  'The identity of an address (trim, ASCII A-Z lower-cased, every other character as typed): every account match uses it; never a compatibility fold.';

-- The indexes computed with the old body (a finer identity makes no new duplicates).
reindex index app.users_email_normalized_key;
reindex index app_private.invitations_pending_workspace;
reindex index hub.accounts_email_key;

-- users_email_key (unique on lower(email), 000001) still refuses a second account whose
-- address differs only by a Unicode case mapping (`\u212Aate` next to `kate`): the refusal
-- says so instead of the constraint backstop's generic sentence.
create or replace function app_private.ensure_user(p_email text, p_name text) returns app.users
  language plpgsql
  set search_path = ''
as $$
declare
  u app.users;
begin
  select * into u from app.users x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if u.id is null then
    begin
      insert into app.users (email, name) values (trim(p_email), nullif(trim(p_name), '')) returning * into u;
    exception when unique_violation then
      perform app_private.fail('conflict',
        format('%s differs from the address of another account only in letter case; it is not made a second account', trim(p_email)),
        jsonb_build_object('field', 'email'));
    end;
  elsif p_name is not null and u.name is null then
    update app.users x set name = nullif(trim(p_name), '') where x.id = u.id returning * into u;
  end if;
  return u;
end;
$$;

-- The roster role, the voter row, deck collaborations and the local code host matched a
-- stored address to the account with lower(), which maps the Kelvin sign to `k` and `İ` to
-- `i`: the same identity function now.
create or replace function app_private.event_ctx_or_null() returns app_private.event_ctx
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  ws_role app.workspace_role;
  user_email text;
  roster_role text;
begin
  ctx.user_id := app.current_user_id();
  ctx.workspace_id := app.current_workspace_id();
  select e.id into ctx.event_id from app.events e where e.workspace_id = ctx.workspace_id;
  if ctx.event_id is null or ctx.user_id is null then
    return ctx;
  end if;
  select m.role into ws_role from app.memberships m where m.workspace_id = ctx.workspace_id and m.user_id = ctx.user_id;
  if ws_role is null then
    return ctx;
  end if;
  select u.email into user_email from app.users u where u.id = ctx.user_id;
  select r.role, r.team_id into roster_role, ctx.team_id
    from app.roster_entries r where r.event_id = ctx.event_id and app_private.normalize_email(r.email) = app_private.normalize_email(user_email);
  ctx.role := case when ws_role in ('owner', 'admin') then 'organizer' else roster_role end;
  return ctx;
end;
$$;

create or replace function app_private.my_voter(p_eligibility uuid) returns app.vote_voters
  language sql stable security definer
  set search_path = ''
as $$
  select v.* from app.vote_voters v join app.users u on u.id = app.current_user_id()
  where v.eligibility_id = p_eligibility and app_private.normalize_email(v.email) = app_private.normalize_email(u.email)
$$;

create or replace function app_private.claim_collaborations(p_user uuid) returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  n int;
begin
  update app.deck_collaborators c set user_id = p_user, claimed_at = now()
   where c.user_id is null
     and app_private.normalize_email(c.email) = (select app_private.normalize_email(u.email) from app.users u where u.id = p_user);
  get diagnostics n = row_count;
  return n;
end;
$$;

create or replace function app_private.local_account_of(p_full_name text, p_login text) returns uuid
  language sql stable
  set search_path = ''
as $$
  select u.id from app_private.local_repositories lr
    join app.roster_entries x on x.event_id = lr.event_id and lower(x.github_login) = lower(p_login)
    join app.users u on app_private.normalize_email(u.email) = app_private.normalize_email(x.email)
   where lr.name_key = lower(p_full_name)
   limit 1
$$;

create index roster_entries_email_identity_idx on app.roster_entries (event_id, app_private.normalize_email(email));
