// A local multi-replica Podium stack made of real processes (`node cli/podium/bin.js start`),
// one per port, over one shared database (and optionally one Redis). Used by operators to try
// a replicated deployment and by test/e2e/replicas.test.ts to prove the multi-replica rules.
//
//   node --import tsx ops/replicas/stack.ts --ports 3801,3802,3803 --roles all,api,api \
//     --database-url postgres://... [--redis-url redis://...] [--auth-secret ...]
//
// Port 0 gives a replica any free port: it listens on 0 and the harness reads the address
// back from its `podium listening` line (Replica.url, per start), so two stacks (two test
// runs) can share a machine. A restarted port-0 replica may come back on another port.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ServiceRole } from '../../core/config.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'cli/podium/bin.js');

// Config variables a replica reads: stripped from the inherited environment so a stray
// REDIS_URL or PODIUM_TEST_MODE in the caller's shell never leaks into a replica unasked.
const PODIUM_VARS = [
  'DATABASE_URL', 'REDIS_URL', 'HOST', 'PORT', 'DATA_DIR', 'PUBLIC_URL', 'AUTH_SECRET', 'SERVICE_ROLE',
  'EMAIL_DRIVER', 'SMTP_URL', 'RESEND_API_KEY', 'BREVO_API_KEY', 'MAIL_FROM', 'HUB_URL', 'HUB_INSTANCE_SECRET', 'PODIUM_TEST_MODE',
  'LOG_LEVEL', 'DB_POOL_SIZE', 'EMBEDDED_PG_PORT', 'TRUST_PROXY', 'NODE_ENV', 'GENERATOR_URL', 'GENERATOR_MODEL', 'GENERATOR_API_KEY',
];

export interface ReplicaOptions {
  port: number; // 0: any free port, read back from the replica's `podium listening` line
  role: ServiceRole;
  databaseUrl: string;
  redisUrl?: string | null;
  authSecret: string; // shared by every replica: sessions and sealed codes cross replicas
  env?: Record<string, string>; // extra variables (EMAIL_DRIVER, SMTP_URL, ...)
}

export interface LogLine {
  stream: 'stdout' | 'stderr';
  start: number; // which start of the replica wrote it (1 = first boot)
  text: string;
  json: Record<string, any> | null; // the parsed pino line, null for plain text
}

export interface Replica {
  readonly opts: ReplicaOptions;
  /** http://127.0.0.1:<port> of the current start; with port 0, '' until that start listens. */
  url: string;
  readonly dataDir: string;
  child: ChildProcess | null;
  starts: number; // processes spawned so far (restarts included)
  lines: LogLine[]; // every line of every start
  exit: { code: number | null; signal: NodeJS.Signals | null } | null; // of the current process, once it ended
  exited: Promise<void>; // settles when the current process ends
}

// Children still running; killed if this process goes away without stopping them.
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of live) c.kill('SIGKILL');
});

export const randomAuthSecret = (): string => randomBytes(32).toString('base64url');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Fails early when the port is taken: a stale replica there would answer our health checks. */
async function assertPortFree(port: number): Promise<void> {
  if (port === 0) return; // any free port: nothing to collide with
  await new Promise<void>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', (e) => reject(new Error(`port ${port} is in use (${(e as Error).message}); stop whatever listens there first`)));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve()));
  });
}

