-- The vote's window as every answer carrying it says it (community status, voting open and close):
-- state, opening, close, actual opening and close, server time, and the event's time zone so
-- clients print its own time beside UTC.

CREATE OR REPLACE FUNCTION app_private.vote_window_json(e app.events)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'voteState', app_private.vote_state(e),
    'opensAt', app_private.iso(e.vote_opens_at),
    'closesAt', app_private.iso(case when e.voting_opened_at is null then e.vote_closes_at else app_private.vote_closes_at(e) end),
    'votingOpenedAt', app_private.iso(e.voting_opened_at),
    'votingClosedAt', app_private.iso(case when e.voting_opened_at is not null and app.now() >= app_private.vote_closes_at(e) then app_private.vote_closes_at(e) end),
    'serverTime', app_private.iso(app.now()),
    'timezone', e.timezone)
$function$;

revoke all on function app_private.vote_window_json(e app.events) from public;
