-- A receipt shows its capture state, as the spec's Receipt lists it ("sequence, receipt time,
-- verdict with refusal code, sha, capture state"): the state of the team's capture of that
-- receipt's sha, read from app.submissions (the one row per team that holds the selected sha
-- and its capture). `captured` once the evidence archive is recorded (frozen), `capturing`
-- while the job runs, `failed` with the reason while it retries (state error), null when no
-- capture of that sha was asked (a refused receipt, a push that was not selected, no sha).
-- Same signature as 000010's receipt_json, so every reader (team line, submissions show,
-- failures) carries the field.

create or replace function app_private.receipt_json(r app.submission_receipts) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('sequence', r.seq, 'receivedAt', app_private.iso(r.received_at), 'kind', r.kind,
    'ref', r.ref, 'sha', r.sha, 'verdict', r.verdict, 'refusal', r.refusal, 'late', r.late,
    'capture', (select case s.state
                  when 'frozen' then jsonb_build_object('state', 'captured', 'reason', null)
                  when 'capturing' then jsonb_build_object('state', 'capturing', 'reason', null)
                  when 'error' then jsonb_build_object('state', 'failed', 'reason', s.attention)
                end
                from app.submissions s
                where s.project_id = r.project_id and s.sha = r.sha and s.state <> 'missing'))
$$;
