// A server-sent events reader for tests, over node:http (not the CLI's client, so the framing
// is checked by a second parser): collects every event and comment, answers the refusal of
// a stream that did not open, and waits with until().
import http from 'node:http';
import { until } from '../../ops/harness/until.ts';

export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface SseOpen {
  key?: string;
  cookie?: string;
  lastEventId?: string;
  query?: string;
  headers?: Record<string, string>;
}

export class SseReader {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  readonly retries: string[] = [];
  ended = false;
  status = 0;
  headers: http.IncomingHttpHeaders = {};
  body = ''; // a refusal's JSON text
  private buffer = '';
  private req: http.ClientRequest | null = null;
  private res: http.IncomingMessage | null = null;

  /** Opens the stream; resolves once the answer's head arrived (and, for a refusal, its body). */
  static open(base: string, opts: SseOpen = {}, path = '/api/v1/event/stream'): Promise<SseReader> {
    const r = new SseReader();
    const headers: Record<string, string> = { accept: 'text/event-stream', ...opts.headers };
    if (opts.key) headers.authorization = `Bearer ${opts.key}`;
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.lastEventId !== undefined) headers['last-event-id'] = opts.lastEventId;
    return new Promise((resolve, reject) => {
      const req = http.get(base + path + (opts.query ?? ''), { headers }, (res) => {
        r.res = res;
        r.status = res.statusCode ?? 0;
        r.headers = res.headers;
        res.setEncoding('utf8');
        res.on('close', () => (r.ended = true));
        res.on('error', () => (r.ended = true));
        if (r.status !== 200) {
          res.on('data', (c: string) => (r.body += c));
          res.on('end', () => resolve(r));
          return;
        }
        res.on('data', (c: string) => r.feed(c));
        resolve(r);
      });
      r.req = req;
      req.on('error', (err) => {
        r.ended = true;
        if (!r.res) reject(err);
      });
    });
  }

  /** The refusal (status 4xx) as parsed JSON. */
  get error(): { code: string; message: string } | undefined {
    try {
      return JSON.parse(this.body).error;
    } catch {
      return undefined;
    }
  }

  /** Events other than the stream's own (`ready`, `reset`, `error`). */
  get rows(): SseEvent[] {
    return this.events.filter((e) => !['ready', 'reset', 'error'].includes(e.event));
  }

  ids(): number[] {
    return this.rows.map((e) => Number(e.id));
  }

  async next(what: string, pred: (e: SseEvent) => boolean, timeoutMs = 30_000): Promise<SseEvent> {
    return until(what, async () => this.events.find(pred), timeoutMs, 20);
  }

  async waitForId(id: number | string, timeoutMs = 30_000): Promise<SseEvent> {
    return this.next(`the event with id ${id}`, (e) => e.id === String(id), timeoutMs);
  }

  async waitEnded(timeoutMs = 30_000): Promise<void> {
    await until('the stream to end', async () => this.ended, timeoutMs, 20);
  }

  close(): void {
    this.req?.destroy();
    this.ended = true;
  }

  private feed(chunk: string): void {
    this.buffer += chunk;
    let at: number;
    while ((at = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, at);
      this.buffer = this.buffer.slice(at + 2);
      let id: string | null = null;
      let event = 'message';
      const data: string[] = [];
      let isEvent = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          this.comments.push(line.slice(1).trim());
          continue;
        }
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') ((id = value), (isEvent = true));
        else if (field === 'event') ((event = value), (isEvent = true));
        else if (field === 'data') (data.push(value), (isEvent = true));
        else if (field === 'retry') this.retries.push(value);
      }
      if (isEvent) this.events.push({ id, event, data: data.join('\n') });
    }
  }
}
