-- The rule of who reads a chat channel; the chat tables' row-level security policies say the same.

CREATE OR REPLACE FUNCTION app_private.chat_channel_readable(ctx app_private.event_ctx, c app.chat_channels)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select c.event_id = ctx.event_id
     and (ctx.role in ('organizer', 'advisor')
          or (ctx.role = 'participant' and (c.kind = 'general' or c.team_id = ctx.team_id)))
$function$;

revoke all on function app_private.chat_channel_readable(ctx app_private.event_ctx, c app.chat_channels) from public;
