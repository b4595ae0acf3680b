-- Worker: the team's accepted pushes of the build (not late ones: they are not in the frozen
-- revision), which the jury deck cites by receipt sequence to say where the code came from. Called
-- by the worker's owner pool only: no grant.

CREATE OR REPLACE FUNCTION app_private.generation_job_pushes(p_job uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('sequence', r.seq, 'receivedAt', app_private.iso(r.received_at),
           'before', case when r.before_sha <> repeat('0', 40) then r.before_sha end, 'sha', r.sha) order by r.seq), '[]'::jsonb)
    from (select x.* from app.submission_receipts x
            join app_private.generation_jobs j on j.id = p_job and x.event_id = j.event_id and x.project_id = j.project_id
           where x.kind = 'push' and x.verdict = 'accepted' and x.late is false and x.sha ~ '^[0-9a-f]{40}$' and x.sha <> repeat('0', 40)
           order by x.seq desc limit 500) r
$function$;

comment on function app_private.generation_job_pushes(p_job uuid) is 'Worker: the accepted, not late pushes of a generation job''s team in its event (at most the last 500), oldest first: sequence, receivedAt, before, sha. The deck cites them as push receipts.';
revoke all on function app_private.generation_job_pushes(p_job uuid) from public;
