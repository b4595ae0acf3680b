// The live stream (GET /api/v1/event/stream, docs/WIRE.md "Live stream") read by every client:
// its events (eventsource-parser reads the lines) and LiveFollower, which follows the whole
// stream the reader may read and opens it again with Last-Event-ID after a drop, so nothing
// is missed or repeated. The CLI's
// followers (`chats read --follow`, `--watch`), the terminal dashboard and the simulation
// take it from here.
import { createParser } from 'eventsource-parser';
import { ClientError, WireError } from './errors.ts';
import type { WireClient } from './wire.ts';

export const STREAM_PATH = '/api/v1/event/stream';

/** One change of the followed channel, as the stream sent it. */
export interface FollowEvent {
  id: string;
  kind: string;
  /** The JSON payload as sent; read it through core/wire/live.ts parseLive for its kind's type. */
  payload: unknown;
}

/** What the follower tells its user besides events: a gap it could not fill, a reconnect. */
export type FollowNotice =
  | { kind: 'reset'; message: string }
  | { kind: 'reconnected'; after: string | null }
  /** The connection dropped (server restart, network, idle): reconnecting with Last-Event-ID. */
  | { kind: 'disconnected' };

export interface FollowOptions {
  /** No byte (not even a heartbeat) for this long: the connection is taken for dead (default 75 s). */
  idleMs?: number;
  /** Waits between reconnects: doubling from the first to the last (default 500 ms to 10 s). */
  backoffMs?: [number, number];
  /** Resume after this id instead of starting from now. */
  lastEventId?: string;
  onNotice?: (n: FollowNotice) => void;
}

interface RawEvent {
  id: string | null;
  event: string;
  data: string;
}

/**
 * Splits an SSE body into events (eventsource-parser reads the lines: CR, LF or CRLF ends,
 * multi-line data, comments and `retry`, dropped). The id is the stream's last event id: an
 * event without its own `id:` carries the one before it, as the spec's last-event-id buffer.
 */
export async function* parseSse(body: AsyncIterable<Uint8Array>, onActivity: () => void = () => {}): AsyncGenerator<RawEvent> {
  const decoder = new TextDecoder();
  const parsed: RawEvent[] = [];
  let id: string | null = null;
  const parser = createParser({
    onEvent: (e) => {
      if (e.id !== undefined) id = e.id;
      parsed.push({ id, event: e.event ?? 'message', data: e.data });
    },
  });
  for await (const chunk of body) {
    onActivity();
    parser.feed(decoder.decode(chunk, { stream: true }));
    yield* parsed.splice(0);
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

/**
 * Follows the whole live stream: every change the reader may read (`accept` narrows it),
 * reconnecting with Last-Event-ID after a drop. `hackathon tui` follows it whole;
 * ChannelFollower keeps one channel's.
 */
export class LiveFollower {
  private readonly abort = new AbortController();
  private lastId: string | null;
  private first: Promise<AsyncGenerator<RawEvent>> | null = null;
  private readonly idleMs: number;
  private readonly backoff: [number, number];

  constructor(
    private readonly client: WireClient,
    protected readonly opts: FollowOptions = {},
  ) {
    this.lastId = opts.lastEventId ?? null;
    this.idleMs = opts.idleMs ?? 75_000;
    this.backoff = opts.backoffMs ?? [500, 10_000];
  }

  /** The last id the stream named (a change's, or a `ready`/`reset` position): where a resume starts. */
  get position(): string | null {
    return this.lastId;
  }

  /** Opens the stream and waits until it is live (`ready`); refusals throw their WireError. */
  async open(): Promise<void> {
    this.first ??= this.connect();
    await this.first;
  }

  stop(): void {
    this.abort.abort();
  }

  /** The channel's changes until stop() (or a final refusal, thrown). */
  async *events(): AsyncGenerator<FollowEvent> {
    let wait = this.backoff[0];
    let events = await (this.first ??= this.connect());
    for (;;) {
      let sawAny = false;
      try {
        for await (const raw of events) {
          sawAny = true;
          const e = this.take(raw);
          if (e) yield e;
        }
      } catch (err) {
        if (err instanceof WireError) throw err; // access lost: final
        // a dropped connection: reconnect below
      }
      if (this.abort.signal.aborted) return;
      this.opts.onNotice?.({ kind: 'disconnected' });
      if (sawAny) wait = this.backoff[0];
      for (;;) {
        await sleep(wait, this.abort.signal);
        if (this.abort.signal.aborted) return;
        wait = Math.min(wait * 2, this.backoff[1]);
        try {
          events = await this.connect();
          this.opts.onNotice?.({ kind: 'reconnected', after: this.lastId });
          break;
        } catch (err) {
          if (err instanceof WireError && err.status < 500) throw err; // refused: final
          // unreachable or 5xx: try again
        }
      }
    }
  }

  /** One connection: answers the event iterator once `ready` came (events before it are queued). */
  private async connect(): Promise<AsyncGenerator<RawEvent>> {
    const idle = new AbortController();
    const signal = AbortSignal.any([this.abort.signal, idle.signal]);
    const res = await this.client.openStream(STREAM_PATH, this.lastId ? { 'last-event-id': this.lastId } : {}, signal);
    if (!res.body) throw new ClientError('the live stream answered without a body', 'environment', 'environment');
    let timer: NodeJS.Timeout | null = null;
    const activity = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => idle.abort(), this.idleMs);
      timer.unref?.();
    };
    activity();
    const source = parseSse(res.body as unknown as AsyncIterable<Uint8Array>, activity);
    const queued: RawEvent[] = [];
    for (;;) {
      const n = await source.next().catch((err) => {
        if (timer) clearTimeout(timer);
        throw err;
      });
      if (n.done) {
        if (timer) clearTimeout(timer);
        throw new ClientError('the live stream ended before it was ready', 'environment', 'unreachable');
      }
      if (n.value.event === 'error') this.raise(n.value);
      queued.push(n.value);
      if (n.value.event === 'ready') break;
    }
    const self = this;
    return (async function* () {
      try {
        yield* queued;
        for await (const raw of source) {
          if (raw.event === 'error') self.raise(raw);
          yield raw;
        }
      } finally {
        if (timer) clearTimeout(timer);
      }
    })();
  }

  private raise(raw: RawEvent): never {
    let e: { code?: string; message?: string } = {};
    try {
      e = JSON.parse(raw.data).error ?? {};
    } catch {
      /* not ours */
    }
    throw new WireError(403, e.code ?? 'stream_error', e.message ?? 'The live stream ended with an error');
  }

  private take(raw: RawEvent): FollowEvent | null {
    if (raw.id !== null && raw.id !== '') this.lastId = raw.id;
    if (raw.event === 'ready') return null;
    let payload: unknown = null;
    try {
      payload = JSON.parse(raw.data);
    } catch {
      return null;
    }
    if (raw.event === 'reset') {
      this.opts.onNotice?.({ kind: 'reset', message: (payload as { message?: string } | null)?.message ?? 'Some changes are no longer kept' });
      return null;
    }
    if (!this.accept(raw.event, payload)) return null;
    return { id: raw.id ?? '', kind: raw.event, payload };
  }

  /** Whether a change is passed on (every change here). */
  protected accept(_kind: string, _payload: unknown): boolean {
    return true;
  }
}
