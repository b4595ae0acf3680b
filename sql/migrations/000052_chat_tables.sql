-- Chats, the feed and help requests (issue 14): the tables and who may read them.
--
-- A channel is `general` (one per event: the feed), `team` (one per event team) or `request`
-- (one per help request: its thread). Channels of both first kinds are made by triggers, with
-- the event and with the team's entry into the event (and below for those already there),
-- so no reader ever finds one missing. A post is plain text in one channel, a root or a reply
-- to a root (`thread_id`); platform-written activity items (a help request card, a push, a
-- pull request) are posts of kind `request`, `push`, `pull_request` with no author and their
-- `activity`. Reactions belong to a post and go when it is hidden.
--
-- Who reads what (the same rule in these policies and in the functions of 000053-000056):
-- every roster role but jury reads the general channel; a team chat and a request thread are
-- read by the team's participants, advisors and organizers; a hidden post by organizers only.
-- Every policy checks the `hackathon:read` scope (a GraphQL read is a read).

create table app.chat_channels (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references app.events (id) on delete cascade,
  kind text not null check (kind in ('general', 'team', 'request')),
  team_id uuid references app.projects (id) on delete cascade,
  created_at timestamptz not null default app_private.ms(now()),
  check ((kind = 'general') = (team_id is null))
);
create unique index chat_channels_general_key on app.chat_channels (event_id) where kind = 'general';
create unique index chat_channels_team_key on app.chat_channels (team_id) where kind = 'team';
create index chat_channels_event_id_idx on app.chat_channels (event_id, kind);
create index chat_channels_team_id_idx on app.chat_channels (team_id);
comment on table app.chat_channels is E'@behavior -insert -update -delete\nChat channels: the general feed (one per event), one chat per team, one thread per help request.';

create table app.chat_posts (
  id uuid primary key default gen_random_uuid(),
  channel_id uuid not null references app.chat_channels (id) on delete cascade,
  thread_id uuid references app.chat_posts (id) on delete cascade,
  author_id uuid references app.users (id) on delete set null,
  author_role text check (author_role in ('organizer', 'advisor', 'participant')),
  kind text not null default 'post' check (kind in ('post', 'request', 'push', 'pull_request')),
  activity jsonb,
  -- Plain text, 1 to 4000 characters, newlines and tabs kept, no other control character.
  body text not null check (length(body) between 1 and 4000 and body !~ '[\x01-\x08\x0b-\x1f\x7f-\x9f]'),
  created_at timestamptz not null default app_private.ms(now()),
  pinned_at timestamptz,
  pinned_by uuid references app.users (id) on delete set null,
  hidden_at timestamptz,
  hidden_reason text check (length(hidden_reason) between 1 and 500 and hidden_reason !~ '[\x01-\x1f\x7f-\x9f]'),
  hidden_by uuid references app.users (id) on delete set null,
  check ((kind = 'post') = (activity is null)),
  check (kind = 'post' or author_id is null),
  check ((hidden_at is null) = (hidden_reason is null)),
  check (hidden_at is null or pinned_at is null)
);
create index chat_posts_roots_idx on app.chat_posts (channel_id, created_at desc, id desc) where thread_id is null;
create index chat_posts_thread_id_idx on app.chat_posts (thread_id, created_at, id) where thread_id is not null;
create index chat_posts_author_rate_idx on app.chat_posts (author_id, created_at desc);
create index chat_posts_pinned_idx on app.chat_posts (channel_id, pinned_at desc) where pinned_at is not null;
create index chat_posts_pinned_by_idx on app.chat_posts (pinned_by) where pinned_by is not null;
create index chat_posts_hidden_by_idx on app.chat_posts (hidden_by) where hidden_by is not null;
comment on table app.chat_posts is E'@behavior -insert -update -delete\nPosts of chat channels: plain text roots and thread replies, and platform activity items (kind request, push, pull_request with their activity). Hidden posts are seen by organizers only.';
comment on column app.chat_posts.author_role is 'The author''s event role when posting (the role tag: organizer, advisor, participant).';
comment on column app.chat_posts.hidden_reason is 'Why an organizer hid the post (seen by organizers only: hidden posts are theirs alone to read).';

create table app.chat_reactions (
  post_id uuid not null references app.chat_posts (id) on delete cascade,
  user_id uuid not null references app.users (id) on delete cascade,
  emoji text not null check (length(emoji) between 1 and 32 and emoji !~ '[\s\x01-\x1f\x7f-\x9f]'),
  created_at timestamptz not null default now(),
  primary key (post_id, user_id, emoji)
);
create index chat_reactions_user_id_idx on app.chat_reactions (user_id);
comment on table app.chat_reactions is E'@behavior -insert -update -delete\nReactions to posts, one per person and emoji; cleared when the post is hidden.';

