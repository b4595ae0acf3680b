-- feed restore: make a hidden post visible again, without reactions (organizers).

CREATE OR REPLACE FUNCTION app.restore_chat_post(p_post uuid)
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
    update app.chat_posts x set hidden_at = null, hidden_reason = null, hidden_by = null where x.id = p.id returning * into p;
    delete from app.chat_reactions r where r.post_id = p.id;
    select * into c from app.chat_channels x where x.id = p.channel_id;
    perform app_private.chat_publish(c, 'post.restored', jsonb_build_object('channelId', c.id, 'post', app_private.chat_post_json(p, false)));
  end if;
  return app_private.chat_post_json(p, true);
end;
$function$;

comment on function app.restore_chat_post(p_post uuid) is E'@shape app.chat_post_card\nfeed restore: make a hidden post visible again, without reactions (organizers).';
revoke all on function app.restore_chat_post(p_post uuid) from public;
grant execute on function app.restore_chat_post(p_post uuid) to podium_app;
