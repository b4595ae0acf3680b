// `npm run bench:chat`: the live stream (GET /api/v1/event/stream) against real Podium server
// processes (`podium start`) on a fresh migrated database:
//   1. rows published per second: the live log's write path, one transaction per row calling
//      app_private.live_publish with a post-shaped payload (the SQL a post makes besides its
//      own insert; the chats routes are another branch), from BENCH_PUBLISHERS connections for
//      BENCH_SECONDS, while 500 streams are open on one replica: every row is counted on every
//      stream (none lost, none twice);
//   2. commit-to-arrival time on 500 open streams (p50, p99) for rows published at
//      BENCH_RATE rows/s: with one API replica holding the 500 streams, then with two replicas
//      (250 each); 0 lost, 0 duplicated;
//   3. the load generator's ceiling, in the same run: the same 500 streams and the same rate
//      against a stand-in fan-out server (bench/chat-fanout.ts: no database, no Podium), so
//      what the receiving side itself adds is known.
// The streams are read by a second process (bench/chat-streams.ts, node:http and a minimal
// parser); rows are published from this one; both time on the machine's clock. Prints PASS/FAIL against the target; exits 0 either way.
//
// Environment: DATABASE_URL (else an embedded PostgreSQL), BENCH_STREAMS (default 500),
// BENCH_RATE (rows/s, default 20), BENCH_ROWS (rows per latency phase, default 200),
// BENCH_PUBLISHERS (default 8), BENCH_SECONDS (throughput phase, default 10).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import pg from 'pg';
import { createPool } from '../core/db/pool.ts';
import * as seed from '../ops/harness/seed.ts';
import { AUTH_SECRET, freePort, printMachine, ROOT, say, stopServer, waitHealthy, withStack } from './lib.ts';

const STREAMS = Number(process.env.BENCH_STREAMS || 500);
const RATE = Number(process.env.BENCH_RATE || 20);
const ROWS = Number(process.env.BENCH_ROWS || 200);
const PUBLISHERS = Number(process.env.BENCH_PUBLISHERS || 8);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const TEAMS = 50;
const TARGET_P99_MS = 250;
const HOUR = 3600_000;
const now = () => performance.timeOrigin + performance.now(); // comparable with the receiver process's clock

interface Latency { p50: number; p99: number; max: number; deliveries: number; lost: number; duplicated: number; cpuMs: number; serverCpuMs?: number }

/** CPU seconds a server process used so far (its /metrics): load-independent cost of a phase. */
async function serverCpu(urls: string[]): Promise<number> {
  let total = 0;
  for (const u of urls) {
    const text = await (await fetch(`${u}/metrics`)).text();
    total += Number(/^process_cpu_seconds_total (\S+)$/m.exec(text)?.[1] ?? NaN);
  }
  return total;
}

/** The receiving process (bench/chat-streams.ts): one JSON line in, one out. */
class Receiver {
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  private waiting: ((line: string) => void) | null = null;
  constructor() {
    this.child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/chat-streams.ts')], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = null;
        w(line);
      } else this.lines.push(line);
    });
  }
  private next(): Promise<any> {
    const line = this.lines.shift();
    const p = line !== undefined ? Promise.resolve(line) : new Promise<string>((r) => (this.waiting = r));
    return p.then((l) => {
      const v = JSON.parse(l);
      if (v.error) throw new Error(`receiver: ${v.error}`);
      return v;
    });
  }
  async up(): Promise<void> {
    await this.next();
  }
  call<T = any>(cmd: Record<string, unknown>): Promise<T> {
    this.child.stdin!.write(JSON.stringify(cmd) + '\n');
    return this.next();
  }
  stop(): void {
    this.child.kill('SIGTERM');
  }
}

