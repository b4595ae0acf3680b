// `npm run bench:hub`: what a cloud user pays for signing in through the hub. Three real
// `podium start` processes on loopback (a hub, a cloud instance behind it, a self-hosted
// instance), each over its own fresh database, and the bundled `deckcli list` run by node:
//   - first command after login: no cached key yet, so discovery, the exchange at the hub,
//     the relay to the instance (verify, redeem, mint) and then the listing;
//   - every later command: the cached key, zero hub calls;
//   - the same command on a self-hosted profile (its own key).
// Medians over BENCH_RUNS (default 50) interleaved runs. Targets: later commands within 10%
// of self-hosted; the first command under 300 ms.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomToken, sha256 } from '../core/crypto.ts';
import { startEmbeddedPostgres } from '../ops/embedded/postgres.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers/db.ts';
import * as seed from '../ops/harness/seed.ts';
import { AUTH_SECRET, freePort, median, printMachine, ROOT, say, stopServer, waitHealthy } from './lib.ts';

const RUNS = Number(process.env.BENCH_RUNS || 50);
const DECKCLI = path.join(ROOT, 'dist', 'deckcli.mjs');

const tmp = mkdtempSync(path.join(os.tmpdir(), 'podium-bench-hub-'));
chmodSync(tmp, 0o711);
const servers: ChildProcess[] = [];
const dbs: TestDatabase[] = [];
let stopEmbedded: (() => Promise<void>) | null = null;
const logs = new Map<ChildProcess, string>();

async function cleanup(): Promise<void> {
  for (const s of servers) await stopServer(s).catch(() => {});
  for (const d of dbs) await d.drop().catch(() => {});
  await stopEmbedded?.().catch(() => {});
  rmSync(tmp, { recursive: true, force: true });
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void cleanup().finally(() => process.exit(130)));

