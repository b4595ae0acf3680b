-- The live log: every change a signed-in client may watch (a post, a reply, a pin, a hide,
-- a request change, a receipt, an activity item) is one row here, written by the SQL
-- function that makes the change, in its transaction. `GET /api/v1/event/stream` tails it:
-- each API replica LISTENs on `podium_live` once and fans rows out to its open streams;
-- `Last-Event-ID` resumes from `id`.
--
-- Who may receive a row is decided when it is written, by its audience: `roles` (the roster
-- roles that may read it) and `team_id` (when set, a participant receives it only when it is
-- their team; other admitted roles receive it whatever their team). Organizer-only detail
-- (a hide reason) goes in a row whose roles are `{organizer}`.
--
-- Commit order: publishers take one transaction-scoped advisory lock before taking an id, so
-- ids are handed out in commit order and a reader that has seen id N has seen every row
-- below N (no gap appears behind it later). The lock is held from the publish to the
-- commit of a short write transaction.

create table app_private.live_events (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  workspace_id uuid not null references app.workspaces (id) on delete cascade,
  event_id uuid not null references app.events (id) on delete cascade,
  kind text not null check (kind ~ '^[a-z][a-z_.]{0,62}$'),
  roles text[] not null check (roles <@ array['participant', 'advisor', 'organizer', 'jury'] and cardinality(roles) > 0),
  team_id uuid references app.projects (id) on delete cascade,
  payload jsonb not null
);
create index live_events_event_id_idx on app_private.live_events (event_id, id);
create index live_events_workspace_id_idx on app_private.live_events (workspace_id);
create index live_events_team_id_idx on app_private.live_events (team_id) where team_id is not null;
comment on table app_private.live_events is
  'The live log tailed by GET /api/v1/event/stream: one row per change a client may watch, with its audience (roles, team).';

create function app_private.live_publish(p_event_id uuid, p_kind text, p_roles text[], p_team_id uuid, p_payload jsonb)
  returns bigint language plpgsql volatile security definer set search_path = '' as $$
declare
  new_id bigint;
begin
  -- One publisher at a time from here to commit: ids in commit order (see the file header).
  perform pg_advisory_xact_lock(hashtext('app_private.live_events'));
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
  'Appends a change to the live log with its audience and wakes every listening API replica (NOTIFY podium_live, payload: the id).';
grant execute on function app_private.live_publish(uuid, text, text[], uuid, jsonb) to podium_app;
