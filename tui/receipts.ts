// The receipts the Receipts screen shows, collected for the whole life of the dashboard (so
// switching screens loses nothing): newest first, per team the last 50 and at most 1,000 in
// all (MAX_ROWS: at 300 teams, 50 each would be 15,000 rows held and copied on every batch;
// the dashboard's memory stays bounded whatever the event's size or length). Live, every
// receipt comes as `receipt.recorded`, whatever its verdict (docs/WIRE.md, "Live event kinds");
// the team chat's activity items are another consumer, never read here. Before the first live one it shows
// what the wire already holds: each team's last received revision and the newest refused
// and late deliveries (read again every 5 s until it succeeds once).
import type { Receipt } from '../core/wire/submissions.ts';
import type { FollowEvent } from '../client/stream.ts';
import { parseLive, type ReceiptRecorded } from '../core/wire/live.ts';
import { clip, short } from './format.ts';
import { callSource, type TuiSource } from './source.ts';

export interface ReceiptRow {
  team: string | null;
  repository: string | null;
  receipt: Receipt;
}

/** `receipt.recorded` payload (docs/WIRE.md, "Live event kinds"). */
export type { ReceiptRecorded };

export const PER_TEAM = 50;
/** The most receipts held at once, all teams together (newest kept): a bounded list, not everything ever received. */
export const MAX_ROWS = 1_000;
const FLUSH_MS = 100;

const teamKey = (r: ReceiptRow) => r.team ?? `repo:${r.repository ?? ''}`;

/**
 * Adds rows (any order) to a newest-first list: one row per sequence, at most PER_TEAM per
 * team and `max` (MAX_ROWS) in all, the newest kept. The live case (one receipt newer than
 * every row) is a prepend and at most two removals.
 */
export function mergeReceipts(rows: ReceiptRow[], more: ReceiptRow[], max = MAX_ROWS): ReceiptRow[] {
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
    if (next.length > max) next.length = max;
    return next;
  }
  const bySeq = new Map(rows.map((r) => [r.receipt.sequence, r]));
  for (const r of more) bySeq.set(r.receipt.sequence, r);
  const sorted = [...bySeq.values()].sort((a, b) => b.receipt.sequence - a.receipt.sequence);
  const perTeam = new Map<string, number>();
  const kept: ReceiptRow[] = [];
  for (const r of sorted) {
    const k = teamKey(r);
    const n = (perTeam.get(k) ?? 0) + 1;
    perTeam.set(k, n);
    if (n > PER_TEAM) continue;
    kept.push(r);
    if (kept.length === max) break;
  }
  return kept;
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
  private pending: ReceiptRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly source: TuiSource) {}

  start(): void {
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

  /** A change of the live stream (the bus hands every one here): receipts come as `receipt.recorded` only, read by its schema (a payload that does not fit is skipped). */
  onLive(raw: FollowEvent): void {
    if (raw.kind !== 'receipt.recorded') return;
    const e = parseLive(raw);
    if (e?.kind !== 'receipt.recorded') return;
    const p = e.payload;
    this.take({ team: p.team?.name ?? null, repository: p.repository, receipt: p.receipt });
  }

  /** Receipts waiting for the next flush (at most MAX_ROWS: older ones would be dropped by the merge anyway). */
  get pendingCount(): number {
    return this.pending.length;
  }

  private async seed(): Promise<void> {
    try {
      const [subs, failures] = await Promise.all([callSource(this.source, 'GET /api/v1/submissions'), callSource(this.source, 'GET /api/v1/submissions/failures')]);
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
   * FLUSH_MS and merged together (one merge and one render per batch instead of one per
   * receipt). The batch is bounded too: past MAX_ROWS waiting, the oldest waiting one goes.
   */
  private take(r: ReceiptRow): void {
    this.pending.push(r);
    if (this.pending.length > MAX_ROWS) this.pending.shift();
    this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Merges the waiting receipts now (the batch timer's work) and tells the screens. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.rows = mergeReceipts(this.rows, batch);
    this.changed();
  }

  private changed(): void {
    for (const fn of this.listeners) fn();
  }
}
