// The live hub of one API replica: one LISTEN connection (`podium_live`, payload = the new
// row's id), one read of the log per wake-up, and an in-process fan-out to the open streams
// of the row's event.
//
// Ids are in commit order per event, not across events (one advisory lock per
// event, so two events never wait on each other). The hub therefore keeps one cursor per
// event it has streams for (the highest id of that event fanned out) and reads, per wake-up,
// each such event's rows after its cursor (in pages of PAGE rows per event): "after the last
// one seen of this event" never skips a row that commits later. A row of an event nobody
// streams here is never read. The first stream of an event sets the event's cursor from
// the position SQL answered it (app_private.live_reader); the cursor goes with the event's
// last stream.
//
// The LISTEN connection may drop (a restart, pg_terminate_backend, a network cut): the hub
// reconnects with backoff (100 ms doubling to 5 s), LISTENs again, then reads after its
// cursors, so rows committed while it was away are fanned out too; nothing is lost. A
// heartbeat tick (LIVE_HEARTBEAT_SECONDS) writes a comment to every stream, reads the log
// once (a notification lost in transit costs at most one tick) and pings the LISTEN
// connection (a silently dead one is replaced).
//
// The hub starts on the first stream opened (a replica nobody streams from holds no
// listening connection) and stops with the API.
import pg from 'pg';
import type { Logger } from '../../core/log.ts';
import { frame, type LiveRow } from './audience.ts';

export const LIVE_CHANNEL = 'podium_live';
const PAGE = 1000;
const BACKOFF_MIN_MS = 100;
const BACKOFF_MAX_MS = 5_000;

/** Where the hub stands in one event's log: the highest id of the event fanned out. */
interface Cursor {
  after: number;
}

/** An open stream, as the hub sees it. */
export interface LiveSubscriber {
  readonly eventId: string;
  /** Every row of the subscriber's event, in id order; the subscriber applies its audience. */
  deliver(row: LiveRow): void;
  heartbeat(): void;
  /** The hub is stopping (the API closes): end the response. */
  close(reason: string): void;
}

export interface LiveHubOptions {
  pool: pg.Pool;
  log: Logger;
  heartbeatMs: number;
  /** The listening connection: a client of its own, outside the pool (it never returns there). */
  connect?: () => pg.Client;
}

interface DbRow {
  id: number;
  event_id: string;
  kind: string;
  roles: string[];
  team_id: string | null;
  payload: string;
}

export class LiveHub {
  private readonly byEvent = new Map<string, Set<LiveSubscriber>>();
  /** One cursor per event with streams here (dropped with the event's last stream). */
  private readonly cursors = new Map<string, Cursor>();
  private listener: pg.Client | null = null;
  private starting: Promise<void> | null = null;
  private closed = false;
  private fetching = false;
  private dirty = false;
  private backoffMs = BACKOFF_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private tick: NodeJS.Timeout | null = null;
  /** Fan-out batches so far (each read of the log that found rows). */
  private batch = 0;
  /** Times the listening connection was (re)established: 1 after the first start. */
  listens = 0;
  count = 0;

  constructor(private readonly opts: LiveHubOptions) {}

  /** Starts once (LISTEN); later calls wait for the same start. */
  start(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the live hub is closed'));
    this.starting ??= (async () => {
      await this.listen();
      this.tick = setInterval(() => this.onTick(), this.opts.heartbeatMs);
      this.tick.unref();
    })().catch((err) => {
      this.starting = null; // the next stream tries again
      throw err;
    });
    return this.starting;
  }

