-- A channel you may read and its pinned posts, newest pin first.

CREATE OR REPLACE FUNCTION app.show_chat_channel(p_channel uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.chat_read_ctx();
begin
  return app_private.chat_channel_view(ctx, app_private.chat_channel_for(ctx, p_channel));
end;
$function$;

comment on function app.show_chat_channel(p_channel uuid) is E'@shape app.chat_channel_view\nA channel you may read and its pinned posts, newest pin first.';
revoke all on function app.show_chat_channel(p_channel uuid) from public;
grant execute on function app.show_chat_channel(p_channel uuid) to podium_app;
