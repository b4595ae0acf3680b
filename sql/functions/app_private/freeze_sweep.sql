-- At or after an event's freeze (one event or all): records frozen_at and gives every active team
-- without a submission one, capturing its latest accepted on-time push, else its repository's
-- template commit, else an error asking for an exception; captures not finished are enqueued again.
-- Answers the counts by state. Run by the worker's sweep and app.reconcile_submissions.

CREATE OR REPLACE FUNCTION app_private.freeze_sweep(p_event uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  e app.events;
  t record;
  rec app.submission_receipts;
  repo app.team_repositories;
  selected int := 0;
  pending app.submissions;
begin
  for e in select * from app.events x where (p_event is null or x.id = p_event) and app_private.is_frozen(x) for update loop
    update app.events x set frozen_at = coalesce(x.frozen_at, app.now()) where x.id = e.id;
    for t in select et.project_id from app.event_teams et where et.event_id = e.id and et.left_at is null
             and not exists (select 1 from app.submissions s where s.project_id = et.project_id) loop
      rec := app_private.eligible_receipt(t.project_id);
      select * into repo from app.team_repositories r where r.project_id = t.project_id;
      if rec.seq is not null then
        insert into app.submissions (project_id, event_id, state, sha, source, receipt_seq)
        values (t.project_id, e.id, 'capturing', rec.sha, 'push', rec.seq);
        perform app_private.enqueue_capture(t.project_id, rec.sha);
      elsif repo.template_sha is not null then
        insert into app.submissions (project_id, event_id, state, sha, source)
        values (t.project_id, e.id, 'capturing', repo.template_sha, 'template');
        perform app_private.enqueue_capture(t.project_id, repo.template_sha);
      else
        insert into app.submissions (project_id, event_id, state, sha, source, attention)
        values (t.project_id, e.id, 'error', null, 'template', 'The team has no repository to capture; record an exception')
        on conflict do nothing;
      end if;
      selected := selected + 1;
    end loop;
    -- Captures not finished (in flight, or failed and waiting for a retry) are enqueued again.
    for pending in select * from app.submissions x where x.event_id = e.id and x.sha is not null and x.state in ('capturing', 'error') loop
      perform app_private.enqueue_capture(pending.project_id, pending.sha);
    end loop;
  end loop;
  return (select jsonb_build_object('at', app_private.iso(app.now()), 'selected', selected,
      'frozen', count(*) filter (where x.state = 'frozen'), 'capturing', count(*) filter (where x.state = 'capturing'),
      'missing', count(*) filter (where x.state = 'missing'), 'errors', count(*) filter (where x.state = 'error'))
    from app.submissions x where p_event is null or x.event_id = p_event);
end;
$function$;

revoke all on function app_private.freeze_sweep(p_event uuid) from public;
