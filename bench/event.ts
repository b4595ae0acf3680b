// `npm run bench:event`: the event's two heavy paths, over HTTP against one real Podium
// server process (`podium start`, SERVICE_ROLE=all) on a fresh migrated database:
//   1. roster import of 1,500 rows naming 300 teams: first import (creates 300 projects),
//      the same roster again (no change), and a re-import moving 150 people between teams;
//   2. the `event status` round trip for that event: an organizer (all 300 teams) and a
//      participant (own team), sequential requests, median and p95.
// Prints the figures and PASS/FAIL against the targets; exits 0 either way (a benchmark
// reports, it does not fail CI).
//
// Environment: DATABASE_URL (else an embedded PostgreSQL is started in a temp dir),
// BENCH_REQUESTS status requests per caller (default 300), BENCH_WARMUP (default 30).
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '../ops/embedded/postgres.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers/db.ts';
import * as seed from '../test/helpers/seed.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEAMS = 300;
const ROWS = 1_500;
const TARGET_STATUS_MEDIAN_MS = 150;
const TARGET_IMPORT_MS = 2_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS || 300);
const WARMUP = Number(process.env.BENCH_WARMUP || 30);
const AUTH_SECRET = 'bench-auth-secret-0123456789abcdef0123456789';

const say = (m: string) => process.stdout.write(m + '\n');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

function cpuModel(): string {
  try {
    return /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

async function waitHealthy(url: string, server: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early with code ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url}/api/v1/health within ${timeoutMs} ms`);
}

async function stopServer(server: ChildProcess | null): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((r) => server.once('exit', () => r()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** One request, timed from send to the last byte of the answer; refuses anything but `ok`. */
async function timed(url: string, init: RequestInit, ok = 200): Promise<{ ms: number; body: any }> {
  const t0 = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${text.slice(0, 500)}`);
  return { ms, body: JSON.parse(text) };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** 1,500 rows, five people per team; `shift` moves every tenth person to the next team. */
function roster(shift = false) {
  return Array.from({ length: ROWS }, (_, i) => {
    const team = (Math.floor(i / 5) + (shift && i % 10 === 0 ? 1 : 0)) % TEAMS;
    return { email: `p${i}@bench.test`, name: `Person ${i}`, team: `Team ${String(team).padStart(3, '0')}` };
  });
}

async function statusRun(url: string, key: string): Promise<{ median: number; p95: number; teams: number }> {
  const init = { headers: { authorization: `Bearer ${key}` } };
  let teams = 0;
  for (let i = 0; i < WARMUP; i++) await timed(`${url}/api/v1/event/status`, init);
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const r = await timed(`${url}/api/v1/event/status`, init);
    samples.push(r.ms);
    teams = r.body.teams.length;
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p95: percentile(samples, 95), teams };
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'podium-bench-event-'));
chmodSync(tmp, 0o711); // as root, the embedded Postgres runs as the postgres OS user and must traverse into it
let stopEmbedded: (() => Promise<void>) | null = null;
let db: TestDatabase | null = null;
let server: ChildProcess | null = null;
let serverLog = '';

async function cleanup(): Promise<void> {
  await stopServer(server).catch((e) => say(`cleanup: server stop failed: ${(e as Error).message}`));
  server = null;
  await db?.drop().catch((e) => say(`cleanup: database drop failed: ${(e as Error).message}`));
  db = null;
  await stopEmbedded?.().catch((e) => say(`cleanup: embedded postgres stop failed: ${(e as Error).message}`));
  stopEmbedded = null;
  rmSync(tmp, { recursive: true, force: true });
}

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    say(`\n${sig}: cleaning up...`);
    void cleanup().finally(() => process.exit(130));
  });
}

