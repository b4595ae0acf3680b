-- podium account erase: removes the person behind an account (secrets, codes and code mails not
-- sent yet, sessions, keys, demo passes, memberships; roster rows detached; names scrubbed from the
-- live log) and keeps a tombstone. Erasing again answers the first erasure (by the address's mark);
-- account_not_found otherwise.

CREATE OR REPLACE FUNCTION app_private.erase_account(p_email text, p_mark bytea)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function app_private.erase_account(p_email text, p_mark bytea) is 'podium account erase: removes the person behind an account (sign-in, keys, sessions, name, email, memberships; roster rows detached; names in the live log) in one transaction, keeping the account row for what points at it. p_mark: HMAC(AUTH_SECRET) of the normalised address, kept to recognise a second run.';
revoke all on function app_private.erase_account(p_email text, p_mark bytea) from public;
