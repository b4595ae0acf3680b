-- Chats and the feed: reading channels and posts, posting (with the posting rate), threads and
-- reactions. Moderation (pin, hide, restore) is 000054, help requests 000055, activity items
-- 000056. Every change is published to the live log (000050) in its own transaction; a team
-- chat's or a request thread's rows carry the team, so participants of other teams never
-- receive them.

-- The one name shown for an author, everywhere (JSON, CLI lines, claimed-by): an erased
-- account (or an author row gone) is `(erased account)`.
create function app_private.author_name(p_user uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select case when u.erased_at is not null then '(erased account)' else coalesce(u.name, u.email) end
       from app.users u where u.id = p_user),
    '(erased account)')
$$;
comment on function app_private.author_name(uuid) is 'The display name of an author: (erased account) once erased (or gone), else the name, else the email.';

-- The rule of who reads a channel (the policies of 000052 say the same).
create function app_private.chat_channel_readable(ctx app_private.event_ctx, c app.chat_channels) returns boolean
language sql stable set search_path = '' as $$
  select c.event_id = ctx.event_id
     and (ctx.role in ('organizer', 'advisor')
          or (ctx.role = 'participant' and (c.kind = 'general' or c.team_id = ctx.team_id)))
$$;

-- The audience of a channel's live rows: general has no team; team chats and threads carry theirs.
create function app_private.chat_publish(c app.chat_channels, p_kind text, p_payload jsonb,
    p_roles text[] default array['participant', 'advisor', 'organizer']) returns void
language sql volatile set search_path = '' as $$
  select app_private.live_publish(c.event_id, p_kind, p_roles, c.team_id, p_payload)
$$;

create function app_private.chat_channel_json(c app.chat_channels) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', c.id, 'kind', c.kind,
    'name', case c.kind
              when 'general' then 'General'
              when 'team' then (select p.name from app.projects p where p.id = c.team_id)
              else (select r.title from app.help_requests r where r.channel_id = c.id) end,
    'team', (select jsonb_build_object('id', p.id, 'name', p.name) from app.projects p where p.id = c.team_id),
    'request', (select jsonb_build_object('id', r.id, 'status', r.status) from app.help_requests r where r.channel_id = c.id),
    'createdAt', app_private.iso(c.created_at))
$$;

create function app_private.chat_reactions_json(p_post uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('emoji', x.emoji, 'count', x.n) order by x.n desc, x.emoji), '[]')
  from (select r.emoji, count(*)::int as n from app.chat_reactions r where r.post_id = p_post group by r.emoji) x
$$;
comment on function app_private.chat_reactions_json(uuid) is 'A post''s reactions: one entry per emoji with its count, most used first.';

-- A post as the wire shows it. `p_organizer`: the reader organizes (sees hidden replies in the
-- count and the hide reason). A request card's activity carries the request's live state.
create function app_private.chat_post_json(p app.chat_posts, p_organizer boolean) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', p.id, 'channelId', p.channel_id, 'threadId', p.thread_id, 'at', app_private.iso(p.created_at),
    'kind', p.kind,
    'author', case when p.kind = 'post' then jsonb_build_object('id', p.author_id, 'name', app_private.author_name(p.author_id)) end,
    'role', p.author_role,
    'body', p.body,
    'activity', case
      when p.kind = 'request' then p.activity || coalesce((
        select jsonb_build_object('title', r.title, 'status', r.status,
          'claimedBy', case when r.claimed_by is null then null else jsonb_build_object('id', r.claimed_by, 'name', app_private.author_name(r.claimed_by)) end)
        from app.help_requests r where r.id = (p.activity ->> 'requestId')::uuid), '{}')
      else p.activity end,
    'pinned', p.pinned_at is not null,
    'pinnedAt', app_private.iso(p.pinned_at),
    'hidden', p.hidden_at is not null,
    'hiddenReason', case when p_organizer then p.hidden_reason end,
    'replyCount', (select count(*)::int from app.chat_posts r where r.thread_id = p.id and (p_organizer or r.hidden_at is null)),
    'reactions', app_private.chat_reactions_json(p.id))
$$;

-- The channel the caller names, if they may read it: another team's chat answers exactly like
-- one that does not exist (channel_not_found), so nothing tells them it is there.
create function app_private.chat_channel_for(ctx app_private.event_ctx, p_channel uuid) returns app.chat_channels
language plpgsql stable security definer set search_path = '' as $$
declare
  c app.chat_channels;
begin
  select * into c from app.chat_channels x where x.id = p_channel;
  if c.id is null or not app_private.chat_channel_readable(ctx, c) then
    perform app_private.fail('channel_not_found', format('There is no channel %s you may read in this event', p_channel),
      jsonb_build_object('channelId', p_channel));
  end if;
  return c;
end;
$$;

