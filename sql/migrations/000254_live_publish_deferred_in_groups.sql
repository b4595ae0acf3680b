-- A group of deliveries holds its event's live-log lock only for its last moment (issue 30,
-- item 8: intake). live_publish takes the event's advisory lock and keeps it to commit, so
-- the ids of one event are in commit order (000200). In a group (000252) the first
-- delivery's activity post took the lock and every later delivery's work ran under it: the
-- whole group was serial with every other group of the event. Now record_deliveries asks
-- live_publish to defer (the transaction-local setting podium.live_defer): each change is
-- staged in app_private.live_deferred with the transaction's id and nothing is locked; after
-- the last delivery the group publishes its staged changes in order, taking the lock only
-- then. Two groups of one event now overlap everything but their publishing and commit.
-- A delivery rolled back to its savepoint takes its staged rows with it. The staging table
-- is unlogged (a row lives inside one transaction; a crash loses nothing committed) and is
-- always empty between transactions.

create unlogged table app_private.live_deferred (
  n bigint generated always as identity primary key,
  xid xid8 not null default pg_current_xact_id(),
  event_id uuid not null,
  kind text not null,
  roles text[] not null,
  team_id uuid,
  payload jsonb not null
);
create index live_deferred_xid_idx on app_private.live_deferred (xid, n);
comment on table app_private.live_deferred is
  'Live-log changes staged by a transaction that publishes them at its end (record_deliveries, 000254); empty between transactions.';

create or replace function app_private.live_publish(p_event_id uuid, p_kind text, p_roles text[], p_team_id uuid, p_payload jsonb) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  new_id bigint;
begin
  -- Staged for this transaction's own publish at its end (live_publish_deferred): no id yet.
  if current_setting('podium.live_defer', true) = 'on' then
    insert into app_private.live_deferred (event_id, kind, roles, team_id, payload)
      values (p_event_id, p_kind, p_roles, p_team_id, p_payload);
    return null;
  end if;
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
  'Appends a change to the live log with its audience (ids in commit order per event, under a per-event advisory lock) and wakes every listening API replica (NOTIFY podium_live, payload: the id). Under podium.live_defer = on (record_deliveries) it stages the change instead and answers null; live_publish_deferred publishes the staged changes.';

create function app_private.live_publish_deferred() returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  d app_private.live_deferred;
  published integer := 0;
begin
  perform set_config('podium.live_defer', 'off', true);
  for d in select * from app_private.live_deferred x where x.xid = pg_current_xact_id() order by x.n loop
    perform app_private.live_publish(d.event_id, d.kind, d.roles, d.team_id, d.payload);
    published := published + 1;
  end loop;
  delete from app_private.live_deferred x where x.xid = pg_current_xact_id();
  return published;
end;
$$;
comment on function app_private.live_publish_deferred() is
  'Publishes, in order, the live-log changes this transaction staged under podium.live_defer, and stops staging; answers how many.';
revoke all on function app_private.live_publish_deferred() from public;

create or replace function app_private.record_deliveries(p_event uuid, p_items jsonb) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  item jsonb;
  answers jsonb := '[]'::jsonb;
begin
  if jsonb_typeof(p_items) is distinct from 'array' then
    perform app_private.fail('invalid_input', 'record_deliveries takes an array of deliveries');
  end if;
  -- The group's live changes are published after its last delivery (000254).
  perform set_config('podium.live_defer', 'on', true);
  for item in select value from jsonb_array_elements(p_items) loop
    begin
      answers := answers || jsonb_build_array(
        app_private.record_delivery(p_event, item ->> 'delivery', item ->> 'kind', item -> 'payload'));
    exception when others then
      answers := answers || jsonb_build_array(jsonb_build_object('failed', true));
    end;
  end loop;
  perform app_private.live_publish_deferred();
  return answers;
end;
$$;
