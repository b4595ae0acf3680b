-- Adds or takes back the caller's reaction to a post (app.add_chat_reaction,
-- app.remove_chat_reaction). Refuses invalid_input (not one emoji), post_hidden, request_resolved,
-- reaction_limit (10 emoji per person per post), post_reaction_limit (50 per post), and the
-- per-account reaction rate; publishes reaction.changed only when something changed. The post's row
-- lock keeps the counts true until commit.

CREATE OR REPLACE FUNCTION app_private.chat_react(p_post uuid, p_emoji text, p_add boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.chat_write_ctx();
  p app.chat_posts := app_private.chat_post_for(ctx, p_post, true);
  c app.chat_channels;
  n int;
  mine int;
  same int;
  this_kind int;
  kinds int;
begin
  select * into c from app.chat_channels x where x.id = p.channel_id;
  if app_private.is_emoji(p_emoji) is not true then
    perform app_private.fail('invalid_input', 'emoji is one emoji (a single emoji character or sequence, at most 16 code points)', jsonb_build_object('field', 'emoji'));
  end if;
  if p.hidden_at is not null then
    perform app_private.fail('post_hidden', 'This post is hidden; restore it first', jsonb_build_object('postId', p.id));
  end if;
  if exists (select 1 from app.help_requests r where r.channel_id = c.id and r.status = 'resolved') then
    perform app_private.fail('request_resolved', 'This help request is resolved: its thread is read-only until it is reopened');
  end if;
  if p_add then
    -- The post's row is locked (chat_post_for), so these counts hold until commit.
    select count(*) filter (where r.user_id = ctx.user_id)::int,
           count(*) filter (where r.user_id = ctx.user_id and r.emoji = p_emoji)::int,
           count(*) filter (where r.emoji = p_emoji)::int,
           count(distinct r.emoji)::int
      into mine, same, this_kind, kinds
      from app.chat_reactions r where r.post_id = p.id;
    if same = 0 and mine >= 10 then
      perform app_private.fail('reaction_limit', 'You have 10 reactions on this post; take one back before adding another',
        jsonb_build_object('postId', p.id, 'limit', 10));
    end if;
    if this_kind = 0 and kinds >= 50 then
      perform app_private.fail('post_reaction_limit', 'This post already has 50 different emoji; react with one it has',
        jsonb_build_object('postId', p.id, 'limit', 50));
    end if;
    insert into app.chat_reactions (post_id, user_id, emoji) values (p.id, ctx.user_id, p_emoji) on conflict do nothing;
  else
    delete from app.chat_reactions r where r.post_id = p.id and r.user_id = ctx.user_id and r.emoji = p_emoji;
  end if;
  get diagnostics n = row_count;
  if n > 0 then
    perform app_private.take_reaction_rate(ctx.user_id);
    perform app_private.chat_publish(c, 'reaction.changed', jsonb_build_object(
      'channelId', c.id, 'postId', p.id, 'emoji', p_emoji,
      'count', (select count(*)::int from app.chat_reactions r where r.post_id = p.id and r.emoji = p_emoji),
      'change', case when p_add then 'added' else 'removed' end,
      'by', jsonb_build_object('id', ctx.user_id, 'name', app_private.author_name(ctx.user_id))));
  end if;
  return jsonb_build_object('postId', p.id, 'reactions', app_private.chat_reactions_json(p.id));
end;
$function$;

revoke all on function app_private.chat_react(p_post uuid, p_emoji text, p_add boolean) from public;
