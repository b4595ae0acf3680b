-- A channel as the caller sees it: the channel and its pinned posts, newest pin first (hidden ones
-- only for organizers).

CREATE OR REPLACE FUNCTION app_private.chat_channel_view(ctx app_private.event_ctx, c app.chat_channels)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object('channel', app_private.chat_channel_json(c),
    'pinned', coalesce((select jsonb_agg(app_private.chat_post_json(p, ctx.role = 'organizer') order by p.pinned_at desc, p.id desc)
                        from app.chat_posts p where p.channel_id = c.id and p.pinned_at is not null), '[]'))
$function$;

revoke all on function app_private.chat_channel_view(ctx app_private.event_ctx, c app.chat_channels) from public;
