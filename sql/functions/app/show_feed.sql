-- feed show: the general channel and its pinned posts, newest pin first.

CREATE OR REPLACE FUNCTION app.show_feed()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.chat_read_ctx();
  c app.chat_channels;
begin
  select * into c from app.chat_channels x where x.event_id = ctx.event_id and x.kind = 'general';
  return app_private.chat_channel_view(ctx, c);
end;
$function$;

comment on function app.show_feed() is E'@shape app.chat_channel_view\nfeed show: the general channel and its pinned posts, newest pin first.';
revoke all on function app.show_feed() from public;
grant execute on function app.show_feed() to podium_app;
