// What every benchmark shares: the machine description, a database (DATABASE_URL or an
// embedded PostgreSQL), a real Podium server process over a fresh migrated database,
// wrk in a second process (with nginx, bare Node and pgbench ceilings), and cleanup on exit or Ctrl-C.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres } from '../ops/embedded/postgres.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers/db.ts';
import * as seed from '../ops/harness/seed.ts';

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
    // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (node --cpu-prof).
    const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
    server = spawn(process.execPath, [...prof, path.join(ROOT, 'cli/podium/bin.js'), 'start'], {
      cwd: ROOT,
      env: {
        ...process.env, DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', AUTH_SECRET, LOG_LEVEL: 'warn',
        DATA_DIR: path.join(tmp, 'data'), SERVICE_ROLE: process.env.BENCH_SERVICE_ROLE || 'all', NODE_ENV: 'production', ...env,
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

// Load from wrk (C, epoll, several threads) ------------------------------------------------
// autocannon is one Node process: it tops out near 4k req/s here, so it measured itself, not
// the server. wrk drives the load now; every run also measures nginx on the same bytes, so a
// figure is read as a ratio to ceilings measured in the same run on the same machine.

export interface LoadResult {
  rps: number;
  requests: number;
  p50: number; // ms
  p99: number; // ms
  max: number; // ms
  errors: number; // connect, read, write, timeout
  non2xx: number; // wrk counts status >= 400
}

const WRK_LUA = `
local threads = {}
function setup(thread) table.insert(threads, thread) end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRKJSON {\\"requests\\":%d,\\"durationUs\\":%d,\\"p50Us\\":%d,\\"p99Us\\":%d,\\"maxUs\\":%d,\\"errors\\":%d,\\"status\\":%d}\\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect + e.read + e.write + e.timeout, e.status))
end
`;

/** The wrk binary, or a clear error saying how to get it. */
export function wrkBinary(): string {
  for (const p of ['/usr/bin/wrk', '/usr/local/bin/wrk']) if (spawnSync(p, ['--version']).error === undefined) return p;
  throw new Error('wrk is not installed: apt-get install -y wrk (the benchmarks drive load with it)');
}

/** Exits 1 saying how to install wrk when it is missing (before any stack starts). */
export function requireWrk(): void {
  try {
    wrkBinary();
  } catch (e) {
    say((e as Error).message);
    process.exit(1);
  }
}

/** wrk in its own process against url for `seconds`, with `connections` connections. */
export function load(url: string, connections: number, seconds: number, headers: Record<string, string> = {}): Promise<LoadResult> {
  const script = path.join(os.tmpdir(), `podium-wrk-${process.pid}.lua`);
  writeFileSync(script, WRK_LUA);
  const threads = Math.min(connections, Number(process.env.BENCH_WRK_THREADS || 2));
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--timeout', '5s', '-s', script];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  return new Promise((resolve, reject) => {
    const child = spawn(wrkBinary(), [...args, url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (out += c));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('WRKJSON '));
      if (!line) return reject(new Error(`wrk exited ${code} without its summary: ${out.slice(-2000)}`));
      const j = JSON.parse(line.slice(8)) as { requests: number; durationUs: number; p50Us: number; p99Us: number; maxUs: number; errors: number; status: number };
      resolve({ rps: j.requests / (j.durationUs / 1e6), requests: j.requests, p50: j.p50Us / 1000, p99: j.p99Us / 1000, max: j.maxUs / 1000, errors: j.errors, non2xx: j.status });
    });
  });
}

/** One line of a figures table. */
export function row(name: string, r: LoadResult, extra = ''): string {
  return `  ${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(7)} ms  errors ${r.errors}  non-2xx ${r.non2xx}${extra ? '  ' + extra : ''}`;
}

/** The 1-minute load average now (the other users of the machine show here). */
export function loadAverage(): string {
  return os.loadavg().map((n) => n.toFixed(2)).join(' ');
}

// Ceilings ---------------------------------------------------------------------------------

export interface Ceiling {
  url: string;
  what: string;
  /** The processes that serve (nginx: master and workers). */
  pids(): number[];
  stop(): Promise<void>;
}

/** CPU seconds (user + system) the processes have used so far (Linux /proc; 0 elsewhere). */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]); // utime, stime (fields 14 and 15)
    } catch {
      /* gone, or not Linux */
    }
  }
  return ticks / 100; // USER_HZ is 100 on Linux
}

/** A process and its direct children (nginx's workers). */
export function withChildren(pid: number): number[] {
  try {
    return [pid, ...readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)];
  } catch {
    return [pid];
  }
}

function nginxBinary(): string | null {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (spawnSync(p, ['-v']).status === 0) return p;
  return null;
}

/**
 * nginx as an unprivileged foreground process on a free loopback port, serving `files` from
 * a temp directory with `workers` worker processes. Null (with the reason) when not installed.
 */
