-- feed unpin: unpin a post (organizers).

CREATE OR REPLACE FUNCTION app.unpin_chat_post(p_post uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  p app.chat_posts := app_private.chat_post_for(ctx, p_post, true);
  c app.chat_channels;
begin
  if p.pinned_at is not null then
    update app.chat_posts x set pinned_at = null, pinned_by = null where x.id = p.id returning * into p;
    select * into c from app.chat_channels x where x.id = p.channel_id;
    perform app_private.chat_publish(c, 'post.unpinned', jsonb_build_object('channelId', c.id, 'postId', p.id));
  end if;
  return app_private.chat_post_json(p, true);
end;
$function$;

comment on function app.unpin_chat_post(p_post uuid) is E'@shape app.chat_post_card\nfeed unpin: unpin a post (organizers).';
revoke all on function app.unpin_chat_post(p_post uuid) from public;
grant execute on function app.unpin_chat_post(p_post uuid) to podium_app;
