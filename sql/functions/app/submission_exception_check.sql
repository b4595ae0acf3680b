-- The refusals of submissions exception, checked before the capture.

CREATE OR REPLACE FUNCTION app.submission_exception_check(p_project uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  e app.events;
  v app.vote_eligibility;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  select * into e from app.events x where x.id = ctx.event_id;
  if not exists (select 1 from app.event_teams t where t.project_id = p_project and t.event_id = e.id) then
    perform app_private.fail('project_not_found', 'No such team in this event', jsonb_build_object('projectId', p_project));
  end if;
  if app_private.is_frozen(e) is false then
    perform app_private.fail('event_not_closed', format('Exceptions are recorded after the freeze (%s)', app_private.iso(e.freeze_at)));
  end if;
  if e.voting_opened_at is not null then
    perform app_private.fail('judging_started',
      format('Voting opened at %s: exceptions are recorded before voting opens', app_private.iso(e.voting_opened_at)),
      jsonb_build_object('cause', 'voting_opened', 'votingOpenedAt', app_private.iso(e.voting_opened_at)));
  end if;
  v := app_private.current_eligibility(e.id);
  if v.id is not null then
    perform app_private.fail('judging_started',
      format('Eligibility is locked (version %s since %s): unlock it first with community eligibility unlock', v.version, app_private.iso(v.locked_at)),
      jsonb_build_object('cause', 'eligibility_locked', 'eligibilityVersion', v.version, 'lockedAt', app_private.iso(v.locked_at)));
  end if;
  if app.now() >= e.vote_opens_at then
    perform app_private.fail('judging_started',
      format('The scheduled vote opening (%s) has passed: exceptions are recorded before voting opens', app_private.iso(e.vote_opens_at)),
      jsonb_build_object('cause', 'vote_opens_at_passed', 'voteOpensAt', app_private.iso(e.vote_opens_at)));
  end if;
  return jsonb_build_object('repository', (select r.full_name from app.team_repositories r where r.project_id = p_project));
end;
$function$;

comment on function app.submission_exception_check(p_project uuid) is E'@shape app.submission_exception_gate\nThe refusals of submissions exception, checked before the capture.';
revoke all on function app.submission_exception_check(p_project uuid) from public;
grant execute on function app.submission_exception_check(p_project uuid) to public;
grant execute on function app.submission_exception_check(p_project uuid) to podium_app;
