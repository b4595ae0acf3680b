-- submissions exception refused `judging_started`: the message names the actual cause.
-- 000010 said "eligibility is locked; unlock it first" whatever the cause, but the refusal
-- comes from voting having been opened, or from the clock passing the scheduled vote
-- opening (voteOpensAt). Same signature, same checks and codes; only the messages (and the
-- cause in the details) change.
create or replace function app.submission_exception_check(p_project uuid) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  e app.events;
begin
  perform app_private.require_event_scope('hackathon:write');
  ctx := app_private.require_event_role(array['organizer']);
  select * into e from app.events x where x.id = ctx.event_id;
  if not exists (select 1 from app.event_teams t where t.project_id = p_project and t.event_id = e.id) then
    perform app_private.fail('project_not_found', 'No such team in this event', jsonb_build_object('projectId', p_project));
  end if;
  if app.now() < e.freeze_at then
    perform app_private.fail('event_not_closed', format('Exceptions are recorded after the freeze (%s)', app_private.iso(e.freeze_at)));
  end if;
  if e.voting_opened_at is not null then
    perform app_private.fail('judging_started',
      format('Voting opened at %s: exceptions are recorded before voting opens', app_private.iso(e.voting_opened_at)),
      jsonb_build_object('cause', 'voting_opened', 'votingOpenedAt', app_private.iso(e.voting_opened_at)));
  end if;
  if app.now() >= e.vote_opens_at then
    perform app_private.fail('judging_started',
      format('The scheduled vote opening (%s) has passed: exceptions are recorded before voting opens', app_private.iso(e.vote_opens_at)),
      jsonb_build_object('cause', 'vote_opens_at_passed', 'voteOpensAt', app_private.iso(e.vote_opens_at)));
  end if;
  return jsonb_build_object('repository', (select r.full_name from app.team_repositories r where r.project_id = p_project));
end;
$$;
