-- submissions show: one team with its last 50 receipts.

CREATE OR REPLACE FUNCTION app.submission_show(p_project uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.role_ctx('hackathon:read', array['organizer', 'participant']);
  if not exists (select 1 from app.event_teams t where t.project_id = p_project and t.event_id = ctx.event_id)
     or (ctx.role = 'participant' and p_project is distinct from ctx.team_id) then
    perform app_private.fail('project_not_found', 'No such team in this event, or not yours to read', jsonb_build_object('projectId', p_project));
  end if;
  return app_private.submission_team_json(p_project) || jsonb_build_object(
    'freezeAt', (select app_private.iso(e.freeze_at) from app.events e where e.id = ctx.event_id),
    'receipts', coalesce((select jsonb_agg(app_private.receipt_json(x) order by x.seq desc)
      from (select * from app.submission_receipts r where r.project_id = p_project order by r.seq desc limit 50) x), '[]'),
    'exceptions', coalesce((select jsonb_agg(jsonb_build_object('at', app_private.iso(x.at), 'reason', x.reason, 'sha', x.sha,
        'missing', x.missing, 'previousSha', x.previous_sha, 'invalidateDecks', x.invalidate_decks, 'invalidateVoting', x.invalidate_voting)
        order by x.at desc) from app.submission_exceptions x where x.project_id = p_project), '[]'));
end;
$function$;

comment on function app.submission_show(p_project uuid) is E'@shape app.submission_team_detail\nsubmissions show: one team with its last 50 receipts.';
revoke all on function app.submission_show(p_project uuid) from public;
grant execute on function app.submission_show(p_project uuid) to public;
grant execute on function app.submission_show(p_project uuid) to podium_app;
