-- event configure: creates the event (expected version 0) or replaces its configuration, under
-- the schedule rules.

CREATE OR REPLACE FUNCTION app.configure_event(p_expected_version integer, p_name text, p_timezone text, p_starts_at timestamp with time zone, p_build_ends_at timestamp with time zone, p_vote_opens_at timestamp with time zone, p_vote_closes_at timestamp with time zone, p_reason text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function app.configure_event(p_expected_version integer, p_name text, p_timezone text, p_starts_at timestamp with time zone, p_build_ends_at timestamp with time zone, p_vote_opens_at timestamp with time zone, p_vote_closes_at timestamp with time zone, p_reason text) is E'@shape app.event_configuration\nevent configure: creates the event (expected version 0) or replaces its configuration, under the schedule rules.';
revoke all on function app.configure_event(p_expected_version integer, p_name text, p_timezone text, p_starts_at timestamp with time zone, p_build_ends_at timestamp with time zone, p_vote_opens_at timestamp with time zone, p_vote_closes_at timestamp with time zone, p_reason text) from public;
grant execute on function app.configure_event(p_expected_version integer, p_name text, p_timezone text, p_starts_at timestamp with time zone, p_build_ends_at timestamp with time zone, p_vote_opens_at timestamp with time zone, p_vote_closes_at timestamp with time zone, p_reason text) to public;
grant execute on function app.configure_event(p_expected_version integer, p_name text, p_timezone text, p_starts_at timestamp with time zone, p_build_ends_at timestamp with time zone, p_vote_opens_at timestamp with time zone, p_vote_closes_at timestamp with time zone, p_reason text) to podium_app;
