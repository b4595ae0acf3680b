// `npm run bench:core`: throughput and latency of the authenticated hot path.
// One real Podium server process (`podium start`, SERVICE_ROLE=all) over a fresh migrated
// database; autocannon in a second process drives GET /api/v1/me with a deck key, so every
// request authenticates against Postgres. Prints the figures and PASS/FAIL against the
// target; exits 0 either way (a benchmark reports, it does not fail CI).
//
// Environment: DATABASE_URL (else an embedded PostgreSQL is started in a temp dir),
// BENCH_CONNECTIONS (default 20), BENCH_DURATION seconds (default 12),
// BENCH_WARMUP seconds (default 3), DB_POOL_SIZE (passed through to the server).
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
const TARGET_RPS = 3_000;
const TARGET_P99_MS = 20;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const DURATION_S = Number(process.env.BENCH_DURATION || 12);
const WARMUP_S = Number(process.env.BENCH_WARMUP || 3);
const AUTH_SECRET = 'bench-auth-secret-0123456789abcdef0123456789';

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  duration: number;
}

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

function machine(): Record<string, string> {
  let cpu = 'unknown';
  try {
    cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpu;
  } catch {
    /* not Linux */
  }
  return {
    date: new Date().toISOString(),
    nproc: String(os.availableParallelism()),
    cpu,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
  };
}

async function waitHealthy(url: string, server: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early with code ${server.exitCode}`);
    try {
      const r = await fetch(`${url}/api/v1/health`);
      if (r.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url}/api/v1/health within ${timeoutMs} ms`);
}

function cannon(url: string, key: string, connections: number, seconds: number): Promise<CannonResult> {
  const bin = path.join(ROOT, 'node_modules', 'autocannon', 'autocannon.js');
  const args = [bin, '--json', '-n', '-c', String(connections), '-d', String(seconds), '-H', `authorization=Bearer ${key}`, `${url}/api/v1/me`];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (err += c));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve(JSON.parse(out) as CannonResult);
      } catch {
        reject(new Error(`autocannon exited ${code} without JSON output: ${err.slice(-2000)}`));
      }
    });
  });
}

async function stopServer(server: ChildProcess | null): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((r) => server.once('exit', () => r()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'podium-bench-'));
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

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [path.join(ROOT, 'cli/podium/bin.js'), 'start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH_SECRET,
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(tmp, 'data'),
      SERVICE_ROLE: 'all',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (c: Buffer) => (serverLog = (serverLog + c).slice(-8000));
  server.stdout!.on('data', keep);
  server.stderr!.on('data', keep);
  await waitHealthy(url, server);

  const probe = await fetch(`${url}/api/v1/me`, { headers: { authorization: `Bearer ${base.deckKey.key}` } });
  if (probe.status !== 200) throw new Error(`GET /api/v1/me answered ${probe.status}: ${await probe.text()}`);

  // Committed transactions in the bench database, to show every request reached PostgreSQL.
  // Backends flush their statistics lazily but always on exit: read the total after the server stops.
  const commits = async () => {
    await db!.pool.query('select pg_stat_clear_snapshot()');
    const { rows } = await db!.pool.query('select xact_commit::float8 as n from pg_stat_database where datname = current_database()');
    return rows[0].n as number;
  };
  const before = await commits();

  say(`warm-up: ${WARMUP_S}s, ${CONNECTIONS} connections`);
  const warm = await cannon(url, base.deckKey.key, CONNECTIONS, WARMUP_S);
  say(`measuring: ${DURATION_S}s, ${CONNECTIONS} connections, GET /api/v1/me with a deck key`);
  const r = await cannon(url, base.deckKey.key, CONNECTIONS, DURATION_S);
  await stopServer(server);
  await new Promise((res) => setTimeout(res, 300));
  const perRequest = ((await commits()) - before) / (warm.requests.total + r.requests.total);

  const m = machine();
  const errors = r.errors + r.timeouts;
  const met = r.requests.average >= TARGET_RPS && r.latency.p99 < TARGET_P99_MS && errors === 0 && r.non2xx === 0;
  say('');
  say('bench:core  GET /api/v1/me (API key, authenticated against PostgreSQL on every request)');
  say(`  date        ${m.date}`);
  say(`  machine     ${m.nproc} cores, ${m.cpu}, ${m.memory}, ${m.os}`);
  say(`  node        ${m.node}`);
  say(`  method      one server process (SERVICE_ROLE=all, DB_POOL_SIZE=${process.env.DB_POOL_SIZE || 'default 10'}), autocannon in a second process, ${CONNECTIONS} connections, ${DURATION_S}s after ${WARMUP_S}s warm-up`);
  say('');
  say(`  requests/s  ${r.requests.average.toFixed(0)} (average; ${r.requests.total} requests in total)`);
  say(`  latency     p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms (average ${r.latency.average} ms, max ${r.latency.max} ms)`);
  say(`  errors      ${errors} (errors ${r.errors}, timeouts ${r.timeouts}), non-2xx ${r.non2xx}`);
  say(`  database    ${perRequest.toFixed(2)} committed transactions per request (server's whole run incl. worker; ~1 means every request was checked against PostgreSQL)`);
  say('');
  say(`  target      >= ${TARGET_RPS} req/s with p99 < ${TARGET_P99_MS} ms and no errors: ${met ? 'PASS' : 'FAIL'}`);
} catch (err) {
  say(`bench:core could not run: ${(err as Error).stack ?? err}`);
  if (serverLog) say(`--- server output (tail) ---\n${serverLog}`);
} finally {
  await cleanup();
}
process.exit(0);
