// Answer shapes of the chat, feed and help request routes (docs/WIRE.md, "Chats, the feed and
// help requests"), as zod schemas with their types under the same names (`type X = z.infer<…>`),
// so the server, the clients and the live stream's readers share one definition. The payloads
// of their live event kinds are in live.ts.
import * as z from 'zod';

export const ChannelKind = z.enum(['general', 'team', 'request']);
export type ChannelKind = z.infer<typeof ChannelKind>;
export const PostKind = z.enum(['post', 'request', 'push', 'pull_request']);
export type PostKind = z.infer<typeof PostKind>;
export const AuthorRole = z.enum(['organizer', 'advisor', 'participant']);
export type AuthorRole = z.infer<typeof AuthorRole>;
export const RequestStatus = z.enum(['open', 'claimed', 'resolved']);
export type RequestStatus = z.infer<typeof RequestStatus>;

/** A person as a chat names them: `name` is `(erased account)` once the account is erased. */
export const PersonRef = z.object({ id: z.string().nullable(), name: z.string() });
export type PersonRef = z.infer<typeof PersonRef>;

const TeamRef = z.object({ id: z.string(), name: z.string() });

/** A channel: the general feed (`General`), a team chat (the team's name) or a request thread (its title). */
export const Channel = z.object({
  id: z.string(),
  kind: ChannelKind,
  name: z.string(),
  /** The team of a team chat or a request thread; null for general. */
  team: TeamRef.nullable(),
  /** The request of a thread; null for the other kinds. */
  request: z.object({ id: z.string(), status: RequestStatus }).nullable(),
  createdAt: z.string(),
});
export type Channel = z.infer<typeof Channel>;

/** `GET /api/v1/event/chats`: every channel the caller reads, general first, then team chats, then request threads newest first. */
export const ChannelList = z.object({ items: z.array(Channel), nextCursor: z.null() });
export type ChannelList = z.infer<typeof ChannelList>;

/** A help request card (kind `request`): its state is the request's, read live. */
export const RequestActivity = z.object({
  requestId: z.string(),
  threadChannelId: z.string(),
  title: z.string(),
  status: RequestStatus,
  claimedBy: PersonRef.nullable(),
});
export type RequestActivity = z.infer<typeof RequestActivity>;

/** A push receipt (kind `push`). */
export const PushActivity = z.object({
  sequence: z.number(),
  ref: z.string(),
  branch: z.string().optional(),
  sha: z.string(),
  pusher: z.string().optional(),
  message: z.string().optional(),
  late: z.boolean(),
});
export type PushActivity = z.infer<typeof PushActivity>;

/** A pull request receipt (kind `pull_request`). */
export const PullRequestActivity = z.object({
  sequence: z.number(),
  number: z.number().optional(),
  action: z.string().optional(),
  title: z.string().optional(),
  ref: z.string().optional(),
  sha: z.string().optional(),
});
export type PullRequestActivity = z.infer<typeof PullRequestActivity>;

export const Reaction = z.object({ emoji: z.string(), count: z.number() });
export type Reaction = z.infer<typeof Reaction>;

/** The live row of one reaction change (`reaction.changed`). */
export const ReactionChanged = z.object({
  channelId: z.string(),
  postId: z.string(),
  emoji: z.string(),
  /** The emoji's count on the post after the change (0 when the last one was taken back). */
  count: z.number(),
  change: z.enum(['added', 'removed']),
  by: z.object({ id: z.string(), name: z.string() }),
});
export type ReactionChanged = z.infer<typeof ReactionChanged>;

/** A post, a reply (`threadId` set) or a platform activity item (`kind` other than `post`, no author, `activity` set). */
export const Post = z.object({
  id: z.string(),
  channelId: z.string(),
  threadId: z.string().nullable(),
  at: z.string(),
  kind: PostKind,
  /** Null for platform activity items. */
  author: PersonRef.nullable(),
  /** The author's role tag when posting; null for activity items. */
  role: AuthorRole.nullable(),
  /** Plain text (newlines kept); for an activity item its one-line summary. */
  body: z.string(),
  activity: z.union([RequestActivity, PushActivity, PullRequestActivity]).nullable(),
  pinned: z.boolean(),
  pinnedAt: z.string().nullable(),
  /** Only ever true for organizers: nobody else reads a hidden post. */
  hidden: z.boolean(),
  /** Organizers only. */
  hiddenReason: z.string().nullable(),
  replyCount: z.number(),
  reactions: z.array(Reaction),
});
export type Post = z.infer<typeof Post>;

/** `GET /api/v1/event/chats/:channelId` and `GET /api/v1/event/feed`: the channel and its pinned posts, newest pin first. */
export const ChannelView = z.object({ channel: Channel, pinned: z.array(Post) });
export type ChannelView = z.infer<typeof ChannelView>;

/** `GET .../posts`: root posts, newest first. */
export const PostPage = z.object({ items: z.array(Post), nextCursor: z.string().nullable() });
export type PostPage = z.infer<typeof PostPage>;

/** `GET .../posts/:postId/replies`: the thread's root and one page of replies, oldest first. */
export const ReplyPage = z.object({ root: Post, items: z.array(Post), nextCursor: z.string().nullable() });
export type ReplyPage = z.infer<typeof ReplyPage>;

/** `PUT|DELETE /api/v1/event/posts/:postId/reactions/:emoji`. */
export const Reactions = z.object({ postId: z.string(), reactions: z.array(Reaction) });
export type Reactions = z.infer<typeof Reactions>;

export const HelpRequest = z.object({
  id: z.string(),
  status: RequestStatus,
  openedAt: z.string(),
  team: TeamRef,
  title: z.string(),
  body: z.string(),
  openedBy: PersonRef,
  claimedBy: PersonRef.nullable(),
  claimedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  threadChannelId: z.string(),
});
export type HelpRequest = z.infer<typeof HelpRequest>;

export const HelpRequestPage = z.object({ items: z.array(HelpRequest), nextCursor: z.string().nullable() });
export type HelpRequestPage = z.infer<typeof HelpRequestPage>;