/** Commits (or emits) ROWS rows at RATE/s, timing each right after its commit returned. */
async function latencyRun(rx: Receiver, emit: (n: number) => Promise<number>, servers: string[] = []): Promise<Latency> {
  await rx.call({ op: 'reset' });
  const cpu0 = servers.length ? await serverCpu(servers) : 0;
  const sent: Record<number, number> = {};
  const t0 = performance.now();
  for (let n = 0; n < ROWS; n++) {
    const wait = t0 + (n * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const id = await emit(n);
    sent[id] = now(); // the commit returned: the row is visible from here
  }
  const result = await rx.call<Latency>({ op: 'report', sent, waitMs: 15_000 });
  if (servers.length) result.serverCpuMs = ((await serverCpu(servers)) - cpu0) * 1000;
  return result;
}

function spawnApi(dbUrl: string, port: number, tmp: string): ChildProcess {
  return spawn(process.execPath, [path.join(ROOT, 'cli/podium/bin.js'), 'start'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(port), HOST: '127.0.0.1', AUTH_SECRET, LOG_LEVEL: 'warn', DATA_DIR: path.join(tmp, `data-${port}`), SERVICE_ROLE: 'api', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function spawnFanout(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/chat-fanout.ts'), String(port)], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`fan-out stand-in exited ${code}`)));
  });
}

const payload = (n: number) => JSON.stringify({
  channelId: '00000000-0000-4000-8000-000000000001',
  post: { id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, channelId: '00000000-0000-4000-8000-000000000001', threadId: null, at: new Date().toISOString(), kind: 'post', author: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Bench Person' }, role: 'participant', body: 'A post of about the length people write in a chat, with a question or two in it. '.repeat(2), activity: null, pinned: false, pinnedAt: null, hidden: false, hiddenReason: null, replyCount: 0, reactions: [] },
});

await withStack('bench-chat', {}, async ({ db, url, tmp }) => {
  const pool = db.pool;
  const base = await seed.basicWorkspace(pool, 'Bench', 'owner@bench.test');
  const start = Date.now() + HOUR;
  const put = async (p: string, body: unknown, ok: number) => {
    const res = await fetch(`${url}${p}`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${base.hackKey.key}` }, body: JSON.stringify(body) });
    if (res.status !== ok) throw new Error(`PUT ${p} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const event = (await put('/api/v1/event', {
    expectedVersion: 0, name: 'Bench Hack', timezone: 'UTC', startsAt: new Date(start).toISOString(), buildEndsAt: new Date(start + 24 * HOUR).toISOString(),
    voteOpensAt: new Date(start + 25 * HOUR).toISOString(), voteClosesAt: new Date(start + 27 * HOUR).toISOString(),
  }, 201)).event;
  say(`seeding ${STREAMS} participants in ${TEAMS} teams, one key each...`);
  await put('/api/v1/event/roster', { participants: Array.from({ length: STREAMS }, (_, i) => ({ email: `p${i}@bench.test`, team: `Team ${i % TEAMS}` })) }, 200);
  const keys: string[] = [];
  for (let i = 0; i < STREAMS; i++) {
    await seed.member(pool, base.ws.id, `p${i}@bench.test`, 'member');
    keys.push((await seed.key(pool, `p${i}@bench.test`, 'hackathon', { scopes: ['hackathon:read'] })).key);
  }
  const roles = ['participant', 'advisor', 'organizer'];
  const publisher = createPool(db.url, PUBLISHERS);
  const publish = async (n: number, c: pg.Pool | pg.PoolClient = publisher) =>
    Number((await c.query('select app_private.live_publish($1, $2, $3, null, $4) as id', [event.id, 'post.created', roles, payload(n)])).rows[0].id);

  const rx = new Receiver();
  await rx.up();
  try {
    // 3 first (nothing else running): the receiving side's own ceiling.
    say(`load generator ceiling: ${STREAMS} streams from a stand-in fan-out server (no database), ${ROWS} rows at ${RATE}/s...`);
    const fanPort = await freePort();
    const fan = await spawnFanout(fanPort);
    let fanId = 0;
    await rx.call({ op: 'open', urls: [`http://127.0.0.1:${fanPort}/`], keys: [null], n: STREAMS });
    const ceiling = await latencyRun(rx, async () => {
      const id = ++fanId;
      fan.stdin!.write(`${id}\n`);
      return id;
    });
    await rx.call({ op: 'close' });
    fan.kill('SIGTERM');

    // 2a: one replica.
    say(`one replica: opening ${STREAMS} streams...`);
    await rx.call({ op: 'open', urls: [`${url}/api/v1/event/stream`], keys, n: STREAMS });
    say(`one replica: ${ROWS} rows at ${RATE}/s...`);
    const one = await latencyRun(rx, (n) => publish(n), [url]);

    // 1: throughput with the 500 streams open (on one replica).
    say(`throughput: ${PUBLISHERS} publishers for ${SECONDS} s, ${STREAMS} streams open...`);
    await rx.call({ op: 'reset' });
    const ids: number[] = [];
    const until = performance.now() + SECONDS * 1000;
    const t0 = performance.now();
    await Promise.all(Array.from({ length: PUBLISHERS }, async () => {
      while (performance.now() < until) ids.push(await publish(ids.length));
    }));
    const elapsed = (performance.now() - t0) / 1000;
    const tp = await rx.call<{ lost: number; duplicated: number; lastArrival: number }>({ op: 'count', ids, waitMs: 30_000 });
    const drainS = (tp.lastArrival - (performance.timeOrigin + t0)) / 1000;
    await rx.call({ op: 'close' });

    // 2b: two replicas, half the streams on each.
    const port2 = await freePort();
    const second = spawnApi(db.url, port2, tmp);
    let two: Latency;
    try {
      await waitHealthy(`http://127.0.0.1:${port2}`, second);
      say(`two replicas: opening ${STREAMS} streams (half on each)...`);
      await rx.call({ op: 'open', urls: [`${url}/api/v1/event/stream`, `http://127.0.0.1:${port2}/api/v1/event/stream`], keys, n: STREAMS });
      say(`two replicas: ${ROWS} rows at ${RATE}/s...`);
      two = await latencyRun(rx, (n) => publish(n), [url, `http://127.0.0.1:${port2}`]);
      await rx.call({ op: 'close' });
    } finally {
      await stopServer(second);
    }
    await publisher.end();

    const ok = (l: Latency) => l.p99 < TARGET_P99_MS && l.lost === 0 && l.duplicated === 0;
    say('');
    say(`bench:chat  ${STREAMS} streams (${STREAMS} participants, ${TEAMS} teams, one key each), rows of ~${payload(0).length} bytes to everyone`);
    printMachine();
    say('');
    const line = (label: string, value: string) => say(`  ${label.padEnd(52)}${value}`);
    const lat = (l: Latency) => `p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(0)} ms; ${l.deliveries} deliveries, ${l.lost} lost, ${l.duplicated} duplicated`;
    const cpu = (l: Latency) => `${l.serverCpuMs !== undefined ? `server ${(l.serverCpuMs / ROWS).toFixed(2)} ms, ` : ''}receiver ${(l.cpuMs / ROWS).toFixed(2)} ms`;
    line(`rows published/s (${PUBLISHERS} connections, ${STREAMS} streams open)`, `${(ids.length / elapsed).toFixed(0)}/s (${ids.length} rows in ${elapsed.toFixed(1)} s); all on every stream ${drainS.toFixed(1)} s after publishing began: ${tp.lost} lost, ${tp.duplicated} duplicated`);
    line(`commit to arrival, one replica (${RATE} rows/s)`, lat(one));
    line(`commit to arrival, two replicas (${RATE} rows/s)`, lat(two));
    line('load generator ceiling (stand-in fan-out, no DB)', lat(ceiling));
    line('CPU per row to every stream, one replica', cpu(one));
    line('CPU per row to every stream, two replicas (both)', cpu(two));
    line('CPU per row to every stream, stand-in', cpu(ceiling));
    say('');
    say(`  target      p99 < ${TARGET_P99_MS} ms at ${STREAMS} streams, 0 lost, 0 duplicated, with one and with two replicas: ${ok(one) && ok(two) && tp.lost === 0 && tp.duplicated === 0 ? 'PASS' : 'FAIL'}`);
  } finally {
    rx.stop();
  }
});
