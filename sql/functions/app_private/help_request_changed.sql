-- Publishes request.changed on the event's live channel (the team's and organizers' and advisors'
-- view) and answers the request's JSON.

CREATE OR REPLACE FUNCTION app_private.help_request_changed(r app.help_requests)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  rec jsonb := app_private.help_request_json(r);
begin
  perform app_private.live_publish(r.event_id, 'request.changed', array['participant', 'advisor', 'organizer'], r.team_id,
    jsonb_build_object('request', rec));
  return rec;
end;
$function$;

revoke all on function app_private.help_request_changed(r app.help_requests) from public;
