-- chats read / feed list: a channel's root posts, newest first (hidden ones for organizers only).

CREATE OR REPLACE FUNCTION app.list_chat_posts(p_channel uuid, p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.chat_read_ctx();
  c app.chat_channels := app_private.chat_channel_for(ctx, p_channel);
  org boolean := ctx.role = 'organizer';
begin
  return coalesce((
    select jsonb_agg(app_private.chat_post_json(x, org) order by x.created_at desc, x.id desc) from (
      select p.* from app.chat_posts p
      where p.channel_id = c.id and p.thread_id is null and (org or p.hidden_at is null)
        and (p_before_at is null or (p.created_at, p.id) < (p_before_at, p_before_id))
      order by p.created_at desc, p.id desc limit least(greatest(coalesce(p_limit, 30), 1), 101)) x), '[]');
end;
$function$;

comment on function app.list_chat_posts(p_channel uuid, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) is E'@shape app.chat_post_card[]\nchats read / feed list: a channel''s root posts, newest first (hidden ones for organizers only).';
revoke all on function app.list_chat_posts(p_channel uuid, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) from public;
grant execute on function app.list_chat_posts(p_channel uuid, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to podium_app;
