-- The current (locked) eligibility version of an event, or null.

CREATE OR REPLACE FUNCTION app_private.current_eligibility(p_event uuid)
 RETURNS app.vote_eligibility
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from app.vote_eligibility v where v.event_id = p_event and v.unlocked_at is null
$function$;

revoke all on function app_private.current_eligibility(p_event uuid) from public;
