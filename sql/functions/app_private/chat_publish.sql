-- Publishes a chat event on the live channel of the channel's event (and team), to the roles named.

CREATE OR REPLACE FUNCTION app_private.chat_publish(c app.chat_channels, p_kind text, p_payload jsonb, p_roles text[] DEFAULT ARRAY['participant'::text, 'advisor'::text, 'organizer'::text])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform app_private.live_publish(c.event_id, p_kind, p_roles, c.team_id, p_payload);
end;
$function$;

revoke all on function app_private.chat_publish(c app.chat_channels, p_kind text, p_payload jsonb, p_roles text[]) from public;