try {
  if (!process.env.DATABASE_URL) {
    const port = await freePort();
    say(`DATABASE_URL is not set: starting an embedded PostgreSQL (port ${port})`);
    const h = await startEmbeddedPostgres(path.join(tmp, 'pg'), port);
    process.env.DATABASE_URL = h.url;
    stopEmbedded = h.stop;
  }
  db = await createTestDatabase();
  const base = await seed.basicWorkspace(db.pool, 'Bench', 'owner@bench.test');
  await seed.member(db.pool, base.ws.id, 'p0@bench.test', 'member');
  const participantKey = (await seed.key(db.pool, 'p0@bench.test', 'hackathon')).key;

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [path.join(ROOT, 'cli/podium/bin.js'), 'start'], {
    cwd: ROOT,
    env: {
      ...process.env, DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', AUTH_SECRET, LOG_LEVEL: 'warn',
      DATA_DIR: path.join(tmp, 'data'), SERVICE_ROLE: 'all', NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (c: Buffer) => (serverLog = (serverLog + c).slice(-8000));
  server.stdout!.on('data', keep);
  server.stderr!.on('data', keep);
  await waitHealthy(url, server);

  const owner = { 'content-type': 'application/json', authorization: `Bearer ${base.hackKey.key}` };
  const hour = 3600_000;
  const start = Date.now() + hour;
  await timed(`${url}/api/v1/event`, {
    method: 'PUT', headers: owner,
    body: JSON.stringify({
      expectedVersion: 0, name: 'Bench Hack', timezone: 'Europe/Berlin', startsAt: new Date(start).toISOString(),
      buildEndsAt: new Date(start + 24 * hour).toISOString(), voteOpensAt: new Date(start + 25 * hour).toISOString(),
      voteClosesAt: new Date(start + 27 * hour).toISOString(),
    }),
  }, 201);

  const put = (rows: unknown[]) => timed(`${url}/api/v1/event/roster`, { method: 'PUT', headers: owner, body: JSON.stringify({ participants: rows }) });
  say(`importing ${ROWS} roster rows naming ${TEAMS} teams...`);
  const first = await put(roster());
  if (first.body.created.length !== TEAMS) throw new Error(`expected ${TEAMS} teams created, got ${first.body.created.length}`);
  const same = await put(roster());
  const moved = await put(roster(true));

  say(`event status: ${WARMUP} warm-up then ${REQUESTS} sequential requests per caller...`);
  const org = await statusRun(url, base.hackKey.key);
  const part = await statusRun(url, participantKey);
  if (org.teams !== TEAMS) throw new Error(`organizer status listed ${org.teams} teams, expected ${TEAMS}`);

  const importMs = Math.max(first.ms, same.ms, moved.ms);
  const met = org.median < TARGET_STATUS_MEDIAN_MS && part.median < TARGET_STATUS_MEDIAN_MS && importMs < TARGET_IMPORT_MS;
  say('');
  say(`bench:event  ${TEAMS} teams, ${ROWS} roster rows, one server process (SERVICE_ROLE=all), client in this process`);
  say(`  date        ${new Date().toISOString()}`);
  say(`  machine     ${os.availableParallelism()} cores, ${cpuModel()}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, ${os.type()} ${os.release()}, node ${process.version}`);
  say('');
  const line = (label: string, value: string) => say(`  ${label.padEnd(46)}${value}`);
  line(`roster import, first (creates ${TEAMS} projects)`, `${first.ms.toFixed(0)} ms`);
  line('roster import, the same roster again', `${same.ms.toFixed(0)} ms`);
  line('roster import, 150 people moved between teams', `${moved.ms.toFixed(0)} ms`);
  line(`event status, organizer (${org.teams} teams)`, `median ${org.median.toFixed(1)} ms, p95 ${org.p95.toFixed(1)} ms`);
  line('event status, participant (own team)', `median ${part.median.toFixed(1)} ms, p95 ${part.p95.toFixed(1)} ms`);
  say('');
  say(`  target      status median < ${TARGET_STATUS_MEDIAN_MS} ms, every import < ${TARGET_IMPORT_MS} ms: ${met ? 'PASS' : 'FAIL'}`);
} catch (err) {
  say(`bench:event could not run: ${(err as Error).stack ?? err}`);
  if (serverLog) say(`--- server output (tail) ---\n${serverLog}`);
} finally {
  await cleanup();
}
process.exit(0);
