-- One emailed code signs in both clients (issue 40, second pass). On the default outbox
-- install a participant needed two codes relayed by hand, one for `hackathon login` and one
-- for `deckcli login`. A code may now be asked for a set of tools: it is stored under the
-- set's name (the tools sorted and joined by `+`: `deck+hackathon`), its HMAC covers that
-- name (api/auth/login-code.ts), and spending it mints one key per tool in one transaction,
-- each with its own tool's prefix and scopes (a key never carries both tools' scopes). A
-- single-tool code is stored and spent exactly as before.

alter table app_private.login_codes drop constraint login_codes_tool_check;
alter table app_private.login_codes add constraint login_codes_tool_check
  check (tool = any (array['deck', 'hackathon', 'deck+hackathon', 'browser']));

create function app_private.login_code_complete_tools(p_email text, p_tools text[], p_code_hash bytea, p_key_hashes bytea[], p_key_names text[], p_expires_in_days integer) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  u app.users;
  spent jsonb;
  code_tool text;
  keys jsonb := '[]'::jsonb;
  i integer;
begin
  -- The route's arrays: one hash and one name per tool, each tool once.
  if (cardinality(p_tools) between 1 and 2
      and p_tools <@ array['deck', 'hackathon']
      and cardinality(p_key_hashes) = cardinality(p_tools)
      and cardinality(p_key_names) = cardinality(p_tools)
      and (select count(distinct t) from unnest(p_tools) t) = cardinality(p_tools)) is not true then
    perform app_private.fail('invalid_tool', format('Tools must be deck and/or hackathon, each once, with one key each; got %s', array_to_string(p_tools, ',')));
  end if;
  select string_agg(t, '+' order by t) into code_tool from unnest(p_tools) t;
  spent := app_private.login_code_spend(p_email, code_tool, p_code_hash, 'request');
  if spent ? 'error' then
    return spent;
  end if;
  select * into u from app.users x where x.id = (spent ->> 'userId')::uuid;
  if u.two_factor_enabled then
    return jsonb_build_object('error', 'two_factor_required',
      'message', 'This account uses two-factor authentication: sign in in the browser and create a key in the dashboard');
  end if;
  for i in 1 .. cardinality(p_tools) loop
    keys := keys || jsonb_build_array(
      app_private.create_api_key(u.id, p_key_hashes[i], p_tools[i], p_key_names[i], null, null, p_expires_in_days, 'email_code'));
  end loop;
  return jsonb_build_object('keys', keys, 'user', jsonb_build_object('id', u.id, 'email', u.email, 'name', u.name));
end;
$$;

comment on function app_private.login_code_complete_tools(text, text[], bytea, bytea[], text[], integer) is
  'Spends the emailed code asked for the set p_tools (stored as the tools sorted and joined by +) and makes one key per tool, in the order given, each with its tool''s two scopes: { keys: [...], user } or { error, message } (invalid_code, two_factor_required). One code, one spending: a second call with it is invalid_code.';

-- The single-tool form, kept for its callers: the same rule with one tool.
create or replace function app_private.login_code_complete(p_email text, p_tool text, p_code_hash bytea, p_key_hash bytea, p_key_name text, p_expires_in_days integer) returns jsonb
  language sql
  set search_path = ''
as $$
  select case when r ? 'error' then r else jsonb_build_object('key', r -> 'keys' -> 0, 'user', r -> 'user') end
  from app_private.login_code_complete_tools(p_email, array[p_tool], p_code_hash, array[p_key_hash], array[p_key_name], p_expires_in_days) r
$$;

comment on function app_private.login_code_complete(text, text, bytea, bytea, text, integer) is
  'login_code_complete_tools for one tool, answering { key, user } (the shape before codes for several tools).';

-- Erasing an account also drops a code mail for both tools not sent yet.
create or replace function app_private.erase_account(p_email text, p_mark bytea) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
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
  foreach tool in array array['deck', 'hackathon', 'deck+hackathon', 'browser'] loop
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
    where app_private.normalize_email(r.email) = app_private.normalize_email(u.email);
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
