// An event-stream follower (GET /api/v1/event/stream, parsed by the CLI's own parseSse): it
// notes when each post first arrives, and when its replica goes away it reconnects to
// another one with Last-Event-ID, as EventSource does, so nothing is lost across a kill. A
// post is read by its kind's schema (core/wire/live.ts): one that does not fit is not counted.
import { parseSse, STREAM_PATH } from '../../client/stream.ts';
import { parseLive } from '../../core/wire/live.ts';

export class StreamFollower {
  readonly seen = new Map<string, number>(); // post id -> Date.now() of its first arrival
  readonly duplicates: string[] = [];
  reconnects = 0;
  resets = 0;
  private lastId: string | null = null;
  private readonly abort = new AbortController();
  private done: Promise<void> = Promise.resolve();

  constructor(private readonly bases: () => string[], private readonly key: string, private turn = 0) {}

  start(): void {
    this.done = this.loop();
  }

  private async loop(): Promise<void> {
    while (!this.abort.signal.aborted) {
      const bases = this.bases();
      if (bases.length) {
        const headers: Record<string, string> = { accept: 'text/event-stream', authorization: `Bearer ${this.key}` };
        if (this.lastId) headers['last-event-id'] = this.lastId;
        try {
          const res = await fetch(bases[this.turn++ % bases.length]! + STREAM_PATH, { headers, signal: this.abort.signal });
          if (res.status === 200 && res.body) {
            for await (const e of parseSse(res.body)) {
              if (e.id) this.lastId = e.id;
              if (e.event === 'reset') this.resets++;
              if (e.event === 'post.created') this.arrived(e.id ?? '', e.data);
            }
          } else await res.arrayBuffer();
        } catch {
          /* the replica went away: reconnect below */
        }
      }
      if (this.abort.signal.aborted) return;
      this.reconnects++;
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  private arrived(id: string, data: string): void {
    const at = Date.now();
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return; // not a post
    }
    const e = parseLive({ id, kind: 'post.created', payload });
    if (e?.kind !== 'post.created') return;
    const postId = e.payload.post.id;
    if (this.seen.has(postId)) this.duplicates.push(postId);
    else this.seen.set(postId, at);
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.done;
  }
}
