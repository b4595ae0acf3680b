// What every benchmark shares: the machine description, a database (DATABASE_URL or an
// embedded PostgreSQL), a real Podium server process over a fresh migrated database,
// autocannon in a second process, and cleanup on exit or Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '../ops/embedded/postgres.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers/db.ts';
import * as seed from '../test/helpers/seed.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const AUTH_SECRET = 'bench-auth-secret-0123456789abcdef0123456789';

export const say = (m = '') => process.stdout.write(m + '\n');

export function freePort(): Promise<number> {
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

export function machine(): Record<string, string> {
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

export function printMachine(): void {
  const m = machine();
  say(`  date        ${m.date}`);
  say(`  machine     ${m.nproc} cores, ${m.cpu}, ${m.memory}, ${m.os}`);
  say(`  node        ${m.node}`);
}

/** Polls url until it answers 200 (or proc exits, or the time is up). */
export async function waitFor(url: string, proc: ChildProcess, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`${what} exited early with code ${proc.exitCode}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs} ms`);
}

export const waitHealthy = (url: string, server: ChildProcess, timeoutMs = 60_000) => waitFor(`${url}/api/v1/health`, server, 'server', timeoutMs);

export async function stopServer(server: ChildProcess | null): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((r) => server.once('exit', () => r()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}

/** autocannon in its own process against url (extra args, e.g. ['-H', 'authorization=...']). */
export function cannon(url: string, connections: number, seconds: number, extra: string[] = []): Promise<CannonResult> {
  const bin = path.join(ROOT, 'node_modules', 'autocannon', 'autocannon.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, '--json', '-n', '-c', String(connections), '-d', String(seconds), ...extra, url], { stdio: ['ignore', 'pipe', 'pipe'] });
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

export interface BenchStack {
  tmp: string;
  db: TestDatabase;
  url: string;
  server: ChildProcess;
  log(): string;
  stopServer(): Promise<void>;
}

/**
 * A fresh migrated database (embedded PostgreSQL when DATABASE_URL is unset) and one real
 * `podium start` process over it. `run` gets the stack; everything is cleaned up after,
 * on errors and on Ctrl-C too. Benchmarks exit 0: they report, they do not gate CI.
 */
export async function withStack(name: string, env: Record<string, string>, run: (s: BenchStack) => Promise<void>): Promise<never> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), `podium-${name}-`));
  chmodSync(tmp, 0o711); // as root the embedded Postgres runs as the postgres OS user
  let stopEmbedded: (() => Promise<void>) | null = null;
  let db: TestDatabase | null = null;
  let server: ChildProcess | null = null;
  let serverLog = '';
  const cleanup = async () => {
    await stopServer(server).catch((e) => say(`cleanup: server stop failed: ${(e as Error).message}`));
    await db?.drop().catch((e) => say(`cleanup: database drop failed: ${(e as Error).message}`));
    await stopEmbedded?.().catch((e) => say(`cleanup: embedded postgres stop failed: ${(e as Error).message}`));
    rmSync(tmp, { recursive: true, force: true });
  };
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
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [path.join(ROOT, 'cli/podium/bin.js'), 'start'], {
      cwd: ROOT,
      env: {
        ...process.env, DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', AUTH_SECRET, LOG_LEVEL: 'warn',
        DATA_DIR: path.join(tmp, 'data'), SERVICE_ROLE: 'all', NODE_ENV: 'production', ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (c: Buffer) => (serverLog = (serverLog + c).slice(-8000));
    server.stdout!.on('data', keep);
    server.stderr!.on('data', keep);
    await waitHealthy(url, server);
    const srv = server;
    await run({ tmp, db, url, server: srv, log: () => serverLog, stopServer: () => stopServer(srv) });
  } catch (err) {
    say(`${name} could not run: ${(err as Error).stack ?? err}`);
    if (serverLog) say(`--- server output (tail) ---\n${serverLog}`);
  } finally {
    await cleanup();
  }
  process.exit(0);
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** One JSON call of the wire; any status but `ok` throws with the answer's start. */
export async function call(url: string, method: string, p: string, key: string | null, body?: unknown, ok = 200): Promise<any> {
  const res = await fetch(`${url}${p}`, { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(key ? { authorization: `Bearer ${key}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== ok) throw new Error(`${method} ${p} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

const BENCH_HOUR = 3600_000;

/**
 * The event the event benchmarks start from: workspace Bench, its owner's hackathon key, an
 * event starting in an hour (24 h build), the code host organization `bench`, and one
 * participant per team (`Team 000`...). Answers the team project ids by name.
 */
export async function benchEvent(db: TestDatabase, url: string, teams: number) {
  const base = await seed.basicWorkspace(db.pool, 'Bench', 'owner@bench.test');
  const key = base.hackKey.key;
  const start = Date.now() + BENCH_HOUR;
  const event = (await call(url, 'PUT', '/api/v1/event', key, {
    expectedVersion: 0, name: 'Bench Hack', timezone: 'UTC', startsAt: new Date(start).toISOString(),
    buildEndsAt: new Date(start + 24 * BENCH_HOUR).toISOString(), voteOpensAt: new Date(start + 25 * BENCH_HOUR).toISOString(),
    voteClosesAt: new Date(start + 27 * BENCH_HOUR).toISOString(),
  }, 201)).event as { id: string };
  await call(url, 'PUT', '/api/v1/event/github', key, { organization: 'bench', template: 'bench/template' });
  const names = Array.from({ length: teams }, (_, i) => `Team ${String(i).padStart(3, '0')}`);
  await call(url, 'PUT', '/api/v1/event/roster', key, { participants: names.map((team, i) => ({ email: `p${i}@bench.test`, team })) });
  const projects = new Map<string, string>((await db.pool.query('select name, id from app.projects where workspace_id = $1', [base.ws.id])).rows.map((r) => [r.name, r.id]));
  return { base, key, start, event, names, projects };
}
