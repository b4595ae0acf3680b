-- The freeze as one expression. The spec's freeze is build end + 15 minutes; the 15 minutes
-- were spelled out seven times (the insert and update of configure_event, its build_end_past
-- check, check_event_config's voteOpensAt rule and a table check). Now:
--   app_private.freeze_of(build_ends_at)  the one place the 15 minutes stand, for a build end
--                                         not stored yet (configure_event's checks);
--   app.events.freeze_at                  a stored generated column over it, so the stored
--                                         freeze can never disagree with the build end
--                                         (the check that kept them 15 minutes apart goes).
-- timestamptz + interval is only stable in PostgreSQL (an interval of days or months depends
-- on the time zone); 15 minutes does not, so freeze_of is honestly immutable, as a generated
-- column needs. Re-adding the column rewrites app.events, recomputing every freeze.

create function app_private.freeze_of(p_build_ends_at timestamptz) returns timestamptz
  language sql immutable
  set search_path = ''
as $$ select p_build_ends_at + interval '15 minutes' $$;
comment on function app_private.freeze_of(timestamptz) is
  'The freeze of a build end: build end + 15 minutes. The one place the grace period is written; app.events.freeze_at is generated from it.';

alter table app.events drop column freeze_at; -- drops the two checks that named it
alter table app.events add column freeze_at timestamptz generated always as (app_private.freeze_of(build_ends_at)) stored not null;
alter table app.events add constraint events_vote_after_freeze check (vote_opens_at >= freeze_at);
comment on column app.events.freeze_at is 'The freeze: build end + 15 minutes (the grace period), generated from the build end.';

create or replace function app.configure_event(p_expected_version integer, p_name text, p_timezone text, p_starts_at timestamp with time zone, p_build_ends_at timestamp with time zone, p_vote_opens_at timestamp with time zone, p_vote_closes_at timestamp with time zone, p_reason text DEFAULT NULL::text)
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

  perform app_private.require_event_role(array['organizer']);
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
  if phase <> 'scheduled' and not exempt then
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

create or replace function app_private.check_event_config(p_name text, p_timezone text, p_starts_at timestamp with time zone, p_build_ends_at timestamp with time zone, p_vote_opens_at timestamp with time zone, p_vote_closes_at timestamp with time zone, p_reason text)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if p_name is null or length(trim(p_name)) not between 1 and 100 or p_name ~ '[[:cntrl:]]' then
    perform app_private.fail('invalid_input', 'name must be 1 to 100 characters on one line', '{"field":"name"}');
  end if;
  if p_timezone is null or not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = p_timezone) then
    perform app_private.fail('invalid_input', format('timezone must be an IANA time zone name such as Europe/Berlin, got %s', coalesce(p_timezone, 'nothing')), '{"field":"timezone"}');
  end if;
  if p_build_ends_at <= p_starts_at then
    perform app_private.fail('invalid_input', 'buildEndsAt must be after startsAt', '{"field":"buildEndsAt"}');
  end if;
  if p_vote_opens_at < app_private.freeze_of(p_build_ends_at) then
    perform app_private.fail('invalid_input', format('voteOpensAt must be at the freeze (%s, build end + 15 minutes) or later',
      app_private.iso(app_private.freeze_of(p_build_ends_at))), '{"field":"voteOpensAt"}');
  end if;
  if p_vote_closes_at <= p_vote_opens_at then
    perform app_private.fail('invalid_input', 'voteClosesAt must be after voteOpensAt', '{"field":"voteClosesAt"}');
  end if;
  if p_reason is not null and (length(trim(p_reason)) not between 1 and 500) then
    perform app_private.fail('invalid_input', 'reason must be 1 to 500 characters', '{"field":"reason"}');
  end if;
end;
$function$;
