-- community coverage: the vote's counts for organizers (ballots submitted and invalidated of the
-- current eligibility, and its voters), as the live kind vote.coverage carries them. Counts only:
-- the audited ballot list is the read that names voters.

CREATE OR REPLACE FUNCTION app.community_coverage()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:read', true);
  v app.vote_eligibility := app_private.current_eligibility(ctx.event_id);
begin
  if v.id is null then
    return jsonb_build_object('eligibilityVersion', null, 'submitted', 0, 'invalidated', 0, 'voters', 0);
  end if;
  return jsonb_build_object(
    'eligibilityVersion', v.version,
    'submitted', (select count(*)::int from app.vote_ballots b where b.eligibility_id = v.id and b.state = 'submitted'),
    'invalidated', (select count(*)::int from app.vote_ballots b where b.eligibility_id = v.id and b.state = 'invalidated'),
    'voters', (select count(*)::int from app.vote_voters t where t.eligibility_id = v.id and t.included));
end $function$;

comment on function app.community_coverage() is E'@shape app.vote_coverage\nThe vote''s coverage for organizers: ballots submitted and invalidated of the current eligibility and its voters (counts only, as the live kind vote.coverage carries them; the audited ballot list names the voters).';
revoke all on function app.community_coverage() from public;
grant execute on function app.community_coverage() to podium_app;
