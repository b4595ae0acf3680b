-- The chat channel the caller may read in this event, or channel_not_found (also for a channel of a
-- team that is not theirs, so its existence does not leak).

CREATE OR REPLACE FUNCTION app_private.chat_channel_for(ctx app_private.event_ctx, p_channel uuid)
 RETURNS app.chat_channels
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c app.chat_channels;
begin
  select * into c from app.chat_channels x where x.id = p_channel;
  if c.id is null or app_private.chat_channel_readable(ctx, c) is not true then
    perform app_private.fail('channel_not_found', format('There is no channel %s you may read in this event', p_channel),
      jsonb_build_object('channelId', p_channel));
  end if;
  return c;
end;
$function$;

revoke all on function app_private.chat_channel_for(ctx app_private.event_ctx, p_channel uuid) from public;
