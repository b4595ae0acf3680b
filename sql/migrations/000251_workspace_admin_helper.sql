-- One helper for "an owner or admin of the workspace" (issue 31, "one helper per rule"). Eight
-- stored bodies spelled the workspace-membership rule inline as `role in ('owner', 'admin')`:
--   - two as a plain membership check: app.configure_event (creating the event) and
--     app_private.require_owner_or_admin (the raising helper). Both now call
--     app_private.is_workspace_admin(workspace, user), refusing when it `is not true`;
--   - six read the membership role once and map it (a case arm, a join condition, a
--     refusal): app_private.deck_role, demo_pass_acts (the pass's maker), create_demo_passes
--     (the named person's membership, from workspace_person), event_ctx_or_null,
--     local_repository_permission and project_role_of. They keep their reads and ask
--     app_private.is_admin_role(role) instead: the set {owner, admin} is said there alone.
-- is_admin_role(NULL) is NULL, as `NULL in (...)` was, so no three-valued answer changes;
-- is_workspace_admin is an exists(), never NULL (a NULL user or workspace: false).
-- Every caller is security definer or runs as the owner (local_repository_permission: the
-- API's owner pool), so both helpers are security invoker and granted to nobody (rule 13).
-- Left alone: `in ('owner', 'admin')` over DECK roles (app_private.deck_role results) in
-- app.delete_annotation, app.export_decks, app.revoke_share_link and
-- app_private.rotate_share_secret, and deck_for(..., array['owner', 'admin']): another rule.
-- test/sql/identity-helpers.test.ts refuses the inline form in any other stored body.

create function app_private.is_admin_role(p_role app.workspace_role) returns boolean
  language sql immutable
  set search_path = ''
as $$ select p_role in ('owner', 'admin') $$;
comment on function app_private.is_admin_role(app.workspace_role) is
  'Whether a workspace membership role is owner or admin (NULL for NULL): the one place that names that set.';
revoke all on function app_private.is_admin_role(app.workspace_role) from public;

create function app_private.is_workspace_admin(p_workspace uuid, p_user uuid) returns boolean
  language sql stable
  set search_path = ''
as $$
  select exists (select 1 from app.memberships m
                  where m.workspace_id = p_workspace and m.user_id = p_user and app_private.is_admin_role(m.role))
$$;
comment on function app_private.is_workspace_admin(uuid, uuid) is
  'Whether the user is an owner or admin of the workspace; false for a NULL user or workspace.';
revoke all on function app_private.is_workspace_admin(uuid, uuid) from public;

create or replace function app.configure_event(p_expected_version integer, p_name text, p_timezone text, p_starts_at timestamp with time zone, p_build_ends_at timestamp with time zone, p_vote_opens_at timestamp with time zone, p_vote_closes_at timestamp with time zone, p_reason text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  ws uuid := app.current_workspace_id();
  now_ timestamptz := app.now();
  e app.events;
  phase text;
  reason text := nullif(trim(p_reason), '');
  exempt boolean;
begin
  perform app_private.require_scope('hackathon:write');
  select * into e from app.events x where x.workspace_id = ws for update;
  if e.id is null then
    if app_private.is_workspace_admin(ws, app.current_user_id()) is not true then
      perform app_private.fail('insufficient_event_role', 'An event organizer is needed for this: a workspace owner or admin creates the event',
        jsonb_build_object('needed', jsonb_build_array('organizer')));
    end if;
    if p_expected_version <> 0 then
      perform app_private.fail('version_conflict', format('There is no event yet (version 0); pass --expected-version 0 to create it, not %s', p_expected_version),
        jsonb_build_object('currentVersion', 0, 'expectedVersion', p_expected_version));
    end if;
    perform app_private.check_event_config(p_name, p_timezone, p_starts_at, p_build_ends_at, p_vote_opens_at, p_vote_closes_at, p_reason);
    insert into app.events (workspace_id, name, timezone, starts_at, build_ends_at, vote_opens_at, vote_closes_at, never_run)
    values (ws, trim(p_name), p_timezone, p_starts_at, p_build_ends_at,
            p_vote_opens_at, p_vote_closes_at, p_starts_at <= now_)
    returning * into e;
    return jsonb_build_object('created', true, 'event', app_private.event_json(e));
  end if;

  perform app_private.organizer_ctx('hackathon:write');
  if p_expected_version <> e.version then
    perform app_private.fail('version_conflict', format('The event is at version %s, not %s; pass --expected-version %s', e.version, p_expected_version, e.version),
      jsonb_build_object('currentVersion', e.version, 'expectedVersion', p_expected_version));
  end if;
  perform app_private.check_event_config(p_name, p_timezone, p_starts_at, p_build_ends_at, p_vote_opens_at, p_vote_closes_at, p_reason);
  if e.voting_opened_at is not null then
    perform app_private.fail('vote_window_locked', 'Voting was opened: the schedule can no longer change');
  end if;

  phase := app.events_phase(e);
  exempt := e.never_run and e.roster_locked_at is null and e.frozen_at is null;
  if phase <> 'scheduled' and exempt is not true then
    if phase = 'closed' then
      perform app_private.fail('event_closed', format('The event froze at %s; its schedule can no longer change', app_private.iso(e.freeze_at)));
    end if;
    if p_starts_at <> e.starts_at then
      perform app_private.fail('event_started', format('The event started at %s; its start can no longer change', app_private.iso(e.starts_at)));
    end if;
    if p_build_ends_at <> e.build_ends_at then
      if app_private.freeze_of(p_build_ends_at) <= now_ then
        perform app_private.fail('build_end_past', format('A build end of %s puts the freeze (%s) in the past',
          app_private.iso(p_build_ends_at), app_private.iso(app_private.freeze_of(p_build_ends_at))));
      end if;
      if reason is null then
        perform app_private.fail('reason_required', 'Moving the build end of a running event needs a reason (--reason); every participant sees it');
      end if;
      insert into app.event_notices (event_id, at, reason, previous_build_ends_at, build_ends_at)
      values (e.id, now_, reason, e.build_ends_at, p_build_ends_at);
    end if;
  elsif p_starts_at <= now_ or p_build_ends_at <= now_ then
    perform app_private.fail('starts_past', format('Start and build end must be ahead of now (%s)', app_private.iso(now_)),
      jsonb_build_object('field', case when p_starts_at <= now_ then 'startsAt' else 'buildEndsAt' end));
  end if;

  update app.events x set name = trim(p_name), timezone = p_timezone, starts_at = p_starts_at, build_ends_at = p_build_ends_at,
    vote_opens_at = p_vote_opens_at, vote_closes_at = p_vote_closes_at,
    version = x.version + 1, updated_at = now_,
    never_run = x.never_run and p_starts_at <= now_
  where x.id = e.id
  returning * into e;
  return jsonb_build_object('created', false, 'event', app_private.event_json(e));
end;
$$;

create or replace function app_private.require_owner_or_admin(p_what text) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if app_private.is_workspace_admin(app.current_workspace_id(), app.current_user_id()) is not true then
    perform app_private.fail('owner_or_admin_required', format('Only an owner or admin %s', p_what));
  end if;
end;
$$;

create or replace function app_private.deck_role(p_deck uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select case
    when d.workspace_id = app.current_workspace_id() and m.role is not null and d.owner_id = app.current_user_id() then 'owner'
    when d.workspace_id = app.current_workspace_id() and app_private.is_admin_role(m.role) then 'admin'
    when exists (select 1 from app.deck_collaborators c where c.deck_id = d.id and c.user_id = app.current_user_id())
         and (d.workspace_id = app.current_workspace_id() or app_private.demo_workspace() is null) then 'collaborator'
  end
  from app.decks d
  left join app.memberships m on m.workspace_id = d.workspace_id and m.user_id = app.current_user_id()
  where d.id = p_deck and d.deleted_at is null
$$;

create or replace function app_private.demo_pass_acts(d app_private.demo_passes) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select d.id is not null and d.revoked_at is null and d.expires_at > app.now() and exists (
    select 1 from app.memberships t join app.memberships m on m.workspace_id = t.workspace_id and m.user_id = d.created_by
     where t.workspace_id = d.workspace_id and t.user_id = d.user_id
       and t.role in ('member', 'guest') and app_private.is_admin_role(m.role)
       and app_private.role_rank(t.role) < app_private.role_rank(m.role))
$$;

create or replace function app_private.create_demo_passes(p_emails text[], p_token_hashes bytea[], p_minutes integer) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
    if app_private.is_admin_role(who.role) or app_private.role_rank(who.role) >= app_private.role_rank(maker) then
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

create or replace function app_private.event_ctx_or_null() RETURNS app_private.event_ctx
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
  ctx.role := case when app_private.is_admin_role(ws_role) then 'organizer' else roster_role end;
  return ctx;
end;
$$;

create or replace function app_private.local_repository_permission(p_full_name text, p_user uuid, p_key_workspace uuid) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(
    case when app_private.is_admin_role(m.role) or exists (
      select 1 from app.roster_entries x join app.users u on app_private.normalize_email(u.email) = app_private.normalize_email(x.email)
       where x.event_id = e.id and u.id = p_user and x.role = 'organizer') then 'maintain' end,
    (select case when a.permission = 'maintain' and g.p = 'read' then 'read' else a.permission end
       from app_private.local_repository_access a
       join app.users u on u.id = a.user_id
       cross join lateral (select app_private.roster_repository_permission(e.id, r.name_key, u.email) as p) g
      where lower(a.full_name) = r.name_key and a.user_id = p_user and a.accepted_at is not null
        and g.p is not null))
  from app_private.local_repositories r
  join app.events e on e.id = r.event_id
  join app.memberships m on m.workspace_id = e.workspace_id and m.user_id = p_user
  where r.name_key = lower(p_full_name) and (p_key_workspace is null or p_key_workspace = e.workspace_id)
$$;

create or replace function app_private.project_role_of(p_project uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select case
    when app_private.is_admin_role(m.role) then 'manager'
    when m.role = 'guest' then null
    else (
      select pm.role from app.project_members pm
      where pm.project_id = p.id
        and (pm.user_id = m.user_id
             or pm.team_id in (select tm.team_id from app.team_members tm where tm.user_id = m.user_id))
      order by app_private.project_role_rank(pm.role) desc limit 1)
  end
  from app.projects p
  join app.memberships m on m.workspace_id = p.workspace_id and m.user_id = app.current_user_id()
  where p.id = p_project and p.workspace_id = app.current_workspace_id()
$$;

