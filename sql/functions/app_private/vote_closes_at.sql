-- When the vote closes: an organizer's early close or the configured close, whichever comes first.

CREATE OR REPLACE FUNCTION app_private.vote_closes_at(e app.events)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select least(e.voting_closed_at, e.vote_closes_at) $function$;

revoke all on function app_private.vote_closes_at(e app.events) from public;