create table app.help_requests (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references app.events (id) on delete cascade,
  team_id uuid not null references app.projects (id) on delete cascade,
  channel_id uuid not null unique references app.chat_channels (id) on delete cascade,
  opened_by uuid references app.users (id) on delete set null,
  title text not null check (length(title) between 1 and 200 and title !~ '[\x01-\x1f\x7f-\x9f]'),
  body text not null check (length(body) between 1 and 4000 and body !~ '[\x01-\x08\x0b-\x1f\x7f-\x9f]'),
  status text not null default 'open' check (status in ('open', 'claimed', 'resolved')),
  claimed_by uuid references app.users (id) on delete set null,
  claimed_at timestamptz,
  resolved_at timestamptz,
  resolved_by uuid references app.users (id) on delete set null,
  created_at timestamptz not null default app_private.ms(now()),
  updated_at timestamptz not null default now(),
  check (status <> 'open' or claimed_by is null),
  check ((status = 'resolved') = (resolved_at is not null))
);
create index help_requests_event_idx on app.help_requests (event_id, created_at desc, id desc);
create index help_requests_team_idx on app.help_requests (team_id, created_at desc, id desc);
create index help_requests_opened_by_idx on app.help_requests (opened_by);
create index help_requests_claimed_by_idx on app.help_requests (claimed_by) where claimed_by is not null;
create index help_requests_resolved_by_idx on app.help_requests (resolved_by) where resolved_by is not null;
comment on table app.help_requests is E'@behavior -insert -update -delete\nHelp requests of teams to advisors: open, claimed or resolved, each with its thread channel (kind request).';

alter table app.chat_channels enable row level security;
alter table app.chat_posts enable row level security;
alter table app.chat_reactions enable row level security;
alter table app.help_requests enable row level security;

create policy chat_channels_select on app.chat_channels for select to podium_app using (
  (select app.has_scope('hackathon:read'))
  and event_id = (select (app_private.event_ctx_or_null()).event_id)
  and ((select (app_private.event_ctx_or_null()).role) in ('organizer', 'advisor')
       or ((select (app_private.event_ctx_or_null()).role) = 'participant'
           and (kind = 'general' or team_id = (select (app_private.event_ctx_or_null()).team_id)))));

create policy chat_posts_select on app.chat_posts for select to podium_app using (
  (select app.has_scope('hackathon:read'))
  and exists (select 1 from app.chat_channels c where c.id = chat_posts.channel_id)
  and (hidden_at is null or (select (app_private.event_ctx_or_null()).role) = 'organizer'));

create policy chat_reactions_select on app.chat_reactions for select to podium_app using (
  (select app.has_scope('hackathon:read'))
  and exists (select 1 from app.chat_posts p where p.id = chat_reactions.post_id));

create policy help_requests_select on app.help_requests for select to podium_app using (
  (select app.has_scope('hackathon:read'))
  and event_id = (select (app_private.event_ctx_or_null()).event_id)
  and ((select (app_private.event_ctx_or_null()).role) in ('organizer', 'advisor')
       or ((select (app_private.event_ctx_or_null()).role) = 'participant'
           and team_id = (select (app_private.event_ctx_or_null()).team_id))));

grant select on app.chat_channels, app.chat_posts, app.chat_reactions, app.help_requests to podium_app;

-- The general channel comes with the event, a team chat with the team's entry into the event.
create function app_private.make_general_channel() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into app.chat_channels (event_id, kind) values (new.id, 'general')
    on conflict (event_id) where kind = 'general' do nothing;
  return null;
end;
$$;
comment on function app_private.make_general_channel() is 'Trigger: every event has its general channel (the feed) from its first moment.';
create trigger events_general_channel after insert on app.events
  for each row execute function app_private.make_general_channel();

create function app_private.make_team_channel() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into app.chat_channels (event_id, kind, team_id) values (new.event_id, 'team', new.project_id)
    on conflict (team_id) where kind = 'team' do nothing;
  return null;
end;
$$;
comment on function app_private.make_team_channel() is 'Trigger: every event team has its team chat from the moment it joins the event.';
create trigger event_teams_team_channel after insert or update of event_id, left_at on app.event_teams
  for each row execute function app_private.make_team_channel();

-- Events and teams that exist already.
insert into app.chat_channels (event_id, kind) select e.id, 'general' from app.events e
  on conflict (event_id) where kind = 'general' do nothing;
insert into app.chat_channels (event_id, kind, team_id) select t.event_id, 'team', t.project_id from app.event_teams t
  on conflict (team_id) where kind = 'team' do nothing;
