-- The id of the event's general channel (the feed).

CREATE OR REPLACE FUNCTION app.feed_channel_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select x.id from app.chat_channels x where x.event_id = (app_private.chat_read_ctx()).event_id and x.kind = 'general'
$function$;

comment on function app.feed_channel_id() is 'The id of the event''s general channel (the feed).';
revoke all on function app.feed_channel_id() from public;
grant execute on function app.feed_channel_id() to podium_app;
