// Signed deliveries of one event are recorded in groups (issue 30, item 8). Every delivery
// publishes live, and a publishing transaction holds its event's live-log lock and
// PostgreSQL's NOTIFY lock until it has committed to disk (000252), so one event's
// deliveries commit one after another whatever the number of connections. Here each event
// has at most one transaction of deliveries in flight per replica; deliveries that arrive
// meanwhile wait and go together in the next (app_private.record_deliveries, one commit for
// the group). A lone delivery waits for nothing: its group of one starts at once. Under load
// the commits per delivery fall below one and nothing is held in memory beyond the request
// that waits for its answer.
import type pg from 'pg';

/** The most deliveries one transaction records (each runs under its own savepoint). */
export const MAX_GROUP = 50;

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

export class DeliveryGroups {
  private events = new Map<string, Waiting[]>();

  constructor(private recorder: Recorder) {}

  record(eventId: string, item: Delivery): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const waiting = this.events.get(eventId);
      if (waiting) waiting.push({ item, resolve, reject });
      else {
        const queue = [{ item, resolve, reject }];
        this.events.set(eventId, queue);
        void this.drain(eventId, queue);
      }
    });
  }

  private async drain(eventId: string, queue: Waiting[]): Promise<void> {
    while (queue.length > 0) {
      const group = queue.splice(0, MAX_GROUP);
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
    this.events.delete(eventId);
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
