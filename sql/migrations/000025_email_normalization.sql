-- One normalisation of email addresses, decided here and nowhere else: trimmed, Unicode
-- NFKC (fullwidth letters, the Kelvin sign and other compatibility forms become their plain
-- letters), then lower-cased by the database. Every lookup of an account by a typed address
-- uses it, and so does the sign-in rate wall (api/routes/identity/login-wall.ts asks this
-- function for its bucket key), so two spellings that reach one account always share one
-- bucket. JavaScript's toLowerCase() and Postgres' lower() disagree (`İ`, locale rules), so
-- TypeScript never folds an address itself.

create function app_private.normalize_email(p text) returns text
  language sql immutable strict parallel safe
  set search_path = ''
as $$ select pg_catalog.lower(normalize(pg_catalog.btrim(p), NFKC)) $$;
comment on function app_private.normalize_email(text) is
  'The one normalisation of email addresses (trim, NFKC, lower): account lookups and the sign-in rate wall both use it.';

-- One account per normalised address. users_email_key (lower(email)) stays for the joins
-- that compare stored addresses (roster entries, deck invitations).
create unique index users_email_normalized_key on app.users (app_private.normalize_email(email));

create or replace function app_private.ensure_user(p_email text, p_name text) returns app.users
  language plpgsql
  set search_path = ''
as $$
declare
  u app.users;
begin
  select * into u from app.users x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if u.id is null then
    insert into app.users (email, name) values (trim(p_email), nullif(trim(p_name), '')) returning * into u;
  elsif p_name is not null and u.name is null then
    update app.users x set name = nullif(trim(p_name), '') where x.id = u.id returning * into u;
  end if;
  return u;
end;
$$;

create or replace function app_private.password_login_info(p_email text) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('userId', u.id, 'passwordHash', s.password_hash,
    'twoFactor', u.two_factor_enabled, 'totpSealed', s.totp_secret_sealed)
  from app.users u left join app_private.user_secrets s on s.user_id = u.id
  where app_private.normalize_email(u.email) = app_private.normalize_email(p_email)
$$;

create or replace function app_private.login_code_request(p_email text, p_tool text, p_code_hash bytea, p_sealed_code text) returns uuid
  language plpgsql
  set search_path = ''
as $$
declare
  u app.users;
begin
  select * into u from app.users x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if u.id is null then
    return null;
  end if;
  insert into app_private.login_codes (user_id, tool, code_hash, attempts, expires_at)
  values (u.id, p_tool, p_code_hash, 0, app.now() + interval '10 minutes')
  on conflict (user_id, tool) do update set code_hash = excluded.code_hash, attempts = 0,
    expires_at = excluded.expires_at, created_at = now();
  perform graphile_worker.add_job('mail__send',
    jsonb_build_object('to', u.email, 'template', 'login_code', 'tool', p_tool, 'sealedCode', p_sealed_code)::json,
    job_key => 'login_code:' || u.id || ':' || p_tool, max_attempts => 5);
  return u.id;
end;
$$;

create or replace function app_private.login_code_complete(
  p_email text, p_tool text, p_code_hash bytea, p_key_hash bytea, p_key_name text, p_expires_in_days int
) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  u app.users;
  c app_private.login_codes;
  k jsonb;
