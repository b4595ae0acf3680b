// An event-stream follower (GET /api/v1/event/stream, server-sent events over node:http): it
// notes when each post first arrives, and when its replica goes away it reconnects to
// another one with Last-Event-ID, as EventSource does, so nothing is lost across a kill.
import http from 'node:http';

export class StreamFollower {
  readonly seen = new Map<string, number>(); // post id -> Date.now() of its first arrival
  readonly duplicates: string[] = [];
  reconnects = 0;
  resets = 0;
  private lastId: string | null = null;
  private req: http.ClientRequest | null = null;
  private stopped = false;
  private turn = 0;

  constructor(private readonly bases: () => string[], private readonly key: string, offset = 0) {
    this.turn = offset;
  }

  start(): void {
    this.connect();
  }

  private connect(): void {
    if (this.stopped) return;
    const bases = this.bases();
    if (bases.length === 0) return void setTimeout(() => this.connect(), 500);
    const base = bases[this.turn++ % bases.length]!;
    const headers: Record<string, string> = { accept: 'text/event-stream', authorization: `Bearer ${this.key}` };
    if (this.lastId) headers['last-event-id'] = this.lastId;
    let buffer = '';
    let again = false;
    const retry = () => {
      if (again || this.stopped) return;
      again = true;
      this.reconnects++;
      setTimeout(() => this.connect(), 500);
    };
    const req = http.get(base + '/api/v1/event/stream', { headers }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        res.on('end', retry);
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          this.message(buffer.slice(0, at));
          buffer = buffer.slice(at + 2);
        }
      });
      res.on('close', retry);
      res.on('error', retry);
    });
    req.on('error', retry);
    this.req = req;
  }

  private message(block: string): void {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (id) this.lastId = id;
    if (event === 'reset') this.resets++;
    if (event !== 'post.created') return;
    const at = Date.now();
    try {
      const postId = JSON.parse(data.join('\n')).post.id as string;
      if (this.seen.has(postId)) this.duplicates.push(postId);
      else this.seen.set(postId, at);
    } catch {
      /* not a post */
    }
  }

  stop(): void {
    this.stopped = true;
    this.req?.destroy();
  }
}
