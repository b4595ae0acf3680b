-- community ballots list: every ballot of the current eligibility version (email, state,
-- revision, times, invalidation), never a ranking; each read is recorded in vote_ballot_reads.

CREATE OR REPLACE FUNCTION app_private.community_ballots()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:read', true);
  v app.vote_eligibility;
  items jsonb;
begin
  v := app_private.current_eligibility(ctx.event_id);
  if v.id is null then
    perform app_private.fail('eligibility_not_locked', 'Eligibility is not locked: there are no ballots yet');
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('id', b.id, 'email', t.email, 'name', t.name, 'team', app_private.team_ref_json(t.team_id),
      'state', b.state, 'revision', b.revision, 'submittedAt', app_private.iso(b.submitted_at),
      'invalidatedAt', app_private.iso(b.invalidated_at), 'invalidationReason', b.invalidation_reason)
      order by app_private.normalize_email(t.email)), '[]')
    into items
    from app.vote_ballots b join app.vote_voters t on t.id = b.voter_id
   where b.eligibility_id = v.id;
  insert into app.vote_ballot_reads (event_id, eligibility_id, user_id, email, at, ballots)
  select ctx.event_id, v.id, ctx.user_id, u.email, app.now(), jsonb_array_length(items) from app.users u where u.id = ctx.user_id;
  return jsonb_build_object('eligibilityVersion', v.version, 'items', items, 'nextCursor', null);
end;
$function$;

comment on function app_private.community_ballots() is 'community ballots list: every ballot of the current eligibility version (email, state, revision, times, invalidation), never a ranking; each read is recorded in vote_ballot_reads.';
revoke all on function app_private.community_ballots() from public;
grant execute on function app_private.community_ballots() to podium_app;
