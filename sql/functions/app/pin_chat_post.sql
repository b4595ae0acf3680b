-- feed pin: pin a post of any channel of the event (organizers; post_hidden for a hidden post).

CREATE OR REPLACE FUNCTION app.pin_chat_post(p_post uuid)
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
  if p.hidden_at is not null then
    perform app_private.fail('post_hidden', 'A hidden post cannot be pinned; restore it first', jsonb_build_object('postId', p.id));
  end if;
  if p.pinned_at is null then
    update app.chat_posts x set pinned_at = app_private.ms(app.now()), pinned_by = ctx.user_id where x.id = p.id returning * into p;
    select * into c from app.chat_channels x where x.id = p.channel_id;
    perform app_private.chat_publish(c, 'post.pinned', jsonb_build_object('channelId', c.id, 'postId', p.id));
  end if;
  return app_private.chat_post_json(p, true);
end;
$function$;

comment on function app.pin_chat_post(p_post uuid) is E'@shape app.chat_post_card\nfeed pin: pin a post of any channel of the event (organizers; post_hidden for a hidden post).';
revoke all on function app.pin_chat_post(p_post uuid) from public;
grant execute on function app.pin_chat_post(p_post uuid) to podium_app;