-- A post of this event the caller may read, by id (pins and moderation work on any channel's
-- posts by id). Unknown, another team's, or hidden from a non-organizer: post_not_found, with
-- the spec's sentence.
create function app_private.chat_post_for(ctx app_private.event_ctx, p_post uuid, p_lock boolean) returns app.chat_posts
language plpgsql volatile security definer set search_path = '' as $$
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
  if p.id is null or not app_private.chat_channel_readable(ctx, c) or (p.hidden_at is not null and ctx.role <> 'organizer') then
    perform app_private.fail('post_not_found', format('There is no post %s in this channel', p_post), jsonb_build_object('postId', p_post));
  end if;
  return p;
end;
$$;

create function app_private.check_post_body(p_body text, p_field text default 'body') returns void
language plpgsql immutable set search_path = '' as $$
begin
  if p_body is null or btrim(p_body, E' \t\n') = '' then
    perform app_private.fail('invalid_input', format('%s is empty: write 1 to 4000 characters', p_field), jsonb_build_object('field', p_field));
  end if;
  if length(p_body) > 4000 then
    perform app_private.fail('invalid_input', format('%s is %s characters; at most 4000', p_field, length(p_body)), jsonb_build_object('field', p_field));
  end if;
  if p_body ~ '[\x01-\x08\x0b-\x1f\x7f-\x9f]' then
    perform app_private.fail('invalid_input', format('%s holds a control character; only newlines and tabs are kept', p_field), jsonb_build_object('field', p_field));
  end if;
end;
$$;

