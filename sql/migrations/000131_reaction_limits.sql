-- Bounded reactions (issue 26, finding 3). One participant added 600 distinct reactions to
-- one post in about 5 s, and each `reaction.changed` carried the post's whole reaction list,
-- so one open stream received 10.1 MB, growing with the square of the count. Now:
--   * an emoji is one emoji: a single pictograph (with its presentation selector and skin
--     tone), a ZWJ sequence of them, a flag (two regional indicators or a tag sequence) or a
--     keycap; at most 16 code points;
--   * a person holds at most 10 different emoji on one post (`reaction_limit`), and a post
--     carries at most 50 different emoji (`post_reaction_limit`); reacting with an emoji the
--     post already has is always possible within one's own 10;
--   * reacting is rated like posting: 30 changes (adds and removals that change something) a
--     minute per account, counted in SQL under a per-account advisory lock; the 31st answers
--     `rate_limited`; a no-op (again, or removing what is not there) never counts;
--   * `reaction.changed` carries the change, not the list: `{ channelId, postId, emoji, count,
--     change: 'added' | 'removed', by: { id, name } }`, its size independent of how many
--     reactions the post has. The answer to the caller keeps `{ postId, reactions }` (at most
--     50 entries now).

-- What an emoji is (a single grapheme of the emoji kinds; see the comment above).
create function app_private.is_emoji(p text) returns boolean
  language sql immutable parallel safe
  set search_path = ''
as $$
  select p is not null and char_length(p) between 1 and 16 and p ~ (
    '^(?:'
    -- a pictograph with an optional presentation selector and skin tone, joined by ZWJ
    || '(?:[\u00A9\u00AE\u203C\u2049\u2122\u2139\u2194-\u21AA\u231A-\u23FF\u24C2\u25AA-\u25FE\u2600-\u27BF\u2934\u2935\u2B05-\u2B55\u3030\u303D\u3297\u3299\U0001F000-\U0001F1E5\U0001F200-\U0001FAFF][\uFE0E\uFE0F]?[\U0001F3FB-\U0001F3FF]?)'
    || '(?:\u200D[\u2640\u2642\u2695\u2696\u2708\u2764\u27A1\u2600-\u27BF\U0001F000-\U0001F1E5\U0001F200-\U0001FAFF][\uFE0E\uFE0F]?[\U0001F3FB-\U0001F3FF]?)*'
    -- a flag: two regional indicators, or a black flag with tags
    || '|[\U0001F1E6-\U0001F1FF]{2}'
    || '|\U0001F3F4[\U000E0020-\U000E007E]+\U000E007F'
    -- a keycap
    || '|[0-9#*]\uFE0F?\u20E3'
    || ')$')
$$;
comment on function app_private.is_emoji(text) is
  'One emoji: a pictograph (presentation selector, skin tone), a ZWJ sequence of them, a flag or a keycap; at most 16 code points.';

-- Reaction changes of the last minute, per account: the rate counts these (rows go when a
-- reaction is taken back, so the reactions table cannot say how often someone changed them).
create table app_private.reaction_changes (
  user_id uuid not null references app.users (id) on delete cascade,
  at timestamptz not null
);
create index reaction_changes_user_at_idx on app_private.reaction_changes (user_id, at);
comment on table app_private.reaction_changes is 'When each account changed a reaction (kept one minute): the reaction rate counts them.';

-- The reaction rate: 30 changes a minute per account, decided here under a per-account
-- advisory lock held until commit, like app_private.take_post_rate; exact across replicas. A
-- refused or rolled-back change never counts.
create function app_private.take_reaction_rate(p_user uuid) returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  now_ timestamptz := app.now();
  n int;
  oldest timestamptz;
  wait int;
begin
  perform pg_advisory_xact_lock(hashtextextended('podium.reaction_rate:' || p_user::text, 0));
  delete from app_private.reaction_changes r where r.user_id = p_user and r.at <= now_ - interval '60 seconds';
  select count(*)::int, min(x.at) into n, oldest from (
    select r.at from app_private.reaction_changes r
    where r.user_id = p_user and r.at > now_ - interval '60 seconds'
    order by r.at desc limit 30) x;
  if n >= 30 then
    wait := greatest(1, ceil(extract(epoch from (oldest + interval '60 seconds' - now_)))::int);
    perform app_private.fail('rate_limited', format('You may react 30 times a minute; react again in %s seconds', wait),
      jsonb_build_object('retryAfterSeconds', wait, 'limit', 30, 'windowSeconds', 60));
  end if;
  insert into app_private.reaction_changes (user_id, at) values (p_user, now_);
end;
$$;
comment on function app_private.take_reaction_rate(uuid) is 'The reaction rate (30 changes a minute per account), counted in SQL under a per-account advisory lock: exact across replicas.';

create or replace function app_private.chat_react(p_post uuid, p_emoji text, p_add boolean) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
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
$$;

comment on function app.add_chat_reaction(uuid, text) is
  'React to a post you may read with one emoji (once per emoji; again is a no-op). At most 10 different emoji per person per post, 50 per post; 30 reaction changes a minute per account.';
comment on function app.remove_chat_reaction(uuid, text) is
  'Take your reaction back (absent is a no-op). A removal counts toward the 30 reaction changes a minute per account.';
