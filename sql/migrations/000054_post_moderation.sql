-- Post moderation (spec, States "Post moderation"): organizers pin, unpin, hide with a reason
-- and restore posts of any channel of the event, by post id. A hidden post cannot be pinned
-- (post_hidden); hiding unpins it and clears its reactions; restoring brings it back without
-- reactions. The hide reason is seen by organizers only: the live log gets two rows, the
-- reason in one for organizers, none in the other for participants and advisors.
-- Pinning what is pinned, unpinning what is not, restoring what is visible: no-ops that
-- answer the post and publish nothing.

create function app.pin_chat_post(p_post uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
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
$$;
comment on function app.pin_chat_post(uuid) is 'feed pin: pin a post of any channel of the event (organizers; post_hidden for a hidden post).';

create function app.unpin_chat_post(p_post uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
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
$$;
comment on function app.unpin_chat_post(uuid) is 'feed unpin: unpin a post (organizers).';

create function app.hide_chat_post(p_post uuid, p_reason text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
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
$$;
comment on function app.hide_chat_post(uuid, text) is 'feed hide: hide a post with a reason of 1 to 500 characters seen by organizers only; unpins it and clears its reactions (organizers). Hiding again replaces the reason.';

create function app.restore_chat_post(p_post uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
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
$$;
comment on function app.restore_chat_post(uuid) is 'feed restore: make a hidden post visible again, without reactions (organizers).';

grant execute on function app.pin_chat_post(uuid), app.unpin_chat_post(uuid), app.hide_chat_post(uuid, text), app.restore_chat_post(uuid) to podium_app;
