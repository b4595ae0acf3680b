-- chats replies: a thread's root and one page of its replies, oldest first.

CREATE OR REPLACE FUNCTION app.list_chat_replies(p_channel uuid, p_post uuid, p_limit integer, p_after_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_after_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.chat_read_ctx();
  c app.chat_channels := app_private.chat_channel_for(ctx, p_channel);
  org boolean := ctx.role = 'organizer';
  root app.chat_posts;
begin
  select * into root from app.chat_posts x where x.id = p_post and x.channel_id = c.id and (org or x.hidden_at is null);
  if root.id is null then
    perform app_private.fail('post_not_found', format('There is no post %s in this channel', p_post), jsonb_build_object('postId', p_post));
  end if;
  if root.thread_id is not null then
    perform app_private.fail('not_a_thread_root', 'This post is a reply; its thread is the one of its root post',
      jsonb_build_object('postId', p_post, 'threadId', root.thread_id));
  end if;
  return jsonb_build_object('root', app_private.chat_post_json(root, org), 'items', coalesce((
    select jsonb_agg(app_private.chat_post_json(x, org) order by x.created_at, x.id) from (
      select p.* from app.chat_posts p
      where p.thread_id = root.id and (org or p.hidden_at is null)
        and (p_after_at is null or (p.created_at, p.id) > (p_after_at, p_after_id))
      order by p.created_at, p.id limit least(greatest(coalesce(p_limit, 30), 1), 101)) x), '[]'));
end;
$function$;

comment on function app.list_chat_replies(p_channel uuid, p_post uuid, p_limit integer, p_after_at timestamp with time zone, p_after_id uuid) is E'@shape app.chat_thread_page\nchats replies: a thread''s root and one page of its replies, oldest first.';
revoke all on function app.list_chat_replies(p_channel uuid, p_post uuid, p_limit integer, p_after_at timestamp with time zone, p_after_id uuid) from public;
grant execute on function app.list_chat_replies(p_channel uuid, p_post uuid, p_limit integer, p_after_at timestamp with time zone, p_after_id uuid) to podium_app;
