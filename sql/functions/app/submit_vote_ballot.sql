-- community ballot submit: submits a ranking of every candidate but your own team, exactly once
-- each, replacing an earlier submission.

CREATE OR REPLACE FUNCTION app.submit_vote_ballot(p_ranking text[], p_eligibility_version integer, p_expected_revision integer)
 RETURNS jsonb
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select app_private.write_ballot(p_ranking, p_eligibility_version, p_expected_revision, true)
$function$;

comment on function app.submit_vote_ballot(p_ranking text[], p_eligibility_version integer, p_expected_revision integer) is E'@shape app.vote_ballot_revision\ncommunity ballot submit: submits a ranking of every candidate but your own team, exactly once each, replacing an earlier submission.';
revoke all on function app.submit_vote_ballot(p_ranking text[], p_eligibility_version integer, p_expected_revision integer) from public;
grant execute on function app.submit_vote_ballot(p_ranking text[], p_eligibility_version integer, p_expected_revision integer) to podium_app;