begin
  select * into u from app.users x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if u.id is not null then
    select * into c from app_private.login_codes x where x.user_id = u.id and x.tool = p_tool for update;
  end if;
  if c.id is null or c.expires_at <= app.now() then
    delete from app_private.login_codes x where x.id = c.id;
    return jsonb_build_object('error', 'invalid_code', 'message', 'The code is wrong or has expired; request a new one');
  end if;
  if c.code_hash <> p_code_hash then
    if c.attempts + 1 >= 3 then
      delete from app_private.login_codes x where x.id = c.id;
      return jsonb_build_object('error', 'invalid_code', 'message', 'Wrong code, and that was the last attempt; request a new code', 'attemptsLeft', 0);
    end if;
    update app_private.login_codes x set attempts = x.attempts + 1 where x.id = c.id;
    return jsonb_build_object('error', 'invalid_code', 'message', format('Wrong code; %s attempt(s) left', 3 - c.attempts - 1), 'attemptsLeft', 3 - c.attempts - 1);
  end if;
  delete from app_private.login_codes x where x.id = c.id;
  if u.two_factor_enabled then
    return jsonb_build_object('error', 'two_factor_required',
      'message', 'This account uses two-factor authentication: sign in in the browser and create a key in the dashboard');
  end if;
  k := app_private.create_api_key(u.id, p_key_hash, p_tool, p_key_name, null, null, p_expires_in_days, 'email_code');
  return jsonb_build_object('key', k, 'user', jsonb_build_object('id', u.id, 'email', u.email, 'name', u.name));
end;
$$;

create or replace function app_private.login_code_for_session(p_email text, p_code_hash bytea) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  u app.users;
  c app_private.login_codes;
begin
  select * into u from app.users x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if u.id is not null then
    select * into c from app_private.login_codes x where x.user_id = u.id and x.tool = 'browser' for update;
  end if;
  if c.id is null or c.expires_at <= app.now() then
    delete from app_private.login_codes x where x.id = c.id;
    return jsonb_build_object('error', 'invalid_code', 'message', 'The code is wrong or has expired; ask for a new one');
  end if;
  if c.code_hash <> p_code_hash then
    if c.attempts + 1 >= 3 then
      delete from app_private.login_codes x where x.id = c.id;
      return jsonb_build_object('error', 'invalid_code', 'message', 'Wrong code, and that was the last attempt; ask for a new code', 'attemptsLeft', 0);
    end if;
    update app_private.login_codes x set attempts = x.attempts + 1 where x.id = c.id;
    return jsonb_build_object('error', 'invalid_code', 'message', format('Wrong code; %s attempt(s) left', 3 - c.attempts - 1), 'attemptsLeft', 3 - c.attempts - 1);
  end if;
  delete from app_private.login_codes x where x.id = c.id;
  return jsonb_build_object('userId', u.id, 'twoFactor', u.two_factor_enabled);
end;
$$;

-- A person named by email (anything with @) or user id, among the members of the workspace.
create or replace function app_private.workspace_person(p_ref text) returns app.memberships
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  m app.memberships;
begin
  if p_ref like '%@%' then
    select x.* into m from app.memberships x join app.users u on u.id = x.user_id
      where x.workspace_id = app.current_workspace_id() and app_private.normalize_email(u.email) = app_private.normalize_email(p_ref);
  elsif p_ref ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' then
    select x.* into m from app.memberships x where x.workspace_id = app.current_workspace_id() and x.user_id = p_ref::uuid;
  end if;
  if m.user_id is null then
    perform app_private.fail('not_a_member', format('%s is not an active member of this workspace', p_ref), jsonb_build_object('person', p_ref));
  end if;
  return m;
end;
$$;

-- The entry named by kind ('person' or 'team') and reference, or member_not_found.
create or replace function app_private.project_entry(p_project uuid, p_kind text, p_ref text) returns app.project_members
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  e app.project_members;
begin
  if p_kind = 'team' then
    select * into e from app.project_members x where x.project_id = p_project and x.team_id = (app_private.workspace_team(p_ref)).id;
  else
    -- By account, not membership: an entry outlives its person's membership and can still go.
    select x.* into e from app.project_members x join app.users u on u.id = x.user_id
      where x.project_id = p_project
        and (app_private.normalize_email(u.email) = app_private.normalize_email(p_ref)
             or (p_ref ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' and u.id = p_ref::uuid));
  end if;
  if e.id is null then
    perform app_private.fail('member_not_found', format('%s is not a member of this project', p_ref), jsonb_build_object(p_kind, p_ref));
  end if;
  return e;
end;
$$;
