// `hackathon chats read <channelId> --follow`: after the page, follow the channel live over
// GET /api/v1/event/stream (docs/WIRE.md, "Live stream"). The stream carries every change the
// reader may read; this keeps the channel's. A dropped connection (network, server restart,
// slow-reader close) is opened again with Last-Event-ID, so nothing is missed or repeated;
// an `error` event (access lost) or a refusal ends the follow with that wire error.
//
// Use (the command): `followAfterPage` opens the stream first, then lets the command read and
// print its page, then prints the channel's changes (a post committed between the two comes
// once) until the signal aborts or access ends:
//
//   if (opts.follow) return followAfterPage({
//     client: await ctx.client(), channelId: channel, json: ctx.json, out: (l) => ctx.out(l), err: (l) => ctx.err(l), postLines,
//     printPage: async () => { const page = ...; print it as without --follow; return page.items.map((p) => p.id); },
//   });
//
// `followLines` is pure (the event and the `chats read` post formatter in, lines out), so the
// follow prints posts exactly as `chats read` does.
import { LiveFollower, type FollowEvent, type FollowOptions } from '../../client/stream.ts';
import type { WireClient } from '../../client/wire.ts';
import { parseLive } from '../../core/wire/live.ts';
import type { Post } from '../../core/wire/chats.ts';

/** The channel an event concerns, if any (posts name it; a request change names its thread). */
export function channelOf(kind: string, payload: unknown): string | null {
  const p = payload as { channelId?: unknown; request?: { threadChannelId?: unknown } } | null;
  if (typeof p?.channelId === 'string') return p.channelId;
  if (kind === 'request.changed' && typeof p?.request?.threadChannelId === 'string') return p.request.threadChannelId;
  return null;
}
/** One channel's changes (`chats read --follow`), each post once. */
export class ChannelFollower extends LiveFollower {
  private readonly shown = new Set<string>();

  constructor(
    client: WireClient,
    readonly channelId: string,
    opts: FollowOptions = {},
  ) {
    super(client, opts);
  }

  /** Posts the page already printed: their `post.created` is not printed again. */
  alreadyShown(postIds: Iterable<string>): void {
    for (const id of postIds) this.shown.add(id);
  }

  protected override accept(kind: string, payload: unknown): boolean {
    if (channelOf(kind, payload) !== this.channelId) return false;
    const id = (payload as { post?: { id?: unknown } }).post?.id;
    if (kind === 'post.created' && typeof id === 'string') {
      if (this.shown.has(id)) return false;
      this.shown.add(id);
    }
    return true;
  }
}

/**
 * The lines a followed change prints. Posts print as `chats read` prints them (its formatter
 * is passed in); a reply is announced with its thread; moderation and request changes are
 * one line each; reaction changes (one emoji's new count, `reaction.changed`) are left to `--json`.
 */
export function followLines(raw: FollowEvent, postLines: (post: Post) => string[]): string[] {
  const e = parseLive(raw); // the payload checked against its kind's schema (core/wire/live.ts); one that does not fit prints nothing
  switch (e?.kind) {
    case 'post.created': {
      const p = e.payload;
      if (p.post.threadId) return [`Reply in thread ${p.post.threadId}: hackathon chats replies ${p.channelId} ${p.post.threadId}`, ...postLines(p.post)];
      return postLines(p.post);
    }
    case 'post.restored':
      return [`Restored ${e.payload.post.id}`, ...postLines(e.payload.post)];
    case 'post.pinned':
      return [`Pinned ${e.payload.postId}`];
    case 'post.unpinned':
      return [`Unpinned ${e.payload.postId}`];
    case 'post.hidden': {
      const p = e.payload;
      return [typeof p.reason === 'string' ? `Hidden ${p.postId}: ${p.reason}` : `Hidden ${p.postId}`];
    }
    case 'request.changed': {
      const r = e.payload.request;
      return [`Request ${r.id} is ${r.status}${r.claimedBy ? `, claimed by ${r.claimedBy.name}` : ''}`];
    }
    default:
      return [];
  }
}

/** `--json --follow`: one JSON object per line per change. */
export function followJson(e: FollowEvent): string {
  return JSON.stringify({ id: e.id, kind: e.kind, payload: e.payload });
}

export interface FollowAfterPage {
  client: WireClient;
  channelId: string;
  json: boolean;
  out: (line: string) => void;
  err: (line: string) => void;
  /** How `chats read` prints a post. */
  postLines: (post: Post) => string[];
  /** Reads and prints the page as `chats read` does without --follow; answers the ids of the posts it printed. */
  printPage: () => Promise<string[]>;
  /** Ends the follow (tests; the command itself ends with the process). */
  signal?: AbortSignal;
  options?: FollowOptions;
}

/** `chats read <channelId> --follow`: the page, then the channel's changes as they come. */
export async function followAfterPage(o: FollowAfterPage): Promise<void> {
  const follower = new ChannelFollower(o.client, o.channelId, {
    ...o.options,
    onNotice: (n) => {
      if (n.kind === 'reset') o.err('Some changes were missed; run chats read again to see them');
      o.options?.onNotice?.(n);
    },
  });
  await follower.open(); // live from here: nothing committed after the page read is missed
  follower.alreadyShown(await o.printPage());
  o.signal?.addEventListener('abort', () => follower.stop(), { once: true });
  if (o.signal?.aborted) return;
  for await (const e of follower.events()) {
    if (o.json) o.out(followJson(e));
    else for (const line of followLines(e, o.postLines)) o.out(line);
  }
}
