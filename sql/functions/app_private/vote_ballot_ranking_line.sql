-- Trigger before a ballot's ranking is written: stores its length and its comma-joined line, so the
-- tally reads lengths without detoasting the array and the canonical digest orders ballots by line.

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
