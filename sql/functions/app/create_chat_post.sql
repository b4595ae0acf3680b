-- chats post / feed post: a root post, or a reply to a root post (p_thread). Plain text 1 to 4000
-- characters; 10 posts a minute per account.

CREATE OR REPLACE FUNCTION app.create_chat_post(p_channel uuid, p_body text, p_thread uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.chat_write_ctx();
  c app.chat_channels := app_private.chat_channel_for(ctx, p_channel);
  req app.help_requests;
  root app.chat_posts;
  p app.chat_posts;
begin
  perform app_private.check_post_body(p_body);
  if c.kind = 'request' then
    select * into req from app.help_requests r where r.channel_id = c.id for share;
    if req.status = 'resolved' then
      perform app_private.fail('request_resolved', 'This help request is resolved: its thread is read-only until it is reopened',
        jsonb_build_object('requestId', req.id));
    end if;
  end if;
  if p_thread is not null then
    select * into root from app.chat_posts x where x.id = p_thread and x.channel_id = c.id and (ctx.role = 'organizer' or x.hidden_at is null);
    if root.id is null then
      perform app_private.fail('post_not_found', format('There is no post %s in this channel', p_thread), jsonb_build_object('postId', p_thread));
    end if;
    if root.thread_id is not null then
      perform app_private.fail('not_a_thread_root', 'Reply to the thread''s root post, not to a reply',
        jsonb_build_object('postId', p_thread, 'threadId', root.thread_id));
    end if;
  end if;
  perform app_private.take_post_rate(ctx.user_id);
  insert into app.chat_posts (channel_id, thread_id, author_id, author_role, body, created_at)
    values (c.id, root.id, ctx.user_id, ctx.role, p_body, app_private.ms(app.now()))
    returning * into p;
  perform app_private.chat_publish(c, 'post.created', jsonb_build_object('channelId', c.id, 'post', app_private.chat_post_json(p, false)));
  return app_private.chat_post_json(p, ctx.role = 'organizer');
end;
$function$;

comment on function app.create_chat_post(p_channel uuid, p_body text, p_thread uuid) is E'@shape app.chat_post_card\nchats post / feed post: a root post, or a reply to a root post (p_thread). Plain text 1 to 4000 characters; 10 posts a minute per account.';
revoke all on function app.create_chat_post(p_channel uuid, p_body text, p_thread uuid) from public;
grant execute on function app.create_chat_post(p_channel uuid, p_body text, p_thread uuid) to podium_app;
