// The receiving side of bench:chat, its own process: holds the open streams and times every
// arrival on the machine's clock (performance.timeOrigin + now, comparable across processes).
// Driven by JSON lines on stdin, answering one JSON line each on stdout:
//   {"op":"open","urls":[…],"keys":[…|null],"n":500}   -> {"open":500} once every stream is ready
//   {"op":"report","sent":{"<id>":<ms>,…},"waitMs":10000} -> latencies of those ids on every stream
//   {"op":"count","ids":[…],"waitMs":30000}            -> lost/duplicated of those ids, when all came
//   {"op":"reset"}                                     -> arrivals forgotten (between phases)
//   {"op":"close"}                                     -> {"closed":n}
import http from 'node:http';
import { createInterface } from 'node:readline';

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const now = () => performance.timeOrigin + performance.now();

class Stream {
  arrivals = new Map<number, number>();
  duplicates = 0;
  ready = false;
  private tail = '';
  private req: http.ClientRequest | null = null;

  open(url: string, key: string | null): Promise<void> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (key) headers.authorization = `Bearer ${key}`;
      this.req = http.get(url, { agent, headers }, (res) => {
        if (res.statusCode !== 200) return void (res.resume(), reject(new Error(`stream answered ${res.statusCode}`)));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => this.feed(chunk, resolve));
      });
      this.req.on('error', (err) => (this.ready ? undefined : reject(err)));
    });
  }

  /** Only ids and the ready event are read: `id: N\nevent: kind\n…`. */
  private feed(chunk: string, onReady: () => void): void {
    const t = now();
    const text = this.tail + chunk;
    let at = 0;
    for (;;) {
      const i = text.indexOf('id: ', at);
      if (i < 0) break;
      const nl = text.indexOf('\n', i);
      const nl2 = nl < 0 ? -1 : text.indexOf('\n', nl + 1);
      if (nl2 < 0) break;
      const id = Number(text.slice(i + 4, nl));
      if (text.startsWith('event: ready', nl + 1)) {
        if (!this.ready) ((this.ready = true), onReady());
      } else if (this.arrivals.has(id)) this.duplicates++;
      else this.arrivals.set(id, t);
      at = nl2;
    }
    this.tail = text.slice(at);
    if (this.tail.length > 8192) this.tail = this.tail.slice(-8192);
  }

  close(): void {
    this.req?.destroy();
  }
}

let streams: Stream[] = [];
let cpuAtReset = process.cpuUsage();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (s: number[], p: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : null);

async function waitAll(ids: number[], waitMs: number): Promise<void> {
  const deadline = performance.now() + waitMs;
  // Arrivals are cleared between phases (`reset`), so a count is enough to know all came.
  while (performance.now() < deadline && !streams.every((s) => s.arrivals.size >= ids.length)) await sleep(50);
}

async function handle(cmd: any): Promise<unknown> {
  switch (cmd.op) {
    case 'open': {
      streams = [];
      for (let i = 0; i < cmd.n; i += 50) {
        await Promise.all(Array.from({ length: Math.min(50, cmd.n - i) }, (_, j) => {
          const s = new Stream();
          streams.push(s);
          return s.open(cmd.urls[(i + j) % cmd.urls.length], cmd.keys[(i + j) % cmd.keys.length]);
        }));
      }
      return { open: streams.length };
    }
    case 'report': {
      const sent = new Map<number, number>(Object.entries(cmd.sent as Record<string, number>).map(([k, v]) => [Number(k), v]));
      await waitAll([...sent.keys()], cmd.waitMs);
      const lat: number[] = [];
      let lost = 0;
      for (const s of streams) {
        for (const [id, at] of sent) {
          const got = s.arrivals.get(id);
          if (got === undefined) lost++;
          else lat.push(Math.max(0, got - at));
        }
      }
      lat.sort((a, b) => a - b);
      const cpu = process.cpuUsage(cpuAtReset);
      return { p50: pct(lat, 50), p99: pct(lat, 99), max: lat.at(-1) ?? null, deliveries: lat.length, lost, duplicated: streams.reduce((n, s) => n + s.duplicates, 0), cpuMs: (cpu.user + cpu.system) / 1000 };
    }
    case 'count': {
      const t0 = performance.now();
      await waitAll(cmd.ids, cmd.waitMs);
      const lost = streams.reduce((n, s) => n + cmd.ids.filter((id: number) => !s.arrivals.has(id)).length, 0);
      const last = Math.max(...streams.map((s) => Math.max(...cmd.ids.map((id: number) => s.arrivals.get(id) ?? 0))));
      return { lost, duplicated: streams.reduce((n, s) => n + s.duplicates, 0), lastArrival: last, waitedMs: performance.now() - t0 };
    }
    case 'reset':
      for (const s of streams) ((s.arrivals = new Map()), (s.duplicates = 0));
      cpuAtReset = process.cpuUsage();
      return { reset: streams.length };
    case 'close':
      for (const s of streams) s.close();
      return { closed: streams.length };
    default:
      throw new Error(`unknown op ${cmd.op}`);
  }
}

createInterface({ input: process.stdin }).on('line', (line) => {
  handle(JSON.parse(line)).then(
    (r) => process.stdout.write(JSON.stringify(r) + '\n'),
    (err) => process.stdout.write(JSON.stringify({ error: (err as Error).message }) + '\n'),
  );
});
process.stdout.write(JSON.stringify({ up: true }) + '\n');
