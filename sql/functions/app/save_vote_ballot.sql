-- community ballot save: saves a draft ranking (partial or empty; never withdraws a submission)
-- at the expected revision and eligibility version.

CREATE OR REPLACE FUNCTION app.save_vote_ballot(p_ranking text[], p_eligibility_version integer, p_expected_revision integer)
 RETURNS jsonb
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select app_private.write_ballot(p_ranking, p_eligibility_version, p_expected_revision, false)
$function$;

comment on function app.save_vote_ballot(p_ranking text[], p_eligibility_version integer, p_expected_revision integer) is E'@shape app.vote_ballot_revision\ncommunity ballot save: saves a draft ranking (partial or empty; never withdraws a submission) at the expected revision and eligibility version.';
revoke all on function app.save_vote_ballot(p_ranking text[], p_eligibility_version integer, p_expected_revision integer) from public;
grant execute on function app.save_vote_ballot(p_ranking text[], p_eligibility_version integer, p_expected_revision integer) to podium_app;