async function start(name: string, env: Record<string, string>): Promise<{ url: string; db: TestDatabase; proc: ChildProcess }> {
  const db = await createTestDatabase();
  dbs.push(db);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, [path.join(ROOT, 'cli/podium/bin.js'), 'start'], {
    cwd: ROOT,
    env: {
      ...process.env, DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, AUTH_SECRET, LOG_LEVEL: 'warn',
      DATA_DIR: path.join(tmp, name), SERVICE_ROLE: 'all', NODE_ENV: 'production', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(proc);
  logs.set(proc, '');
  const keep = (c: Buffer) => logs.set(proc, (logs.get(proc)! + c).slice(-4000));
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  await waitHealthy(url, proc);
  return { url, db, proc };
}

function timeMs(args: string[], env: NodeJS.ProcessEnv): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [DECKCLI, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`deckcli ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

try {
  if (!process.env.DATABASE_URL) {
    const port = await freePort();
    say(`DATABASE_URL is not set: starting an embedded PostgreSQL (port ${port})`);
    const h = await startEmbeddedPostgres(path.join(tmp, 'pg'), port);
    process.env.DATABASE_URL = h.url;
    stopEmbedded = h.stop;
  }
  spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/build-cli.ts')], { cwd: ROOT, stdio: 'inherit' });

  const hub = await start('hub', { SERVICE_ROLE: 'hub' });
  const secret = randomToken(32);
  const cloud = await start('cloud', { HUB_URL: hub.url, HUB_INSTANCE_SECRET: secret });
  const selfHosted = await start('self', {});

  // The hub: the instance, one organization opening deck there, Ann, and her hub login
  // (made in SQL here: the bench measures the commands after login, not the mailed code).
  await hub.db.pool.query('select hub_private.register_instance($1, $2, $3)', [cloud.url, 'Cloud', sha256(secret)]);
  const org = (await hub.db.pool.query('select hub_private.create_organization($1, $2, $3) as r', ['Acme', cloud.url, ['deck', 'hackathon']])).rows[0].r;
  const account = (await hub.db.pool.query('select hub_private.add_organization_member($1, $2, $3) as r', [org.id, 'ann@acme.test', 'owner'])).rows[0].r;
  const login = 'hl_' + randomToken(32);
  await hub.db.pool.query('insert into hub_private.logins (account_id, token_hash) values ($1, $2)', [account.id, sha256(login)]);
  const selfKey = (await seed.basicWorkspace(selfHosted.db.pool, 'Acme', 'ann@acme.test')).deckKey.key;

  const home = path.join(tmp, 'home');
  const config = path.join(home, '.config');
  mkdirSync(path.join(config, 'podium', 'tools'), { recursive: true, mode: 0o700 });
  const hostOf = (u: string) => new URL(u).host;
  writeFileSync(path.join(config, 'podium', 'hub.json'), JSON.stringify({ logins: { [hub.url]: { hubUrl: hub.url, account: { id: account.id, email: 'ann@acme.test', name: null }, token: login, savedAt: new Date().toISOString() } } }), { mode: 0o600 });
  const toolFile = path.join(config, 'podium', 'tools', 'deckcli.json');
  const profiles = { [hostOf(cloud.url)]: { baseUrl: cloud.url }, [hostOf(selfHosted.url)]: { baseUrl: selfHosted.url, apiKey: selfKey } };
  writeFileSync(toolFile, JSON.stringify({ profiles }), { mode: 0o600 });
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: config };
  const forgetCachedKey = () => {
    const data = JSON.parse(readFileSync(toolFile, 'utf8'));
    delete data.profiles[hostOf(cloud.url)].connectKeys;
    writeFileSync(toolFile, JSON.stringify(data), { mode: 0o600 });
  };
  const hubRequests = async () => (await hub.db.pool.query(`select count(*)::int as n from hub_private.grants`)).rows[0].n as number;

  // Warm-up: both servers' first requests, node's file cache.
  timeMs(['list', '--api-url', selfHosted.url], env);
  forgetCachedKey();
  timeMs(['list', '--api-url', cloud.url], env);

  const first: number[] = [];
  const later: number[] = [];
  const self: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    forgetCachedKey();
    first.push(timeMs(['list', '--api-url', cloud.url], env));
    later.push(timeMs(['list', '--api-url', cloud.url], env));
    self.push(timeMs(['list', '--api-url', selfHosted.url], env));
  }
  const grantsBefore = await hubRequests();
  for (let i = 0; i < 5; i++) timeMs(['list', '--api-url', cloud.url], env);
  const grantsAfter = await hubRequests();

  const f = median(first);
  const l = median(later);
  const s = median(self);
  const ratio = l / s;
  say('');
  say('bench:hub  what a cloud user pays: deckcli list through the hub vs a self-hosted profile');
  printMachine();
  say(`  method      ${RUNS} interleaved runs of each; medians; deckcli is the bundled binary run by node directly;`);
  say('              three podium processes (hub, cloud instance, self-hosted instance) over one PostgreSQL on loopback');
  say('');
  say(`  first command after login (discovery + exchange + relay + list)   ${f.toFixed(1)} ms   (p90 ${pct(first, 0.9).toFixed(1)} ms)   target < 300 ms: ${f < 300 ? 'met' : 'MISSED'}`);
  say(`  later command (cached key, zero hub calls)                        ${l.toFixed(1)} ms   (p90 ${pct(later, 0.9).toFixed(1)} ms)`);
  say(`  same command, self-hosted profile                                 ${s.toFixed(1)} ms   (p90 ${pct(self, 0.9).toFixed(1)} ms)`);
  say(`  later / self-hosted                                               ${(ratio * 100).toFixed(1)} %   target <= 110 %: ${ratio <= 1.1 ? 'met' : 'MISSED'}`);
  say(`  exchange overhead (first - later)                                 ${(f - l).toFixed(1)} ms`);
  say(`  hub grants issued by 5 later commands                             ${grantsAfter - grantsBefore} (zero hub calls)`);
} catch (err) {
  say(`bench:hub could not run: ${(err as Error).stack ?? err}`);
  for (const [, log] of logs) if (log) say(`--- server output (tail) ---\n${log}`);
} finally {
  await cleanup();
}
process.exit(0);

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
}
