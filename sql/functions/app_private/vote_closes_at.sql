-- The vote state, from the event and the clock (docs/VOTING.md): `unlocked` (no eligibility
-- lock), `locked` (locked, voting not opened), `scheduled` (voting opened by an organizer and
-- the configured vote opening still ahead), `open` (from the vote opening to the close),
-- `closed` (closed by an organizer, or the configured close reached: the first of the two).

CREATE OR REPLACE FUNCTION app_private.vote_closes_at(e app.events)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select least(e.voting_closed_at, e.vote_closes_at) $function$;

revoke all on function app_private.vote_closes_at(e app.events) from public;
