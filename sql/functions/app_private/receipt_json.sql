-- A submission receipt as JSON: sequence, kind, ref, sha, verdict, refusal, lateness, and how the
-- capture of that sha stands (captured, capturing or failed with its reason).

CREATE OR REPLACE FUNCTION app_private.receipt_json(r app.submission_receipts)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('sequence', r.seq, 'receivedAt', app_private.iso(r.received_at), 'kind', r.kind,
    'ref', r.ref, 'sha', r.sha, 'verdict', r.verdict, 'refusal', r.refusal, 'late', r.late,
    'capture', (select case s.state
                  when 'frozen' then jsonb_build_object('state', 'captured', 'reason', null)
                  when 'capturing' then jsonb_build_object('state', 'capturing', 'reason', null)
                  when 'error' then jsonb_build_object('state', 'failed', 'reason', s.attention)
                end
                from app.submissions s
                where s.project_id = r.project_id and s.sha = r.sha and s.state <> 'missing'))
$function$;

revoke all on function app_private.receipt_json(r app.submission_receipts) from public;
