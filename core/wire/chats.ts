// Answer shapes of the chat, feed and help request routes (docs/WIRE.md, "Chats, the feed and
// help requests") and the payloads of their live event kinds ("Live event kinds"). A neutral
// module: types only, no imports, so the server and the clients may both use it.

export type ChannelKind = 'general' | 'team' | 'request';
export type PostKind = 'post' | 'request' | 'push' | 'pull_request';
export type AuthorRole = 'organizer' | 'advisor' | 'participant';
export type RequestStatus = 'open' | 'claimed' | 'resolved';

/** A person as a chat names them: `name` is `(erased account)` once the account is erased. */
export interface PersonRef {
  id: string | null;
  name: string;
}

/** A channel: the general feed (`General`), a team chat (the team's name) or a request thread (its title). */
export interface Channel {
  id: string;
  kind: ChannelKind;
  name: string;
  /** The team of a team chat or a request thread; null for general. */
  team: { id: string; name: string } | null;
  /** The request of a thread; null for the other kinds. */
  request: { id: string; status: RequestStatus } | null;
  createdAt: string;
}

/** `GET /api/v1/event/chats`: every channel the caller reads, general first, then team chats, then request threads newest first. */
export interface ChannelList {
  items: Channel[];
  nextCursor: null;
}

/** A help request card (kind `request`): its state is the request's, read live. */
export interface RequestActivity {
  requestId: string;
  threadChannelId: string;
  title: string;
  status: RequestStatus;
  claimedBy: PersonRef | null;
}

/** A push receipt (kind `push`). */
export interface PushActivity {
  sequence: number;
  ref: string;
  branch?: string;
  sha: string;
  pusher?: string;
  message?: string;
  late: boolean;
}

/** A pull request receipt (kind `pull_request`). */
export interface PullRequestActivity {
  sequence: number;
  number?: number;
  action?: string;
  title?: string;
  ref?: string;
  sha?: string;
}

export interface Reaction {
  emoji: string;
  count: number;
}

/** The live row of one reaction change (`reaction.changed`, migration 000131). */
export interface ReactionChanged {
  channelId: string;
  postId: string;
  emoji: string;
  /** The emoji's count on the post after the change (0 when the last one was taken back). */
  count: number;
  change: 'added' | 'removed';
  by: { id: string; name: string };
}

/** A post, a reply (`threadId` set) or a platform activity item (`kind` other than `post`, no author, `activity` set). */
export interface Post {
  id: string;
  channelId: string;
  threadId: string | null;
  at: string;
  kind: PostKind;
  /** Null for platform activity items. */
  author: PersonRef | null;
  /** The author's role tag when posting; null for activity items. */
  role: AuthorRole | null;
  /** Plain text (newlines kept); for an activity item its one-line summary. */
  body: string;
  activity: RequestActivity | PushActivity | PullRequestActivity | null;
  pinned: boolean;
  pinnedAt: string | null;
  /** Only ever true for organizers: nobody else reads a hidden post. */
  hidden: boolean;
  /** Organizers only. */
  hiddenReason: string | null;
  replyCount: number;
  reactions: Reaction[];
}

/** `GET /api/v1/event/chats/:channelId` and `GET /api/v1/event/feed`: the channel and its pinned posts, newest pin first. */
export interface ChannelView {
  channel: Channel;
  pinned: Post[];
}

/** `GET .../posts`: root posts, newest first. */
export interface PostPage {
  items: Post[];
  nextCursor: string | null;
}

/** `GET .../posts/:postId/replies`: the thread's root and one page of replies, oldest first. */
export interface ReplyPage {
  root: Post;
  items: Post[];
  nextCursor: string | null;
}

/** `PUT|DELETE /api/v1/event/posts/:postId/reactions/:emoji`. */
export interface Reactions {
  postId: string;
  reactions: Reaction[];
}

export interface HelpRequest {
  id: string;
  status: RequestStatus;
  openedAt: string;
  team: { id: string; name: string };
  title: string;
  body: string;
  openedBy: PersonRef;
  claimedBy: PersonRef | null;
  claimedAt: string | null;
  resolvedAt: string | null;
  threadChannelId: string;
}

export interface HelpRequestPage {
  items: HelpRequest[];
  nextCursor: string | null;
}

/** Payloads of the live event kinds of chats, the feed and requests (rows of the live log). */
export interface LivePayloads {
  'post.created': { channelId: string; post: Post };
  'post.pinned': { channelId: string; postId: string };
  'post.unpinned': { channelId: string; postId: string };
  /** `reason` only in the organizers' row. */
  'post.hidden': { channelId: string; postId: string; reason?: string };
  'post.restored': { channelId: string; post: Post };
  /**
   * One change, never the whole list (its size does not grow with the post's reactions):
   * the emoji, its new count on the post, added or removed, and by whom.
   */
  'reaction.changed': ReactionChanged;
  'request.changed': { request: HelpRequest };
}