function spawnInto(r: Replica): void {
  const { opts } = r;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const v of PODIUM_VARS) delete env[v];
  Object.assign(env, {
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATABASE_URL: opts.databaseUrl,
    AUTH_SECRET: opts.authSecret,
    SERVICE_ROLE: opts.role,
    DATA_DIR: r.dataDir,
    LOG_LEVEL: 'info',
    GRAPHILE_ENV: 'production',
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    ...opts.env,
  });
  // process.execPath: the same Node (24) that runs this script.
  const child = spawn(process.execPath, [BIN, 'start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const start = ++r.starts;
  if (opts.port === 0) r.url = ''; // known once this start listens
  r.child = child;
  r.exit = null;
  live.add(child);
  for (const stream of ['stdout', 'stderr'] as const) {
    createInterface({ input: child[stream]! }).on('line', (text) => {
      let json: Record<string, any> | null = null;
      if (text.startsWith('{')) {
        try {
          json = JSON.parse(text);
        } catch {
          /* plain text that happens to start with a brace */
        }
      }
      r.lines.push({ stream, start, text, json });
      if (json?.msg === 'podium listening' && typeof json.url === 'string' && r.starts === start) r.url = json.url;
    });
  }
  // 'close', not 'exit': it comes after stdout/stderr ended, so every last line is in r.lines.
  r.exited = new Promise<void>((resolve) => {
    child.once('close', (code, signal) => {
      live.delete(child);
      r.exit = { code, signal };
      resolve();
    });
  });
}

/** Spawns one replica process (not waiting for it to be healthy). */
export async function startReplica(opts: ReplicaOptions): Promise<Replica> {
  await assertPortFree(opts.port);
  const r: Replica = {
    opts,
    url: opts.port === 0 ? '' : `http://127.0.0.1:${opts.port}`,
    dataDir: mkdtempSync(path.join(os.tmpdir(), `podium-replica-${opts.port}-`)),
    child: null,
    starts: 0,
    lines: [],
    exit: null,
    exited: Promise.resolve(),
  };
  spawnInto(r);
  return r;
}

export const running = (r: Replica): boolean => r.child !== null && r.exit === null;

/** The replica's lines (optionally of one start only), as text, for error messages and asserts. */
export function logs(r: Replica, start?: number): string[] {
  return r.lines.filter((l) => start === undefined || l.start === start).map((l) => l.text);
}

/** Parsed pino lines whose msg contains `msg`. */
export function logEntries(r: Replica, msg: string, start?: number): Record<string, any>[] {
  return r.lines.filter((l) => l.json && String(l.json.msg).includes(msg) && (start === undefined || l.start === start)).map((l) => l.json!);
}

/** The replica in messages: its address (or its port before it listens) and role. */
export function name(r: Replica): string {
  return `${r.url || `:${r.opts.port}`} (${r.opts.role})`;
}

function describe(r: Replica, why: string): Error {
  const tail = logs(r, r.starts).slice(-20).join('\n');
  return new Error(`replica ${name(r)} ${why}\n--- last output ---\n${tail}`);
}

/** Resolves once GET /api/v1/health answers 200; rejects if the process exits first or on timeout. */
export async function waitHealthy(r: Replica, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!running(r)) throw describe(r, `exited (code ${r.exit?.code}, signal ${r.exit?.signal}) before it was healthy`);
    if (!r.url) {
      await sleep(200); // port 0: not listening yet
      continue;
    }
    const ok = await fetch(r.url + '/api/v1/health', { signal: AbortSignal.timeout(2_000) }).then((res) => res.status === 200, () => false);
    if (ok && running(r)) return;
    await sleep(200);
  }
  throw describe(r, `was not healthy within ${timeoutMs} ms`);
}

/** Resolves with the exit of a replica expected to end on its own (e.g. a refused boot). */
export async function waitExit(r: Replica, timeoutMs = 60_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const timer = sleep(timeoutMs).then(() => 'timeout' as const);
  if ((await Promise.race([r.exited.then(() => 'exited' as const), timer])) === 'timeout') throw describe(r, `did not exit within ${timeoutMs} ms`);
  return r.exit!;
}

/** SIGTERM (graceful: final usage flush, worker stop), then SIGKILL after timeoutMs. */
export async function stopReplica(r: Replica, timeoutMs = 15_000): Promise<{ code: number | null; signal: NodeJS.Signals | null } | null> {
  if (!running(r)) return r.exit;
  r.child!.kill('SIGTERM');
  const graceful = await Promise.race([r.exited.then(() => true), sleep(timeoutMs).then(() => false)]);
  if (!graceful) {
    r.child!.kill('SIGKILL');
    await r.exited;
  }
  return r.exit;
}

/** Stops the replica if it runs and spawns it again with the same options and data dir. */
export async function restartReplica(r: Replica, timeoutMs?: number): Promise<void> {
  await stopReplica(r, timeoutMs);
  await assertPortFree(r.opts.port);
  spawnInto(r);
}

export interface Stack {
  replicas: Replica[];
  stop(): Promise<void>;
}

