-- The caller's event context to write chat: hackathon:write and a participant, advisor or organizer
-- role.

CREATE OR REPLACE FUNCTION app_private.chat_write_ctx()
 RETURNS app_private.event_ctx
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select app_private.role_ctx('hackathon:write', array['participant', 'advisor', 'organizer'])
$function$;

revoke all on function app_private.chat_write_ctx() from public;
