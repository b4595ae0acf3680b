-- An event's community vote state: unlocked or locked (eligibility) before voting opens, then
-- scheduled, open or closed by the clock.

CREATE OR REPLACE FUNCTION app_private.vote_state(e app.events)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case
    when e.voting_opened_at is null then
      case when exists (select 1 from app.vote_eligibility v where v.event_id = e.id and v.unlocked_at is null) then 'locked' else 'unlocked' end
    when app.now() >= app_private.vote_closes_at(e) then 'closed'
    when app.now() < e.vote_opens_at then 'scheduled'
    else 'open'
  end
$function$;

revoke all on function app_private.vote_state(e app.events) from public;
