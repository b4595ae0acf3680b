-- decks generate: a run over every team with a frozen submission, both kinds (organizer; vote
-- section on). event_not_closed before the freeze, run_in_progress while a run has pending or
-- running jobs, content_pinned for a new revision once the vote pinned the released decks.

CREATE OR REPLACE FUNCTION app.start_deck_generation(p_new_revision boolean DEFAULT false)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  e app.events;
  busy uuid;
  cur integer;
  rev integer;
  r app_private.generation_runs;
  t record;
  k text;
  done record;
  j app_private.generation_jobs;
  skipped jsonb := '[]';
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  perform app_private.require_vote_on(ctx.event_id);
  -- One start at a time per event: the event row is the lock.
  select * into e from app.events x where x.id = ctx.event_id for update;
  if app_private.is_frozen(e) is false then
    perform app_private.fail('event_not_closed', format('Decks are generated from frozen submissions, after the freeze (%s)', app_private.iso(e.freeze_at)),
      jsonb_build_object('freezeAt', app_private.iso(e.freeze_at)));
  end if;
  select j2.run_id into busy from app_private.generation_jobs j2
   where j2.event_id = e.id and j2.status in ('pending', 'running') limit 1;
  if busy is not null then
    perform app_private.fail('run_in_progress', format('Run %s is still in progress: follow it with decks run %s', busy, busy), jsonb_build_object('runId', busy));
  end if;
  cur := app_private.current_generation_revision(e.id);
  if coalesce(p_new_revision, false) and app_private.generated_content_pinned(e.id) then
    perform app_private.fail('content_pinned', 'The vote pinned the released decks: no new generation revision starts once voting opened');
  end if;
  rev := case when coalesce(p_new_revision, false) or cur = 0 then cur + 1 else cur end;
  insert into app_private.generation_runs (event_id, revision, new_revision, created_by, created_at)
  values (e.id, rev, coalesce(p_new_revision, false), ctx.user_id, app.now()) returning * into r;

  for t in
    select p.id, p.name, s.sha, s.archive_sha256
      from app.event_teams et join app.projects p on p.id = et.project_id
      join app.submissions s on s.project_id = et.project_id
     where et.event_id = e.id and et.left_at is null and s.state = 'frozen'
     order by lower(p.name), p.id
  loop
    foreach k in array array['jury', 'community'] loop
      select g.version into done from app_private.generated_decks g
       where g.project_id = t.id and g.kind = k and g.revision = rev and g.archive_sha256 = t.archive_sha256 and g.invalidated_at is null
       order by g.version desc limit 1;
      if found then
        insert into app_private.generation_jobs (run_id, event_id, project_id, kind, revision, status, skip_reason, submission_sha, archive_sha256, created_at, finished_at)
        values (r.id, e.id, t.id, k, rev, 'skipped',
                format('%s deck v%s was already generated at revision %s from this evidence', k, done.version, rev),
                t.sha, t.archive_sha256, app.now(), app.now())
        returning * into j;
        skipped := skipped || jsonb_build_object('team', jsonb_build_object('id', t.id, 'name', t.name), 'kind', k, 'reason', j.skip_reason);
      else
        insert into app_private.generation_jobs (run_id, event_id, project_id, kind, revision, status, submission_sha, archive_sha256, created_at)
        values (r.id, e.id, t.id, k, rev, 'pending', t.sha, t.archive_sha256, app.now())
        returning * into j;
        perform graphile_worker.add_job('decks__generate', json_build_object('jobId', j.id),
          job_key => 'decks:generate:' || j.id, max_attempts => 10);
      end if;
    end loop;
  end loop;
  return jsonb_build_object('run', app_private.generation_run_json(r), 'skipped', skipped);
end;
$function$;

comment on function app.start_deck_generation(p_new_revision boolean) is E'@shape app.deck_generation_start\ndecks generate: a run over every team with a frozen submission, both kinds (organizer; vote section on). event_not_closed before the freeze, run_in_progress while a run has pending or running jobs, content_pinned for a new revision once the vote pinned the released decks.';
revoke all on function app.start_deck_generation(p_new_revision boolean) from public;
grant execute on function app.start_deck_generation(p_new_revision boolean) to podium_app;
