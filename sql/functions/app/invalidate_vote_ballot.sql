-- community ballots invalidate <id> --reason: after the close; existing results are
-- recalculated in the same transaction.

CREATE OR REPLACE FUNCTION app.invalidate_vote_ballot(p_ballot uuid, p_reason text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:write', true);
  e app.events;
  v app.vote_eligibility;
  b app.vote_ballots;
  st text;
  reason text := trim(p_reason);
  rc jsonb;
begin
  if reason is null or length(reason) not between 1 and 500 or reason ~ '[[:cntrl:]]' then
    perform app_private.fail('invalid_input', 'reason must be 1 to 500 characters on one line', '{"field":"reason"}');
  end if;
  select * into e from app.events x where x.id = ctx.event_id for update;
  st := app_private.vote_state(e);
  if st <> 'closed' then
    perform app_private.fail('voting_not_closed', format('Ballots are invalidated once voting is closed (now %s)', st), jsonb_build_object('voteState', st));
  end if;
  v := app_private.current_eligibility(e.id);
  select * into b from app.vote_ballots x where x.id = p_ballot and x.event_id = e.id and x.eligibility_id = v.id for update;
  if b.id is null then
    perform app_private.fail('not_found', format('No ballot %s in eligibility version %s', coalesce(p_ballot::text, 'null'), v.version), jsonb_build_object('ballotId', p_ballot));
  end if;
  if b.state = 'invalidated' then
    perform app_private.fail('ballot_invalidated', format('This ballot was invalidated at %s (%s)', app_private.iso(b.invalidated_at), b.invalidation_reason),
      jsonb_build_object('invalidatedAt', app_private.iso(b.invalidated_at), 'invalidationReason', b.invalidation_reason));
  end if;
  if b.state <> 'submitted' then
    perform app_private.fail('ballot_not_submitted', 'This ballot is a draft that was never submitted: nothing to invalidate', jsonb_build_object('state', b.state));
  end if;
  update app.vote_ballots x set state = 'invalidated', invalidated_at = app.now(), invalidated_by = ctx.user_id, invalidation_reason = reason
   where x.id = b.id returning * into b;
  if exists (select 1 from app.vote_results r where r.eligibility_id = v.id) then
    rc := app_private.vote_calculate(e.id, ctx.user_id);
  end if;
  return jsonb_build_object('ballot', jsonb_build_object('id', b.id, 'email', (select t.email from app.vote_voters t where t.id = b.voter_id),
      'state', b.state, 'invalidatedAt', app_private.iso(b.invalidated_at), 'invalidationReason', b.invalidation_reason),
    'recalculated', rc);
end;
$function$;

comment on function app.invalidate_vote_ballot(p_ballot uuid, p_reason text) is E'@shape app.vote_ballot_invalidation\ncommunity ballots invalidate: invalidates a submitted ballot after the close and recalculates existing results (voting_not_closed, not_found, ballot_invalidated, ballot_not_submitted).';
revoke all on function app.invalidate_vote_ballot(p_ballot uuid, p_reason text) from public;
grant execute on function app.invalidate_vote_ballot(p_ballot uuid, p_reason text) to podium_app;
