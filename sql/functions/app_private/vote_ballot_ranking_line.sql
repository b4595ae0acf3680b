-- app_private.vote_ballot_ranking_line: the rule is the body below.

CREATE OR REPLACE FUNCTION app_private.vote_ballot_ranking_line()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.ranking_length := cardinality(new.ranking);
  new.ranking_line := array_to_string(new.ranking, ',');
  return new;
end;
$function$;

revoke all on function app_private.vote_ballot_ranking_line() from public;