  /**
   * Adds a stream. `from` is a position of the stream's event that nothing of the event at or
   * below it can still appear under (live_reader's answer): the event's cursor when this is
   * its first stream here. Every row of the event after `position(eventId)` as read now
   * (synchronously) will reach the stream.
   */
  subscribe(sub: LiveSubscriber, from: number): () => void {
    let set = this.byEvent.get(sub.eventId);
    if (!set) this.byEvent.set(sub.eventId, (set = new Set()));
    set.add(sub);
    if (!this.cursors.has(sub.eventId)) {
      this.cursors.set(sub.eventId, { after: from });
      this.wake(); // rows committed since `from`
    }
    this.count++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.count--;
      set.delete(sub);
      if (set.size === 0 && this.byEvent.get(sub.eventId) === set) {
        this.byEvent.delete(sub.eventId);
        this.cursors.delete(sub.eventId);
      }
    };
  }

  /** The highest id of the event fanned out here (0 when the event has no stream here). */
  position(eventId: string): number {
    return this.cursors.get(eventId)?.after ?? 0;
  }

  /** Ends every stream and the listening connection. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of [this.reconnectTimer, this.retryTimer]) if (t) clearTimeout(t);
    if (this.tick) clearInterval(this.tick);
    for (const set of [...this.byEvent.values()]) for (const sub of [...set]) sub.close('server_closing');
    const l = this.listener;
    this.listener = null;
    await l?.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    const client = this.opts.connect ? this.opts.connect() : new pg.Client({ ...this.opts.pool.options, application_name: 'podium-live', keepAlive: true });
    let gone = false;
    const lost = (why: string) => {
      if (gone) return;
      gone = true;
      if (this.listener === client) this.listener = null;
      client.end().catch(() => {});
      if (!this.closed) {
        this.opts.log.warn({ why }, 'live: the listening connection was lost; reconnecting');
        this.scheduleReconnect();
      }
    };
    client.on('error', (err) => lost(err.message));
    client.on('end', () => lost('connection ended'));
    client.on('notification', (n) => {
      if (n.channel === LIVE_CHANNEL) this.wake();
    });
    try {
      await client.connect();
      await client.query(`listen ${LIVE_CHANNEL}`);
    } catch (err) {
      gone = true;
      client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.listener = client;
    this.listens++;
    this.backoffMs = BACKOFF_MIN_MS;
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.closed) return;
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, BACKOFF_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listen().then(
        () => {
          this.opts.log.info({ listens: this.listens }, 'live: listening again; reading what was missed');
          this.wake(); // rows committed while nobody listened
        },
        (err) => {
          this.opts.log.warn({ err: (err as Error).message, retryMs: this.backoffMs }, 'live: reconnect failed');
          this.scheduleReconnect();
        },
      );
    }, wait);
    this.reconnectTimer.unref();
  }

  private onTick(): void {
    for (const set of this.byEvent.values()) for (const sub of set) sub.heartbeat();
    this.wake();
    const l = this.listener;
    if (l) l.query('select 1').catch(() => {}); // a dead connection errors, and 'error' reconnects
  }

  /** A notification (or a tick): read the log now, or again right after the read under way. */
  wake(): void {
    if (this.closed || !this.starting) return;
    if (this.fetching) {
      this.dirty = true;
      return;
    }
    void this.drain();
  }

  private async drain(): Promise<void> {
    this.fetching = true;
    try {
      do {
        this.dirty = false;
        // On the listening connection when it is up: it is otherwise idle, and the read never
        // queues behind the pool's work (stream opens, re-checks, requests).
        const read = [...this.cursors];
        if (read.length === 0) continue;
        const { rows } = await (this.listener ?? this.opts.pool).query<DbRow>(
          `select l.id, l.event_id, l.kind, l.roles, l.team_id, l.payload::text as payload
             from unnest($1::uuid[], $2::bigint[]) as c (event_id, after)
             cross join lateral (
               select * from app_private.live_events e where e.event_id = c.event_id and e.id > c.after order by e.id limit ${PAGE}
             ) l
            order by l.id`,
          [read.map(([e]) => e), read.map(([, c]) => c.after)],
        );
        if (this.fanOut(rows, new Map(read))) this.dirty = true;
      } while (this.dirty && !this.closed);
    } catch (err) {
      // The database is away: try again soon; the rows wait in the log.
      this.opts.log.warn({ err: (err as Error).message }, 'live: reading the log failed; retrying');
      this.retryTimer ??= setTimeout(() => {
        this.retryTimer = null;
        this.wake();
      }, BACKOFF_MAX_MS);
      this.retryTimer.unref();
    } finally {
      this.fetching = false;
    }
  }

  /**
   * Synchronous: a stream subscribing between two fan-outs sees a consistent position. Rows
   * of an event whose cursor changed since the read (its last stream left, maybe another came
   * with a position of its own) are left for the next read. True when an event filled a page.
   */
  private fanOut(rows: DbRow[], read: Map<string, Cursor>): boolean {
    const batch = ++this.batch;
    const perEvent = new Map<string, number>();
    for (const r of rows) {
      perEvent.set(r.event_id, (perEvent.get(r.event_id) ?? 0) + 1);
      const cursor = read.get(r.event_id);
      if (!cursor || this.cursors.get(r.event_id) !== cursor) continue;
      const id = Number(r.id);
      if (id <= cursor.after) continue;
      cursor.after = id;
      const set = this.byEvent.get(r.event_id);
      if (!set) continue;
      const row: LiveRow = { id, eventId: r.event_id, kind: r.kind, roles: r.roles, teamId: r.team_id, frame: Buffer.from(frame(id, r.kind, r.payload)), batch };
      for (const sub of [...set]) sub.deliver(row);
    }
    for (const n of perEvent.values()) if (n >= PAGE) return true;
    return false;
  }
}
