-- A chat post of a channel the caller may read, locked for update when p_lock; a hidden post is
-- visible to organizers only. Refuses post_not_found otherwise.

CREATE OR REPLACE FUNCTION app_private.chat_post_for(ctx app_private.event_ctx, p_post uuid, p_lock boolean)
 RETURNS app.chat_posts
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p app.chat_posts;
  c app.chat_channels;
begin
  if p_lock then
    select * into p from app.chat_posts x where x.id = p_post for no key update;
  else
    select * into p from app.chat_posts x where x.id = p_post;
  end if;
  select * into c from app.chat_channels x where x.id = p.channel_id;
  if p.id is null or app_private.chat_channel_readable(ctx, c) is not true or (p.hidden_at is not null and ctx.role <> 'organizer') then
    perform app_private.fail('post_not_found', format('There is no post %s in this channel', p_post), jsonb_build_object('postId', p_post));
  end if;
  return p;
end;
$function$;

revoke all on function app_private.chat_post_for(ctx app_private.event_ctx, p_post uuid, p_lock boolean) from public;
