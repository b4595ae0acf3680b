-- The live log in commit order per event, not per instance (issue 30, item 4).
--
-- Until now every publisher took one instance-wide advisory lock from its publish to its
-- commit (000050), so ids were handed out in commit order across the whole log and the hub
-- could tail it with one cursor, but every event on an instance queued behind every other.
--
-- Now the lock is per event (keyed by the event's id): publishers of one event still take
-- turns from their publish to their commit, so within an event ids are handed out in commit
-- order (a reader that has seen id N of event E never sees an id below N of E appear later),
-- and publishers of two events never wait on each other. Across events ids are no longer in
-- commit order: an id of event A may commit after a higher id of event B. Every reader
-- therefore keeps its position per event:
--   * live_backlog already reads one event (`event_id = ctx.event_id and id > p_after`);
--   * live_reader's `position` is now the newest committed id of the reader's event (the
--     instance-wide max could stand above an id of this event still to commit);
--   * the API's hub (api/live/hub.ts) keeps one cursor per event it has streams for.
-- `resumable` still accepts any id the log handed out that was not pruned.
--
-- The lock key is in the one-bigint advisory keyspace, hashed from the event id with a
-- prefix of its own (hashtextextended, as 000011 and 000053 do). Two events whose keys
-- collide would share a lock: they would wait on each other, never lose order.

create or replace function app_private.live_publish(p_event_id uuid, p_kind text, p_roles text[], p_team_id uuid, p_payload jsonb)
  returns bigint language plpgsql volatile security definer set search_path = '' as $$
declare
  new_id bigint;
begin
  -- One publisher of this event at a time from here to commit: the event's ids in commit
  -- order (see the file header). Other events take other locks.
  perform pg_advisory_xact_lock(hashtextextended('podium:live:' || p_event_id::text, 0));
  insert into app_private.live_events (workspace_id, event_id, kind, roles, team_id, payload)
    select e.workspace_id, e.id, p_kind, p_roles, p_team_id, p_payload from app.events e where e.id = p_event_id
    returning id into new_id;
  if new_id is null then
    raise exception 'live_publish: no event %', p_event_id;
  end if;
  perform pg_notify('podium_live', new_id::text);
  return new_id;
end;
$$;
comment on function app_private.live_publish(uuid, text, text[], uuid, jsonb) is
  'Appends a change to the live log with its audience (ids in commit order per event, under a per-event advisory lock) and wakes every listening API replica (NOTIFY podium_live, payload: the id).';

create or replace function app_private.live_reader(p_after bigint) returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:read', array['participant', 'advisor', 'organizer']);
  horizon bigint := (select h.pruned_through from app_private.live_horizon h);
  top bigint := greatest((select max(l.id) from app_private.live_events l), horizon, 0);
  here bigint := greatest((select max(l.id) from app_private.live_events l where l.event_id = ctx.event_id), horizon, 0);
begin
  return jsonb_build_object(
    'eventId', ctx.event_id, 'workspaceId', ctx.workspace_id, 'userId', ctx.user_id,
    'role', ctx.role, 'teamId', ctx.team_id,
    -- Where a stream opened now starts: the newest committed id of the reader's event (ids
    -- are in commit order per event, so nothing of this event at or below it can still appear).
    'position', here,
    -- A resume point the log can still serve: not pruned past, and one it handed out.
    'resumable', p_after is null or (p_after >= horizon and p_after <= top));
end;
$$;
comment on function app_private.live_reader(bigint) is
  'The caller as a live-stream reader (event, role, team; insufficient_scope, event_not_configured, not_on_roster, insufficient_event_role for jury), the position of their event''s log now, and whether p_after can still be resumed from.';
