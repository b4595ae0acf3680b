// Signed deliveries of one event are recorded in groups. Every delivery
// publishes live, and a publishing transaction holds its event's live-log lock and
// PostgreSQL's NOTIFY lock until it has committed to disk, so one event's publishing
// transactions commit one after another whatever the number of connections. Here each event
// has at most IN_FLIGHT transactions of deliveries in flight per replica; deliveries that
// arrive meanwhile wait and go together in the next (app_private.record_deliveries, one
// commit for the group). A group publishes its live changes after its last delivery,
// so two groups of one event overlap all but their publishing and commit. A lone
// delivery waits for nothing: its group of one starts at once. Nothing is held in memory
// beyond the requests that wait for their answers.
import type pg from 'pg';
import type { Metrics } from '../metrics.ts';

/** The most deliveries one transaction records (each runs under its own savepoint). */
export const MAX_GROUP = 50;
/** Groups of one event in flight at once per replica: one records while the other commits. */
export const IN_FLIGHT = 2;

export interface Delivery {
  delivery: string;
  kind: string;
  payload: unknown;
}

/** What record_delivery answers: the receipt, or null when the event does not exist. */
export type Answer = Record<string, unknown> | null;
type GroupAnswer = Answer | { failed: true };

export interface Recorder {
  /** One transaction for the group: an answer per delivery, in order. */
  group(eventId: string, items: Delivery[]): Promise<GroupAnswer[]>;
  /** One delivery alone, raising what it raises. */
  one(eventId: string, item: Delivery): Promise<Answer>;
}

interface Waiting {
  item: Delivery;
  resolve(a: Answer): void;
  reject(err: unknown): void;
}

interface EventQueue {
  waiting: Waiting[];
  running: number;
}

export class DeliveryGroups {
  private events = new Map<string, EventQueue>();

  constructor(private recorder: Recorder) {}

  record(eventId: string, item: Delivery): Promise<Answer> {
    return new Promise((resolve, reject) => {
      let q = this.events.get(eventId);
      if (!q) this.events.set(eventId, (q = { waiting: [], running: 0 }));
      q.waiting.push({ item, resolve, reject });
      if (q.running < IN_FLIGHT) {
        q.running++;
        void this.drain(eventId, q);
      }
    });
  }

  private async drain(eventId: string, q: EventQueue): Promise<void> {
    while (q.waiting.length > 0) {
      const group = q.waiting.splice(0, MAX_GROUP);
      let answers: GroupAnswer[] | null = null;
      try {
        answers = await this.recorder.group(eventId, group.map((w) => w.item));
      } catch {
        // The whole group failed (a value PostgreSQL refused, the database gone): each
        // delivery alone gets the answer or the error it would have had on its own.
      }
      group.forEach((w, i) => {
        const a = answers?.[i];
        if (answers && a !== undefined && !(a && 'failed' in a)) w.resolve(a as Answer);
        else this.recorder.one(eventId, w.item).then(w.resolve, w.reject);
      });
    }
    q.running--;
    if (q.running === 0) this.events.delete(eventId);
  }
}

/** The recorder over PostgreSQL (the API's owner pool: the functions are granted to no one). */
export function pgRecorder(pool: pg.Pool): Recorder {
  return {
    async group(eventId, items) {
      const { rows } = await pool.query('select app_private.record_deliveries($1, $2::jsonb) as r', [eventId, JSON.stringify(items)]);
      return rows[0].r as GroupAnswer[];
    },
    async one(eventId, item) {
      const { rows } = await pool.query('select app_private.record_delivery($1, $2, $3, $4) as r', [eventId, item.delivery, item.kind, item.payload]);
      return rows[0].r as Answer;
    },
  };
}

const intakes = new WeakMap<pg.Pool, DeliveryGroups>();

/**
 * The intake of this process over one pool: the recorder the signed webhook route
 * (api/routes/webhooks) and a local push recorded in process (core/codehost/local-push.ts)
 * both call, so their deliveries of one event go in the same groups.
 */
export function deliveryIntake(pool: pg.Pool): DeliveryGroups {
  let groups = intakes.get(pool);
  if (!groups) intakes.set(pool, (groups = new DeliveryGroups(pgRecorder(pool))));
  return groups;
}

/** Counts a receipt's verdict (webhook_verdicts_total): its refusal, `late`, or its verdict. */
export function countVerdict(metrics: Metrics | undefined, receipt: Record<string, unknown>): void {
  metrics?.webhookVerdicts.inc({ verdict: String(receipt.refusal ?? (receipt.late ? 'late' : receipt.verdict)) });
}