-- The posting rate: 10 posts per minute per account, decided here, with the post, in its
-- transaction: one account's posts take turns on an advisory lock held until commit, then
-- count their committed posts of the last 60 seconds. Exact across any number of API
-- replicas (and over GraphQL, which calls the same function); a refused or rolled-back post
-- never counts. The eleventh answers rate_limited with the seconds until the oldest of the
-- last ten leaves the window.
create function app_private.take_post_rate(p_user uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  now_ timestamptz := app.now();
  n int;
  tenth timestamptz;
  wait int;
begin
  perform pg_advisory_xact_lock(hashtextextended('podium.post_rate:' || p_user::text, 0));
  select count(*)::int, min(x.created_at) into n, tenth from (
    select p.created_at from app.chat_posts p
    where p.author_id = p_user and p.created_at > now_ - interval '60 seconds'
    order by p.created_at desc limit 10) x;
  if n >= 10 then
    wait := greatest(1, ceil(extract(epoch from (tenth + interval '60 seconds' - now_)))::int);
    perform app_private.fail('rate_limited', format('You may post 10 times a minute; post again in %s seconds', wait),
      jsonb_build_object('retryAfterSeconds', wait, 'limit', 10, 'windowSeconds', 60));
  end if;
end;
$$;
comment on function app_private.take_post_rate(uuid) is 'The posting rate (10 posts a minute per account), counted in SQL under a per-account advisory lock: exact across replicas.';

create function app_private.chat_read_ctx() returns app_private.event_ctx
language sql stable set search_path = '' as $$
  select app_private.role_ctx('hackathon:read', array['participant', 'advisor', 'organizer'])
$$;

create function app_private.chat_write_ctx() returns app_private.event_ctx
language sql stable set search_path = '' as $$
  select app_private.role_ctx('hackathon:write', array['participant', 'advisor', 'organizer'])
$$;

-- Reading.

create function app.list_chat_channels() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.chat_read_ctx();
begin
  return coalesce((
    select jsonb_agg(app_private.chat_channel_json(c) order by
        case c.kind when 'general' then 0 when 'team' then 1 else 2 end,
        case when c.kind = 'team' then lower(p.name) end,
        case when c.kind = 'request' then c.created_at end desc, c.id)
    from app.chat_channels c
    left join app.projects p on p.id = c.team_id
    where app_private.chat_channel_readable(ctx, c)
      and (c.kind <> 'team' or exists (select 1 from app.event_teams t where t.project_id = c.team_id and t.event_id = ctx.event_id and t.left_at is null))), '[]');
end;
$$;
comment on function app.list_chat_channels() is 'chats list: the channels you may read: general first, then team chats by name, then request threads newest first.';

create function app_private.chat_channel_view(ctx app_private.event_ctx, c app.chat_channels) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('channel', app_private.chat_channel_json(c),
    'pinned', coalesce((select jsonb_agg(app_private.chat_post_json(p, ctx.role = 'organizer') order by p.pinned_at desc, p.id desc)
                        from app.chat_posts p where p.channel_id = c.id and p.pinned_at is not null), '[]'))
$$;

create function app.show_chat_channel(p_channel uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.chat_read_ctx();
begin
  return app_private.chat_channel_view(ctx, app_private.chat_channel_for(ctx, p_channel));
end;
$$;
comment on function app.show_chat_channel(uuid) is 'A channel you may read and its pinned posts, newest pin first.';

create function app.show_feed() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.chat_read_ctx();
  c app.chat_channels;
begin
  select * into c from app.chat_channels x where x.event_id = ctx.event_id and x.kind = 'general';
  return app_private.chat_channel_view(ctx, c);
end;
$$;
comment on function app.show_feed() is 'feed show: the general channel and its pinned posts, newest pin first.';

create function app.feed_channel_id() returns uuid
language sql stable security definer set search_path = '' as $$
  select x.id from app.chat_channels x where x.event_id = (app_private.chat_read_ctx()).event_id and x.kind = 'general'
$$;
comment on function app.feed_channel_id() is 'The id of the event''s general channel (the feed).';

create function app.list_chat_posts(p_channel uuid, p_limit int, p_before_at timestamptz default null, p_before_id uuid default null) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.chat_read_ctx();
  c app.chat_channels := app_private.chat_channel_for(ctx, p_channel);
  org boolean := ctx.role = 'organizer';
begin
  return coalesce((
    select jsonb_agg(app_private.chat_post_json(x, org) order by x.created_at desc, x.id desc) from (
      select p.* from app.chat_posts p
      where p.channel_id = c.id and p.thread_id is null and (org or p.hidden_at is null)
        and (p_before_at is null or (p.created_at, p.id) < (p_before_at, p_before_id))
      order by p.created_at desc, p.id desc limit least(greatest(coalesce(p_limit, 30), 1), 101)) x), '[]');
end;
$$;
comment on function app.list_chat_posts(uuid, int, timestamptz, uuid) is 'chats read / feed list: a channel''s root posts, newest first (hidden ones for organizers only).';

create function app.list_chat_replies(p_channel uuid, p_post uuid, p_limit int, p_after_at timestamptz default null, p_after_id uuid default null) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
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
$$;
comment on function app.list_chat_replies(uuid, uuid, int, timestamptz, uuid) is 'chats replies: a thread''s root and one page of its replies, oldest first.';

-- Posting.

create function app.create_chat_post(p_channel uuid, p_body text, p_thread uuid default null) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
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
$$;
comment on function app.create_chat_post(uuid, text, uuid) is 'chats post / feed post: a root post, or a reply to a root post (p_thread). Plain text 1 to 4000 characters; 10 posts a minute per account.';

-- Reactions: anyone who reads the post; not on a hidden post; not in a resolved thread.

create function app_private.chat_react(p_post uuid, p_emoji text, p_add boolean) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx := app_private.chat_write_ctx();
  p app.chat_posts := app_private.chat_post_for(ctx, p_post, true);
  c app.chat_channels;
  n int;
begin
  select * into c from app.chat_channels x where x.id = p.channel_id;
  if p_emoji is null or length(p_emoji) not between 1 and 32 or p_emoji ~ '[\s\x01-\x1f\x7f-\x9f]' then
    perform app_private.fail('invalid_input', 'emoji is 1 to 32 characters without spaces or control characters', jsonb_build_object('field', 'emoji'));
  end if;
  if p.hidden_at is not null then
    perform app_private.fail('post_hidden', 'This post is hidden; restore it first', jsonb_build_object('postId', p.id));
  end if;
  if exists (select 1 from app.help_requests r where r.channel_id = c.id and r.status = 'resolved') then
    perform app_private.fail('request_resolved', 'This help request is resolved: its thread is read-only until it is reopened');
  end if;
  if p_add then
    insert into app.chat_reactions (post_id, user_id, emoji) values (p.id, ctx.user_id, p_emoji) on conflict do nothing;
  else
    delete from app.chat_reactions r where r.post_id = p.id and r.user_id = ctx.user_id and r.emoji = p_emoji;
  end if;
  get diagnostics n = row_count;
  if n > 0 then
    perform app_private.chat_publish(c, 'reaction.changed',
      jsonb_build_object('channelId', c.id, 'postId', p.id, 'reactions', app_private.chat_reactions_json(p.id)));
  end if;
  return jsonb_build_object('postId', p.id, 'reactions', app_private.chat_reactions_json(p.id));
end;
$$;

create function app.add_chat_reaction(p_post uuid, p_emoji text) returns jsonb
language sql volatile security definer set search_path = '' as $$ select app_private.chat_react(p_post, p_emoji, true) $$;
comment on function app.add_chat_reaction(uuid, text) is 'React to a post you may read (once per emoji; again is a no-op).';

create function app.remove_chat_reaction(p_post uuid, p_emoji text) returns jsonb
language sql volatile security definer set search_path = '' as $$ select app_private.chat_react(p_post, p_emoji, false) $$;
comment on function app.remove_chat_reaction(uuid, text) is 'Take your reaction back (absent is a no-op).';

grant execute on function app.list_chat_channels(), app.show_chat_channel(uuid), app.show_feed(), app.feed_channel_id(),
  app.list_chat_posts(uuid, int, timestamptz, uuid), app.list_chat_replies(uuid, uuid, int, timestamptz, uuid),
  app.create_chat_post(uuid, text, uuid), app.add_chat_reaction(uuid, text), app.remove_chat_reaction(uuid, text) to podium_app;
