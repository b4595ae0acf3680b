-- A run on the wire: id, revision, status (running while a job is pending or running, else done),
-- creation time, counts.

CREATE OR REPLACE FUNCTION app_private.generation_run_json(r app_private.generation_runs)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('id', r.id, 'revision', r.revision, 'newRevision', r.new_revision,
    'status', case when c.pending + c.running > 0 then 'running' else 'done' end,
    'createdAt', app_private.iso(r.created_at),
    'counts', jsonb_build_object('pending', c.pending, 'running', c.running, 'review', c.review, 'failed', c.failed, 'skipped', c.skipped))
  from (select count(*) filter (where j.status = 'pending')::int as pending, count(*) filter (where j.status = 'running')::int as running,
               count(*) filter (where j.status = 'review')::int as review, count(*) filter (where j.status = 'failed')::int as failed,
               count(*) filter (where j.status = 'skipped')::int as skipped
          from app_private.generation_jobs j where j.run_id = r.id) c
$function$;

comment on function app_private.generation_run_json(r app_private.generation_runs) is 'A run on the wire: id, revision, status (running while a job is pending or running, else done), creation time, counts.';
revoke all on function app_private.generation_run_json(r app_private.generation_runs) from public;
