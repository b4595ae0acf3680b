-- The event role check in one place (issue 31, "one helper per rule"). It was a chain of
-- one-line wrappers: organizer_ctx(scope) called role_ctx(scope, ['organizer']), which checked
-- the scope and called require_event_role(roles), which took event_ctx() and checked the role.
-- role_ctx now holds the whole rule (the scope, then event_ctx(), then the role, raising
-- insufficient_event_role with the same three messages and detail {role, needed});
-- organizer_ctx stays the organizers' one-line entry point over it; require_event_role is
-- dropped. Its two other callers move to role_ctx:
--   - app.configure_event checks the organizer through organizer_ctx('hackathon:write') (it
--     checked hackathon:write at its start already: same result);
--   - app_private.event_team_for derives the scope from p_lock: its two locking callers
--     (set_team_deck_links, set_team_showcase) require hackathon:write and its three reading
--     callers (team_deck_links, team_roster, team_showcase) hackathon:read before calling it,
--     so the check it adds is the one its caller already passed and no caller changes.
-- test/sql/identity-helpers.test.ts refuses a stored body calling require_event_role and an
-- organizer_ctx that is anything but the one-line role_ctx call.

create or replace function app_private.role_ctx(p_scope text, p_roles text[]) RETURNS app_private.event_ctx
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  ctx app_private.event_ctx;
begin
  perform app_private.require_scope(p_scope);
  ctx := app_private.event_ctx();
  if ctx.role = any (p_roles) then
    return ctx;
  end if;
  perform app_private.fail('insufficient_event_role',
    case
      when p_roles = array['organizer'] then 'An event organizer is needed for this'
      when ctx.role = 'jury' then 'Jury viewers may read the gallery, the programme and presentations only'
      else format('This is for %s only; you are %s', array_to_string(p_roles, ', '), ctx.role)
    end,
    jsonb_build_object('role', ctx.role, 'needed', to_jsonb(p_roles)));
  return ctx;
end;
$$;

create or replace function app_private.event_team_for(p_team text, p_lock boolean) RETURNS app.event_teams
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  ctx app_private.event_ctx := app_private.role_ctx(case when p_lock then 'hackathon:write' else 'hackathon:read' end, array['organizer', 'participant']);
  named uuid;
  t app.event_teams;
begin
  if p_team is not null then
    select x.project_id into named from app.event_teams x join app.projects p on p.id = x.project_id
      where x.event_id = ctx.event_id and x.left_at is null and (p.id::text = lower(trim(p_team)) or lower(p.name) = lower(trim(p_team)));
  end if;
  if ctx.role = 'participant' and p_team is not null and named is distinct from ctx.team_id then
    perform app_private.fail('not_your_team', 'You act on your own team only; leave the team out');
  end if;
  if p_team is null then
    if ctx.team_id is null then
      perform app_private.fail('team_required', 'You are on no team: name the team to act on');
    end if;
    named := ctx.team_id;
  elsif named is null then
    perform app_private.fail('team_not_found', format('No team %s in this event', p_team), jsonb_build_object('team', p_team));
  end if;
  if p_lock then
    select * into t from app.event_teams x where x.project_id = named for update;
    if exists (select 1 from app.projects p where p.id = named and p.archived_at is not null) then
      perform app_private.fail('project_archived', 'This team''s project is archived and read-only; unarchive it first');
    end if;
  else
    select * into t from app.event_teams x where x.project_id = named;
  end if;
  return t;
end;
$$;

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
    if not exists (select 1 from app.memberships m where m.workspace_id = ws and m.user_id = app.current_user_id() and m.role in ('owner', 'admin')) then
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

drop function app_private.require_event_role(text[]);
