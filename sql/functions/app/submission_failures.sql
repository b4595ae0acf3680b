-- submissions failures: signature failure counter, attention, refused and late deliveries.

CREATE OR REPLACE FUNCTION app.submission_failures()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.organizer_ctx('hackathon:read');
  return jsonb_build_object(
    'signatureFailures', coalesce((select jsonb_build_object('count', f.count, 'first', app_private.iso(f.first_at),
        'last', app_private.iso(f.last_at), 'reason', f.reason) from app_private.webhook_failures f where f.event_id = ctx.event_id),
      jsonb_build_object('count', 0, 'first', null, 'last', null, 'reason', null)),
    'attention', coalesce((select jsonb_agg(jsonb_build_object('project', jsonb_build_object('id', p.id, 'name', p.name),
        'state', s.state, 'why', s.attention) order by lower(p.name))
      from app.submissions s join app.projects p on p.id = s.project_id where s.event_id = ctx.event_id and s.state = 'error'), '[]'),
    'refused', coalesce((select jsonb_agg(app_private.receipt_json(r) || jsonb_build_object('repository', r.repository) order by r.seq desc)
      from (select * from app.submission_receipts x where x.event_id = ctx.event_id and x.verdict = 'refused' order by x.seq desc limit 100) r), '[]'),
    'late', coalesce((select jsonb_agg(app_private.receipt_json(r) || jsonb_build_object('repository', r.repository) order by r.seq desc)
      from (select * from app.submission_receipts x where x.event_id = ctx.event_id and x.late and x.verdict = 'accepted' order by x.seq desc limit 100) r), '[]'));
end;
$function$;

comment on function app.submission_failures() is E'@shape app.submission_failure_report\nsubmissions failures: signature failure counter, attention, refused and late deliveries.';
revoke all on function app.submission_failures() from public;
grant execute on function app.submission_failures() to public;
grant execute on function app.submission_failures() to podium_app;
