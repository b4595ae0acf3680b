-- The live stream's reads of the live log (000050): who is reading (once at open, again at
-- every re-check), the rows a resuming reader missed, and how long rows are kept.
--
-- `GET /api/v1/event/stream` fans rows out in process by the same audience rule that
-- live_backlog applies here (api/live/audience.ts mirrors live_visible; a test holds them
-- together): the row is of the reader's event, the reader's roster role is among its roles,
-- and when it names a team a participant receives it only for their own team. Jury is never
-- a reader: opening the stream asks for participant, advisor or organizer.
--
-- Retention: rows older than LIVE_RETENTION_DAYS are deleted by the `live__prune` worker
-- task (hourly). The highest id ever pruned is kept in live_horizon, so a reader resuming
-- from an id at or below it (or from an id this log never handed out) is told to re-read
-- instead of being silently given a log with a hole in it.

create table app_private.live_horizon (
  singleton boolean primary key default true check (singleton),
  pruned_through bigint not null default 0
);
insert into app_private.live_horizon default values;
comment on table app_private.live_horizon is
  'The highest live_events id ever pruned: a stream resumed from an id at or below it has lost rows and is told to re-read.';

create function app_private.live_visible(l app_private.live_events, ctx app_private.event_ctx) returns boolean
  language sql immutable set search_path = '' as $$
  select l.event_id = ctx.event_id
    and ctx.role in ('participant', 'advisor', 'organizer')
    and ctx.role = any (l.roles)
    and (l.team_id is null or ctx.role <> 'participant' or l.team_id is not distinct from ctx.team_id)
$$;
comment on function app_private.live_visible(app_private.live_events, app_private.event_ctx) is
  'The audience rule of the live log: may this reader receive this row (api/live/audience.ts is its in-process twin).';

create function app_private.live_reader(p_after bigint) returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:read', array['participant', 'advisor', 'organizer']);
  horizon bigint := (select h.pruned_through from app_private.live_horizon h);
  top bigint := greatest((select max(l.id) from app_private.live_events l), horizon, 0);
begin
  return jsonb_build_object(
    'eventId', ctx.event_id, 'workspaceId', ctx.workspace_id, 'userId', ctx.user_id,
    'role', ctx.role, 'teamId', ctx.team_id,
    -- Where a stream opened now starts: the newest committed id (ids are handed out in commit
    -- order, so nothing at or below it can still appear).
    'position', top,
    -- A resume point the log can still serve: not pruned past, and one it handed out.
    'resumable', p_after is null or (p_after >= horizon and p_after <= top));
end;
$$;
comment on function app_private.live_reader(bigint) is
  'The caller as a live-stream reader (event, role, team; insufficient_scope, event_not_configured, not_on_roster, insufficient_event_role for jury), the log position now, and whether p_after can still be resumed from.';

create function app_private.live_backlog(p_after bigint, p_limit integer)
  returns table (id bigint, kind text, payload text)
  language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:read', array['participant', 'advisor', 'organizer']);
begin
  return query
    select l.id, l.kind, l.payload::text from app_private.live_events l
    where l.event_id = ctx.event_id and l.id > p_after and app_private.live_visible(l, ctx)
    order by l.id
    limit least(greatest(p_limit, 1), 1000);
end;
$$;
comment on function app_private.live_backlog(bigint, integer) is
  'The live rows after p_after the caller may read, oldest first (at most 1000): what a stream resumed with Last-Event-ID missed.';

create function app_private.live_prune(p_keep interval) returns integer
  language plpgsql volatile security definer set search_path = '' as $$
declare
  n integer;
  top bigint;
begin
  with gone as (
    delete from app_private.live_events l where l.at < app.now() - p_keep returning l.id
  )
  select count(*), max(gone.id) into n, top from gone;
  if top is not null then
    update app_private.live_horizon h set pruned_through = greatest(h.pruned_through, top);
  end if;
  return n;
end;
$$;
comment on function app_private.live_prune(interval) is
  'Deletes live rows older than p_keep (the live__prune task, hourly) and moves the horizon a resume must be above.';

grant execute on function app_private.live_reader(bigint) to podium_app;
grant execute on function app_private.live_backlog(bigint, integer) to podium_app;
