-- Issue 44 (typed GraphQL), chats and help requests: the composite types GraphQL shows the
-- JSON answers of the chat, feed and help request functions as (their `@shape`). Field names
-- are the JSON keys of app_private.chat_channel_json, chat_post_json, chat_reactions_json,
-- chat_channel_view, chat_react and help_request_json; a key added there is added here too,
-- or GraphQL reads of it fail (app_private.json_shaped). People named in these answers
-- ({ id, name }) are app.person_ref (email null), teams app.team_ref (000340).

create type app.chat_channel_request as (id uuid, status text);
comment on type app.chat_channel_request is 'The help request a request thread belongs to: its id and status (open, claimed or resolved).';

create type app.chat_channel_card as (
  id uuid,
  kind text,
  name text,
  team app.team_ref,
  request app.chat_channel_request,
  "createdAt" timestamptz
);
comment on type app.chat_channel_card is 'A chat channel: kind (general, team or request), its display name (General, the team''s name or the help request''s title), its team (null for general) and its help request (request threads only).';

create type app.chat_activity as (
  "requestId" uuid,
  "threadChannelId" uuid,
  title text,
  status text,
  "claimedBy" app.person_ref,
  sequence bigint,
  ref text,
  branch text,
  sha text,
  pusher text,
  message text,
  late boolean,
  number bigint,
  action text
);
comment on type app.chat_activity is 'What a platform activity item of a team chat is about. A help request card (kind request): requestId, threadChannelId, and the request as it is now (title, status, claimedBy). An accepted push (kind push): sequence, ref, branch, sha, pusher, message (first line), late. An accepted pull request (kind pull_request): sequence, number, action, title, ref, sha. Fields of the other kinds are null.';

create type app.chat_reaction_count as (emoji text, count integer);
comment on type app.chat_reaction_count is 'One emoji on a post and how many people reacted with it.';

create type app.chat_post_card as (
  id uuid,
  "channelId" uuid,
  "threadId" uuid,
  at timestamptz,
  kind text,
  author app.person_ref,
  role text,
  body text,
  activity app.chat_activity,
  pinned boolean,
  "pinnedAt" timestamptz,
  hidden boolean,
  "hiddenReason" text,
  "replyCount" integer,
  reactions app.chat_reaction_count[]
);
comment on type app.chat_post_card is 'A chat post, a reply (threadId: its root) or a platform activity item (kind request, push or pull_request: no author or role, an activity, its one-line summary as body). author is { id, name } ((erased account) once erased); role the author''s event role when posting; hidden and hiddenReason are set for organizers only; replyCount counts the replies the reader may read; reactions most used first.';

create type app.chat_channel_view as (channel app.chat_channel_card, pinned app.chat_post_card[]);
comment on type app.chat_channel_view is 'A chat channel and its pinned posts, newest pin first (hidden ones for organizers only).';

create type app.chat_thread_page as (root app.chat_post_card, items app.chat_post_card[]);
comment on type app.chat_thread_page is 'A thread: its root post and one page of its replies, oldest first.';

create type app.chat_reaction_tally as ("postId" uuid, reactions app.chat_reaction_count[]);
comment on type app.chat_reaction_tally is 'A post''s reactions after a change: one entry per emoji with its count, most used first.';

create type app.help_request_card as (
  id uuid,
  status text,
  "openedAt" timestamptz,
  team app.team_ref,
  title text,
  body text,
  "openedBy" app.person_ref,
  "claimedBy" app.person_ref,
  "claimedAt" timestamptz,
  "resolvedAt" timestamptz,
  "threadChannelId" uuid
);
comment on type app.help_request_card is 'A help request: status (open, claimed or resolved), its team, title and body, who opened and who claimed it ({ id, name }), when, and its thread channel.';
