// The live stream's kinds and their payloads (docs/WIRE.md, "Live stream" and "Live event
// kinds"), one zod schema per kind: the rows SQL writes to the live log
// (app_private.live_publish, directly or through app_private.chat_publish) and the control
// events the stream itself sends (`ready`, `reset`, `error`). The server sends control events
// through LiveStream.control (typed by CONTROL_KINDS); the clients (the dashboard, `chats read
// --follow`, the simulation) read a change with parseLive, never as `any`.
// test/api/event/live-catalogue.test.ts checks every kind SQL writes has its schema here.
import * as z from 'zod';
import { HelpRequest, Post, ReactionChanged } from './chats.ts';
import { Receipt } from './submissions.ts';
import { GenerationRun } from './decks.ts';

const PostRef = z.object({ channelId: z.string(), postId: z.string() });

/** `vote.coverage`: counts of the ballots of that eligibility version after the change. */
export const VoteCoverage = z.object({
  eligibilityVersion: z.number(),
  change: z.enum(['submitted', 'invalidated']),
  at: z.string(),
  submitted: z.number(),
  invalidated: z.number(),
  voters: z.number(),
});
export type VoteCoverage = z.infer<typeof VoteCoverage>;

/** `receipt.recorded`: a webhook receipt that is not a team chat activity item. */
export const ReceiptRecorded = z.object({
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  repository: z.string().nullable(),
  receipt: Receipt,
});
export type ReceiptRecorded = z.infer<typeof ReceiptRecorded>;

/** Every kind of the live log with its payload's schema. */
export const LIVE_KINDS = {
  'post.created': z.object({ channelId: z.string(), post: Post }),
  'post.pinned': PostRef,
  'post.unpinned': PostRef,
  /** `reason` only in the organizers' row. */
  'post.hidden': PostRef.extend({ reason: z.string().optional() }),
  'post.restored': z.object({ channelId: z.string(), post: Post }),
  /** One change, never the whole list: the emoji, its new count on the post, added or removed, and by whom. */
  'reaction.changed': ReactionChanged,
  'request.changed': z.object({ request: HelpRequest }),
  'receipt.recorded': ReceiptRecorded,
  'vote.coverage': VoteCoverage,
  /** A generation run's head each time one of its jobs changes status; `finished` once none is pending or running. */
  'generation.progressed': z.object({ run: GenerationRun }),
  'generation.finished': z.object({ run: GenerationRun }),
  /** A team's jury counts after a score, an assignment or a plan (`projectId` null: a plan, the event's counts). */
  'jury.progress': z.object({ projectId: z.string().nullable(), assigned: z.number(), submitted: z.number(), state: z.string() }),
  /** `jury open` / `jury close`, by the server clock. */
  'jury.window': z.object({ state: z.enum(['open', 'closed']), at: z.string() }),
  /** `jury results release`: the released version and its digest (12 characters). */
  'jury.released': z.object({ version: z.number(), digest: z.string() }),
} as const;

/** The events of the stream itself: the position it stands at, a gap it cannot fill, a last refusal. */
export const CONTROL_KINDS = {
  ready: z.object({ position: z.string(), role: z.string(), teamId: z.string().nullable() }),
  reset: z.object({ reason: z.literal('expired'), message: z.string() }),
  error: z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
} as const;

export type LiveKind = keyof typeof LIVE_KINDS;
export type LivePayloads = { [K in LiveKind]: z.infer<(typeof LIVE_KINDS)[K]> };
export type ControlKind = keyof typeof CONTROL_KINDS;
export type ControlPayloads = { [K in ControlKind]: z.infer<(typeof CONTROL_KINDS)[K]> };

/** One change of the live log, its payload typed by its kind. */
export type LiveEvent = { [K in LiveKind]: { id: string; kind: K; payload: LivePayloads[K] } }[LiveKind];

export const isLiveKind = (kind: string): kind is LiveKind => Object.hasOwn(LIVE_KINDS, kind);

/**
 * A change as the follower read it (`{ id, kind, payload }` with the payload JSON-parsed), checked
 * against its kind's schema: null for a kind this client does not know or a payload that does
 * not fit (a reader skips it, as it skips a frame that is not JSON).
 */
export function parseLive(e: { id: string; kind: string; payload: unknown }): LiveEvent | null {
  if (!isLiveKind(e.kind)) return null;
  const r = LIVE_KINDS[e.kind].safeParse(e.payload);
  return r.success ? ({ id: e.id, kind: e.kind, payload: r.data } as LiveEvent) : null;
}