export async function startNginx(dir: string, files: Record<string, Buffer>, workers: number): Promise<Ceiling | { missing: string }> {
  const bin = nginxBinary();
  if (!bin) return { missing: 'nginx is not installed (apt-get install -y nginx-light): no nginx ceiling in this run' };
  const version = spawnSync(bin, ['-v'], { encoding: 'utf8' }).stderr.trim().replace('nginx version: ', '');
  const root = path.join(dir, `nginx-${workers}`);
  for (const d of ['www', 'logs', 'tmp']) mkdirSync(path.join(root, d), { recursive: true });
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(root, 'www', name), bytes, { mode: 0o644 });
  for (const d of [dir, root, path.join(root, 'www')]) chmodSync(d, 0o755); // nginx workers run as nobody when started as root
  const port = await freePort();
  writeFileSync(path.join(root, 'nginx.conf'), `worker_processes ${workers};
pid ${root}/nginx.pid;
error_log ${root}/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { application/octet-stream bin; text/plain txt; }
  client_body_temp_path ${root}/tmp; proxy_temp_path ${root}/tmp; fastcgi_temp_path ${root}/tmp; uwsgi_temp_path ${root}/tmp; scgi_temp_path ${root}/tmp;
  server { listen 127.0.0.1:${port}; root ${root}/www; }
}
`);
  const proc = spawn(bin, ['-p', root, '-c', path.join(root, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/${Object.keys(files)[0]}`, proc, 'nginx');
  return { url, what: `nginx ${version}, ${workers} worker${workers === 1 ? '' : 's'}`, pids: () => withChildren(proc.pid!), stop: () => stopServer(proc) };
}

/**
 * The bare Node ceiling: a fastify process (no hooks, no logging) answering every GET with
 * `body` from memory, with the same response headers a share-link asset carries.
 */
export async function startBareNode(dir: string, body: Buffer, headers: Record<string, string> = BARE_HEADERS): Promise<Ceiling> {
  const file = path.join(dir, 'bare-body.bin');
  writeFileSync(file, body);
  const port = await freePort();
  const { 'content-length': _length, ...rest } = headers; // fastify sets the length itself
  const code = `
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
const body = readFileSync(${JSON.stringify(file)});
const headers = ${JSON.stringify(rest)};
const app = Fastify({ logger: false });
app.get('/*', async (_req, reply) => reply.headers(headers).send(body));
await app.listen({ port: ${port}, host: '127.0.0.1' });
`;
  const proc = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/asset.bin`, proc, 'bare fastify');
  return { url, what: `bare fastify ${process.version}, one process, body from memory`, pids: () => [proc.pid!], stop: () => stopServer(proc) };
}

/** The ceilings' response headers when a bench has no real answer to copy. */
const BARE_HEADERS: Record<string, string> = { 'content-type': 'application/octet-stream', 'content-security-policy': 'sandbox allow-scripts', etag: '"x"', 'cache-control': 'private, no-cache', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };

/** The headers of a real answer a ceiling should repeat: all but those of the connection. */
export function answerHeaders(res: Response): Record<string, string> {
  return Object.fromEntries([...res.headers].filter(([k]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)));
}

/**
 * The bare `node:http` ceiling: one process, no framework, answering every GET with `body`
 * from memory and `headers` (bench:deck passes the headers of a real share-link answer, so the
 * two answers are the same bytes, headers included).
 */
export async function startBareHttp(dir: string, body: Buffer, headers: Record<string, string> = BARE_HEADERS): Promise<Ceiling> {
  const file = path.join(dir, 'bare-http-body.bin');
  writeFileSync(file, body);
  const port = await freePort();
  const code = `
import http from 'node:http';
import { readFileSync } from 'node:fs';
const body = readFileSync(${JSON.stringify(file)});
const headers = { ...${JSON.stringify(headers)}, 'content-length': body.length };
const server = http.createServer((_req, res) => { res.writeHead(200, headers); res.end(body); });
server.keepAliveTimeout = 72_000;
server.listen(${port}, '127.0.0.1');
`;
  const proc = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/asset.bin`, proc, 'bare node:http');
  return { url, what: `bare node:http ${process.version}, one process, body from memory`, pids: () => [proc.pid!], stop: () => stopServer(proc) };
}

export interface PgbenchResult {
  tps: number;
  latencyMs: number;
  clients: number;
  version: string;
}

/**
 * `pgbench -S` (select-only, prepared) against a scratch database next to the bench's:
 * the database's own ceiling for one indexed read per transaction at this concurrency.
 */
export async function pgbenchSelect(clients: number, seconds: number): Promise<PgbenchResult | { missing: string }> {
  const bin = ['/usr/bin/pgbench', '/usr/local/bin/pgbench'].find((p) => spawnSync(p, ['--version']).status === 0);
  if (!bin) return { missing: 'pgbench is not installed (apt-get install -y postgresql-client): no database ceiling in this run' };
  const admin = new URL(process.env.DATABASE_URL!);
  const name = `podium_pgbench_${process.pid}`;
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
    admin.pathname = '/' + name;
    const run = (args: string[]) => {
      const r = spawnSync(bin, [...args, admin.toString()], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
      if (r.status !== 0) throw new Error(`pgbench ${args.join(' ')} failed: ${r.stderr.slice(-1000)}`);
      return r.stdout;
    };
    run(['-i', '-q', '-s', '1']);
    const out = run(['-S', '-n', '-M', 'prepared', '-c', String(clients), '-j', String(Math.min(clients, 2)), '-T', String(seconds)]);
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1]);
    const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
    const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim();
    return { tps, latencyMs, clients, version };
  } finally {
    await c.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await c.end();
  }
}

export interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** The serving processes, for CPU time per request. */
  pids?: () => number[];
}

export interface TargetRuns {
  name: string;
  runs: (LoadResult & { load: string; cpuUsPerRequest: number | null })[];
  /** Medians over the rounds. */
  rps: number;
  cpuUsPerRequest: number | null;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * Paired rounds: every round measures every target in turn (after one warm-up each), so a
 * neighbour's burst lands on all of them alike; ratios are taken per round, then the median.
 */
export async function paired(targets: Target[], connections: number, seconds: number, warmup: number, rounds: number): Promise<TargetRuns[]> {
  const out: TargetRuns[] = targets.map((t) => ({ name: t.name, runs: [], rps: 0, cpuUsPerRequest: null, p99: 0, errors: 0, non2xx: 0 }));
  for (const t of targets) await load(t.url, connections, warmup, t.headers);
  for (let r = 0; r < rounds; r++) {
    for (const [i, t] of targets.entries()) {
      const loadBefore = os.loadavg()[0].toFixed(2);
      const pids = t.pids?.() ?? [];
      const cpu0 = cpuSeconds(pids);
      const res = await load(t.url, connections, seconds, t.headers);
      const cpu = cpuSeconds(pids) - cpu0;
      out[i].runs.push({ ...res, load: `${loadBefore}-${os.loadavg()[0].toFixed(2)}`, cpuUsPerRequest: pids.length && res.requests ? (cpu / res.requests) * 1e6 : null });
    }
  }
  for (const o of out) {
    o.rps = median(o.runs.map((x) => x.rps));
    o.p99 = median(o.runs.map((x) => x.p99));
    o.cpuUsPerRequest = o.runs[0]?.cpuUsPerRequest == null ? null : median(o.runs.map((x) => x.cpuUsPerRequest!));
    o.errors = o.runs.reduce((a, x) => a + x.errors, 0);
    o.non2xx = o.runs.reduce((a, x) => a + x.non2xx, 0);
  }
  return out;
}

/** The median over rounds of a / b, measured round by round. */
export function pairedRatio(a: TargetRuns, b: TargetRuns): number {
  return median(a.runs.map((x, i) => x.rps / b.runs[i].rps));
}

/**
 * The median over rounds of b's CPU a request over a's: a's share of b's throughput on equal
 * CPU. Unlike req/s it is not capped by the load generator: when wrk nears its own ceiling,
 * every server's req/s crowds under it and the req/s ratios read high. Null without pids.
 */
export function pairedCostRatio(a: TargetRuns, b: TargetRuns): number | null {
  if (a.cpuUsPerRequest === null || b.cpuUsPerRequest === null) return null;
  return median(a.runs.map((x, i) => b.runs[i].cpuUsPerRequest! / x.cpuUsPerRequest!));
}

/** Lines for a figures table of paired rounds. */
export function pairedRows(results: TargetRuns[]): string[] {
  return results.map((o) => `  ${o.name.padEnd(34)} ${o.rps.toFixed(0).padStart(7)} req/s  p99 ${o.p99.toFixed(2).padStart(7)} ms  ${o.cpuUsPerRequest === null ? '' : `CPU ${o.cpuUsPerRequest.toFixed(0).padStart(4)} us/req  `}errors ${o.errors}  non-2xx ${o.non2xx}   rounds: ${o.runs.map((x) => `${x.rps.toFixed(0)}/${x.p99.toFixed(1)}ms (load ${x.load})`).join(', ')}`);
}

/**
 * Waits until the job queue holds no job that could run (publishing enqueues thumbnails,
 * rendered in Chromium by the worker in the server's process): serving is measured in
 * steady state, not against a browser. Returns how long it waited.
 */
export async function drainJobs(pool: pg.Pool, timeoutMs = 120_000): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    const { rows } = await pool.query(`select count(*)::int as n from graphile_worker.jobs where attempts < max_attempts and run_at <= now() + interval '10 seconds'`);
    if (rows[0].n === 0) return performance.now() - t0;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the job queue did not drain within ${timeoutMs} ms`);
}
