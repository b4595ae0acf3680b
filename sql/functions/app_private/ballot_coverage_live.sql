-- Trigger: a ballot submitted (again) or invalidated publishes the coverage live to organizers
-- (kind vote.coverage).

CREATE OR REPLACE FUNCTION app_private.ballot_coverage_live()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v app.vote_eligibility;
begin
  -- The lock first, then the counts: of two ballots submitted at once the later commit counts
  -- both (app_private.live_lock says why).
  perform app_private.live_lock(new.event_id);
  select * into v from app.vote_eligibility x where x.id = new.eligibility_id;
  perform app_private.live_publish(new.event_id, 'vote.coverage', array['organizer'], null,
    jsonb_build_object(
      'eligibilityVersion', v.version,
      'change', new.state,
      'at', app_private.iso(coalesce(new.invalidated_at, new.submitted_at)),
      'submitted', (select count(*)::int from app.vote_ballots b where b.eligibility_id = new.eligibility_id and b.state = 'submitted'),
      'invalidated', (select count(*)::int from app.vote_ballots b where b.eligibility_id = new.eligibility_id and b.state = 'invalidated'),
      'voters', (select count(*)::int from app.vote_voters t where t.eligibility_id = new.eligibility_id and t.included)));
  return null;
end;
$function$;

comment on function app_private.ballot_coverage_live() is 'Trigger: a ballot submitted (again) or invalidated publishes the coverage live to organizers (kind vote.coverage).';
revoke all on function app_private.ballot_coverage_live() from public;
