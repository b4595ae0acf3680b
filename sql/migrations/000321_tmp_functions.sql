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
-- Every webhook receipt reaches the organizers' live stream as it is recorded, whatever its
-- verdict (accepted, late, refused): kind `receipt.recorded` with the team, the repository and
-- the Receipt, in the transaction that records it. The team chat's activity item of an accepted
-- push or pull request (receipt_activity) is a second, separate consumer of the same receipt.
create or replace function app_private.receipt_live() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform app_private.live_publish(new.event_id, 'receipt.recorded', array['organizer'], new.project_id,
    jsonb_build_object(
      'team', (select jsonb_build_object('id', p.id, 'name', p.name) from app.projects p where p.id = new.project_id),
      'repository', new.repository,
      'receipt', app_private.receipt_json(new)));
  return null;
end;
$$;
comment on function app_private.receipt_live() is
  'Trigger: every webhook receipt (accepted, late or refused) is published live to organizers as it is recorded (kind receipt.recorded: team, repository, Receipt); the team chat activity item of an accepted push or pull request is a separate consumer.';