export interface StackOptions {
  ports: number[];
  roles: ServiceRole[];
  databaseUrl: string;
  redisUrl?: string | null;
  authSecret?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** Stops every replica (in parallel) and removes their data dirs. */
export async function stopAll(replicas: Replica[]): Promise<void> {
  await Promise.all(replicas.map((r) => stopReplica(r)));
  for (const r of replicas) rmSync(r.dataDir, { recursive: true, force: true });
}

/**
 * Starts a stack and waits until every replica is healthy. Replicas that install the job
 * queue (all, worker) start first, together; api-only replicas follow, since they refuse
 * to boot before the queue schema exists (multi-replica rule 5).
 */
export async function startStack(o: StackOptions): Promise<Stack> {
  if (o.ports.length !== o.roles.length) throw new Error(`${o.ports.length} ports but ${o.roles.length} roles`);
  const authSecret = o.authSecret ?? randomAuthSecret();
  const replicas: Replica[] = [];
  const stack: Stack = { replicas, stop: () => stopAll(replicas) };
  try {
    for (const phase of [(x: ServiceRole) => x !== 'api', (x: ServiceRole) => x === 'api']) {
      const batch: Replica[] = [];
      for (let i = 0; i < o.ports.length; i++) {
        if (!phase(o.roles[i])) continue;
        const r = await startReplica({ port: o.ports[i], role: o.roles[i], databaseUrl: o.databaseUrl, redisUrl: o.redisUrl, authSecret, env: o.env });
        batch.push(r);
        replicas.push(r);
      }
      await Promise.all(batch.map((r) => waitHealthy(r, o.timeoutMs)));
    }
    return stack;
  } catch (err) {
    await stack.stop();
    throw err;
  }
}

// CLI: start the stack, stream every replica's output prefixed with its port, stop on Ctrl-C.
async function cli(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      ports: { type: 'string', default: '3801,3802,3803' },
      roles: { type: 'string' },
      'database-url': { type: 'string', default: process.env.DATABASE_URL },
      'redis-url': { type: 'string', default: process.env.REDIS_URL },
      'auth-secret': { type: 'string', default: process.env.AUTH_SECRET },
      help: { type: 'boolean' },
    },
  });
  const usage = 'Usage: node --import tsx ops/replicas/stack.ts --ports 3801,3802,3803 --roles all,api,api --database-url postgres://... [--redis-url redis://...] [--auth-secret ...]\n(a port of 0: any free port, printed once the stack is up)\n';
  if (values.help) return void process.stdout.write(usage);
  if (!values['database-url']) throw new Error('--database-url (or DATABASE_URL) is required: replicas share one database\n' + usage);
  const ports = values.ports!.split(',').map((p) => Number(p.trim()));
  const roles = (values.roles ?? ports.map(() => 'all').join(',')).split(',').map((x) => x.trim()) as ServiceRole[];
  for (const x of roles) if (!['all', 'api', 'worker'].includes(x)) throw new Error(`unknown role "${x}": use all, api or worker`);

  const stack = await startStack({ ports, roles, databaseUrl: values['database-url'], redisUrl: values['redis-url'] ?? null, authSecret: values['auth-secret'] });
  // Lines so far were only buffered; from here on they stream as they come.
  const printed = new Map<Replica, number>();
  const reported = new Set<Replica>();
  const flushLines = () => {
    for (const r of stack.replicas) {
      const from = printed.get(r) ?? 0;
      for (const l of r.lines.slice(from)) process.stdout.write(`[${r.url || r.opts.port} ${r.opts.role}] ${l.text}\n`);
      printed.set(r, r.lines.length);
      if (r.exit && !reported.has(r)) {
        reported.add(r);
        process.stdout.write(`[${r.url || r.opts.port} ${r.opts.role}] exited (code ${r.exit.code}, signal ${r.exit.signal})\n`);
      }
    }
  };
  flushLines();
  const pump = setInterval(flushLines, 200);
  process.stdout.write(`\nstack up: ${stack.replicas.map((r) => `${r.url} (${r.opts.role})`).join(', ')}\nCtrl-C stops every replica.\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await stack.stop();
  clearInterval(pump);
  flushLines();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli(process.argv.slice(2)).catch((err) => {
    process.stderr.write(`stack: ${(err as Error).message}\n`);
    process.exit(1);
  });
}
