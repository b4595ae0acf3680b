-- The vote section switch: community and deck-generation functions call this first.

CREATE OR REPLACE FUNCTION app_private.require_vote_on(p_event uuid)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if not exists (select 1 from app.events e where e.id = p_event and e.vote_section) then
    perform app_private.fail('vote_off', 'The vote section of this event is off; an organizer turns it on with event vote --on');
  end if;
end;
$function$;

revoke all on function app_private.require_vote_on(p_event uuid) from public;
