-- A deck generation run's progress reaches the organizers' live stream: each time one of its
-- jobs changes status, the run as `decks run` reads it (kind `generation.progressed`, or
-- `generation.finished` once no job is pending or running), in the transaction that changed it.
create or replace function app_private.generation_run_live() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  r app_private.generation_runs;
  run jsonb;
begin
  -- The lock first, then the read: the last of two jobs ending at once sees the other's status
  -- (app_private.live_lock says why).
  perform app_private.live_lock(new.event_id);
  select * into r from app_private.generation_runs x where x.id = new.run_id;
  run := app_private.generation_run_json(r);
  perform app_private.live_publish(new.event_id,
    case when run ->> 'status' = 'done' then 'generation.finished' else 'generation.progressed' end,
    array['organizer'], null, jsonb_build_object('run', run));
  return null;
end;
$$;
comment on function app_private.generation_run_live() is
  'Trigger: a generation job''s status change publishes its run live to organizers (kind generation.progressed, or generation.finished when the run is done: { run }).';
revoke all on function app_private.generation_run_live() from public;
