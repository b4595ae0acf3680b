-- feed hide: hide a post with a reason of 1 to 500 characters seen by organizers only; unpins it
-- and clears its reactions (organizers). Hiding again replaces the reason.

CREATE OR REPLACE FUNCTION app.hide_chat_post(p_post uuid, p_reason text)
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
  if p_reason is null or btrim(p_reason) = '' or length(p_reason) > 500 then
    perform app_private.fail('invalid_input', 'reason must be 1 to 500 characters', jsonb_build_object('field', 'reason'));
  end if;
  if p_reason ~ '[\x01-\x1f\x7f-\x9f]' then
    perform app_private.fail('invalid_input', 'reason is one line without control characters', jsonb_build_object('field', 'reason'));
  end if;
  update app.chat_posts x set hidden_at = app_private.ms(app.now()), hidden_reason = p_reason, hidden_by = ctx.user_id,
      pinned_at = null, pinned_by = null
    where x.id = p.id returning * into p;
  delete from app.chat_reactions r where r.post_id = p.id;
  select * into c from app.chat_channels x where x.id = p.channel_id;
  perform app_private.chat_publish(c, 'post.hidden', jsonb_build_object('channelId', c.id, 'postId', p.id, 'reason', p_reason), array['organizer']);
  perform app_private.chat_publish(c, 'post.hidden', jsonb_build_object('channelId', c.id, 'postId', p.id), array['participant', 'advisor']);
  return app_private.chat_post_json(p, true);
end;
$function$;

comment on function app.hide_chat_post(p_post uuid, p_reason text) is E'@shape app.chat_post_card\nfeed hide: hide a post with a reason of 1 to 500 characters seen by organizers only; unpins it and clears its reactions (organizers). Hiding again replaces the reason.';
revoke all on function app.hide_chat_post(p_post uuid, p_reason text) from public;
grant execute on function app.hide_chat_post(p_post uuid, p_reason text) to podium_app;
