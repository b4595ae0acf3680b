// The receipts the Receipts screen shows, collected for the whole life of the dashboard (so
// switching screens loses nothing): newest first, per team the last 50. Live, an accepted push or pull
// request of a team comes as its team chat activity item (`post.created` of kind push or
// pull_request: organizers read every team chat) and every other receipt as
// `receipt.recorded` (docs/WIRE.md, "Live event kinds"). Before the first live one it shows
// what the wire already holds: each team's last received revision and the newest refused
// and late deliveries (read again every 5 s until it succeeds once).
import type { ChannelList, PullRequestActivity, PushActivity, Post } from '../core/wire/chats.ts';
import type { Receipt, SubmissionFailures, Submissions } from '../core/wire/submissions.ts';
import type { FollowEvent } from '../cli/hackathon/follow.ts';
import { clip, short } from './format.ts';
import type { TuiSource } from './source.ts';

export interface ReceiptRow {
  team: string | null;
  repository: string | null;
  receipt: Receipt;
}

/** `receipt.recorded` payload (docs/WIRE.md, "Live event kinds"). */
export interface ReceiptRecorded {
  team: { id: string; name: string } | null;
  repository: string | null;
  receipt: Receipt;
}

export const PER_TEAM = 50;
const FLUSH_MS = 100;

const teamKey = (r: ReceiptRow) => r.team ?? `repo:${r.repository ?? ''}`;

/**
 * Adds rows (any order) to a newest-first list: one row per sequence, at most 50 per team.
 * The live case (one receipt newer than every row) is a prepend and at most one removal.
 */
export function mergeReceipts(rows: ReceiptRow[], more: ReceiptRow[]): ReceiptRow[] {
  if (more.length === 1 && (rows.length === 0 || more[0]!.receipt.sequence > rows[0]!.receipt.sequence)) {
    const r = more[0]!;
    const k = teamKey(r);
    let n = 1;
    let last = -1;
    for (let i = 0; i < rows.length; i++) {
      if (teamKey(rows[i]!) === k) {
        n++;
        last = i;
      }
    }
    const next = [r, ...rows];
    if (n > PER_TEAM) next.splice(last + 1, 1);
    return next;
  }
  const bySeq = new Map(rows.map((r) => [r.receipt.sequence, r]));
  for (const r of more) bySeq.set(r.receipt.sequence, r);
  const sorted = [...bySeq.values()].sort((a, b) => b.receipt.sequence - a.receipt.sequence);
  const perTeam = new Map<string, number>();
  return sorted.filter((r) => {
    const k = teamKey(r);
    const n = (perTeam.get(k) ?? 0) + 1;
    perTeam.set(k, n);
    return n <= PER_TEAM;
  });
}

/** An accepted push or pull request, from its activity item in the team's chat (null for any other post). */
export function receiptOfActivity(post: Post, team: string | null): ReceiptRow | null {
  if ((post.kind !== 'push' && post.kind !== 'pull_request') || !post.activity) return null;
  const a = post.activity as PushActivity | PullRequestActivity;
  return {
    team,
    repository: null,
    receipt: {
      sequence: a.sequence, receivedAt: post.at, kind: post.kind, ref: a.ref ?? null, sha: a.sha ?? null,
      verdict: 'accepted', refusal: null, late: 'late' in a ? a.late : false, capture: null,
    },
  };
}

export function receiptLine(r: ReceiptRow, width: number): string {
  const rc = r.receipt;
  const verdict = rc.verdict === 'accepted' ? 'accepted' : `refused ${rc.refusal}`;
  const mark = rc.verdict === 'refused' ? '✗' : '✓';
  const line = `${mark} #${rc.sequence} ${rc.receivedAt.slice(11, 19)} ${r.team ?? r.repository ?? '(no team)'} ${short(rc.sha)} ${verdict}${rc.late ? ' LATE' : ''}`;
  return clip(line, width);
}

const SEED_RETRY_MS = 5_000;

export class ReceiptStore {
  rows: ReceiptRow[] = [];
  seeded = false;
  private readonly listeners = new Set<() => void>();
  /** Team chat id -> team name, for the activity items (read again when a new chat shows up). */
  private readonly chats = new Map<string, string>();
  private pending: ReceiptRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly source: TuiSource) {}

  start(): void {
    void this.readChats().catch(() => undefined);
    void this.seed();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.retry) clearTimeout(this.retry);
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  /** A change of the live stream (the bus hands every one here). */
  onLive(e: FollowEvent): void {
    if (e.kind === 'receipt.recorded') {
      const p = e.payload as ReceiptRecorded;
      return this.take({ team: p.team?.name ?? null, repository: p.repository, receipt: p.receipt });
    }
    if (e.kind !== 'post.created') return;
    const { channelId, post } = e.payload as { channelId: string; post: Post };
    if (post.kind !== 'push' && post.kind !== 'pull_request') return;
    const team = this.chats.get(channelId);
    if (team !== undefined) return void this.take(receiptOfActivity(post, team)!);
    void this.readChats().then(
      () => this.take(receiptOfActivity(post, this.chats.get(channelId) ?? null)!),
      () => this.take(receiptOfActivity(post, null)!),
    );
  }

  private readChats(): Promise<void> {
    return this.source.get<ChannelList>('/api/v1/event/chats').then((l) => {
      for (const c of l.items) if (c.kind === 'team' && c.team) this.chats.set(c.id, c.team.name);
    });
  }

  private async seed(): Promise<void> {
    try {
      const [subs, failures] = await Promise.all([this.source.get<Submissions>('/api/v1/submissions'), this.source.get<SubmissionFailures>('/api/v1/submissions/failures')]);
      const seed: ReceiptRow[] = [
        ...subs.items.filter((t) => t.lastReceived).map((t) => ({ team: t.project.name, repository: t.repository?.fullName ?? null, receipt: t.lastReceived! })),
        ...[...failures.refused, ...failures.late].map(({ repository, ...receipt }) => ({
          team: subs.items.find((t) => t.repository && repository && t.repository.fullName.toLowerCase() === repository.toLowerCase())?.project.name ?? null,
          repository,
          receipt,
        })),
      ];
      this.rows = mergeReceipts(this.rows, seed);
      this.seeded = true;
      this.changed();
    } catch {
      if (!this.stopped) this.retry = setTimeout(() => void this.seed(), SEED_RETRY_MS);
    }
  }

  /**
   * Receipts come in bursts (a hundred a second at a deadline): they are held for up to
   * FLUSH_MS and merged together, one render per batch instead of one per receipt.
   */
  private take(r: ReceiptRow): void {
    this.pending.push(r);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      const batch = this.pending;
      this.pending = [];
      this.rows = batch.reduce((acc, x) => mergeReceipts(acc, [x]), this.rows);
      this.changed();
    }, FLUSH_MS);
  }

  private changed(): void {
    for (const fn of this.listeners) fn();
  }
}
