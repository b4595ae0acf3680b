// Multi-replica rules 1-5 with real replica processes (ops/replicas/stack.ts), each over a
// fresh, unmigrated database. Stack A: three `all` replicas (rules 1-3). Stack B: one worker
// and two api-only replicas (rules 4-5). Waits poll for state; nothing asserts on speed.
import test from 'ava';
import { Redis } from 'ioredis';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import { HEARTBEAT_INTERVAL_SECONDS } from '../../core/heartbeat.ts';
import { readFunctionFiles, readMigrations } from '../../core/db/migrate.ts';
import { createPool } from '../../core/db/pool.ts';
import { USAGE_FLUSH_INTERVAL_MS } from '../../ops/service.ts';
import {
  logEntries, logs, name, randomAuthSecret, restartReplica, running, startReplica, startStack, stopAll, stopReplica, waitExit, waitHealthy,
  type Replica,
} from '../../ops/replicas/stack.ts';
import { createEmptyDatabase } from '../helpers/db.ts';
import { cookieFrom, http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { codeIn, startSmtp } from '../../ops/harness/smtp.ts';
import { until } from '../../ops/harness/until.ts';

const REDIS_URL = process.env.REDIS_URL ?? null;
// ava 8 has no dynamic skip: decide at load time, and say why in the title.
const redisTest = REDIS_URL ? test.serial : test.serial.skip;
const BOOT_MS = 120_000; // tsx boots on 2 cores; generous on purpose
// Unique per run: Redis buckets outlive this run's databases.
const RUN = `${process.pid}${Math.random().toString(36).slice(2, 8)}`;
const PASSWORD = 'correct horse battery staple';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// graphile-worker's migration list ships in the package; its `exports` hides the file, so load it by path.
async function graphileMigrationCount(): Promise<number> {
  const index = createRequire(import.meta.url).resolve('graphile-worker');
  const mod = await import(pathToFileURL(path.join(path.dirname(index), 'generated/sql.js')).href);
  return Object.keys(mod.migrations).length;
}

/** This run's login buckets in Redis (every email of the run ends in -RUN@acme.test). */
async function redisKeys(redis: Redis): Promise<string[]> {
  return redis.keys(`podium:rl:login:*-${RUN}@acme.test`);
}

const cleanups: (() => Promise<unknown>)[] = [];
const replicas: Replica[] = [];
test.after.always(async () => {
  await stopAll(replicas);
  for (const c of cleanups.reverse()) await c().catch(() => {});
  if (REDIS_URL) {
    const redis = new Redis(REDIS_URL);
    const keys = await redisKeys(redis);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
});

// --- Stack A: three `all` replicas on one fresh database -------------------------------------
let poolA: pg.Pool;
let stackA: Replica[];
let smtp: Awaited<ReturnType<typeof startSmtp>>;

test.serial('rule 1: three replicas booting together migrate once and all become healthy', async (t) => {
  const db = await createEmptyDatabase('podium_rep');
  cleanups.push(() => db.drop());
  poolA = createPool(db.url, 4);
  cleanups.push(() => poolA.end());
  smtp = await startSmtp();
  cleanups.push(() => smtp.close());
  // startStack starts every `all` replica at once, then waits for each one's health.
  const stack = await startStack({
    ports: [0, 0, 0], roles: ['all', 'all', 'all'], databaseUrl: db.url, redisUrl: REDIS_URL, timeoutMs: BOOT_MS,
    env: { EMAIL_DRIVER: 'smtp', SMTP_URL: smtp.url },
  });
  stackA = stack.replicas;
  replicas.push(...stackA);

  for (const r of stackA) {
    t.is(r.starts, 1, `${name(r)} was started more than once`);
    t.true(running(r), `${name(r)} exited`);
    t.deepEqual(logEntries(r, '').filter((j) => j.level >= 50), [], `${name(r)} logged errors`);
  }

  const files = readMigrations();
  const { rows } = await poolA.query('select name, sha256 from app_private.migrations order by name');
  t.deepEqual(rows, files.map((f) => ({ name: f.name, sha256: f.sha256 })));

  const gw = await poolA.query('select count(*)::int as n, count(distinct id)::int as ids from graphile_worker.migrations');
  const expected = await graphileMigrationCount();
  t.true(expected > 0);
  t.deepEqual(gw.rows[0], { n: expected, ids: expected });

  // Exactly one replica applied the migrations; the others found the schema up to date.
  const applied = stackA.filter((r) => logEntries(r, 'migrations applied').length > 0);
  t.is(applied.length, 1, 'exactly one replica applies the migrations');
  t.is(logEntries(applied[0], 'migrations applied')[0].applied, files.length);
  // All of them on a fresh database: more than ten are named by the first and the last, not
  // every file; and every function file, counted.
  const line = logEntries(applied[0], 'migrations applied')[0];
  if (files.length > 10) t.like(line, { first: files[0]!.name, last: files.at(-1)!.name, files: undefined });
  else t.deepEqual(line.files, files.map((f) => f.name));
  t.is(line.functions, readFunctionFiles().length);
  for (const r of stackA.filter((x) => x !== applied[0])) {
    t.is(logEntries(r, 'schema up to date').length, 1, `${name(r)} should say schema up to date`);
    t.is(logEntries(r, 'schema up to date')[0].applied, 0);
  }

  // Rate limiting backend follows REDIS_URL on every replica.
  for (const r of stackA) {
    t.is(logEntries(r, 'rate limiting is')[0]?.backend, REDIS_URL ? 'redis' : 'memory', `${name(r)} rate limiting backend`);
  }
});

test.serial('rule 2: a session and API keys minted on one replica authenticate on the others', async (t) => {
  const [a, b, c] = stackA;
  const email = `owner-${RUN}@acme.test`;
  const ws = await seed.workspace(poolA, `Acme ${RUN}`);
  const owner = await seed.member(poolA, ws.id, email, 'owner');
  await seed.password(poolA, owner.userId, PASSWORD);

  const login = await http(a.url, 'POST', '/api/v1/auth/session', { body: { email, password: PASSWORD } });
  t.is(login.status, 200, login.text);
  const cookie = cookieFrom(login);
  for (const r of [b, c]) {
    const me = await http(r.url, 'GET', '/api/v1/me', { cookie });
    t.is(me.status, 200, `${name(r)} ${me.text}`);
    t.is(me.body.via, 'session');
    t.is(me.body.user.id, owner.userId);
  }

  // A key made by the operator path works everywhere.
  const seeded = await seed.key(poolA, email, 'deck');
  for (const r of stackA) {
    const me = await http(r.url, 'GET', '/api/v1/me', { key: seeded.key });
    t.is(me.status, 200, `${name(r)} ${me.text}`);
    t.is(me.body.via, 'api_key');
  }

  // Emailed-code sign-in across replicas: the code is sealed on A, opened by whichever
  // worker sends the mail, and checked on B; the key it yields works on C.
  t.is((await http(a.url, 'POST', '/api/v1/cli/auth/request', { body: { email, tool: 'deck' } })).status, 200);
  const [mail] = await smtp.waitFor(1, 30_000);
  const done = await http(b.url, 'POST', '/api/v1/cli/auth/complete', { body: { email, tool: 'deck', code: codeIn(mail) } });
  t.is(done.status, 201, done.text);
  const me = await http(c.url, 'GET', '/api/v1/me', { key: done.body.key });
  t.is(me.status, 200, me.text);
  t.is(me.body.via, 'api_key');
  t.is(me.body.key.id, done.body.id);

  // Signing out on C (a browser write: same-origin header) ends the session on A too.
  const out = await http(c.url, 'DELETE', '/api/v1/auth/session', { cookie, headers: { origin: c.url } });
  t.is(out.status, 200, out.text);
  t.is((await http(a.url, 'GET', '/api/v1/me', { cookie })).status, 401);
});

redisTest('rule 3: the login bucket is shared through Redis across replicas (needs REDIS_URL)', async (t) => {
  const [a, b, c] = stackA;
  for (const r of stackA) t.is(logEntries(r, 'rate limiting is backed by redis').length, 1, `${name(r)} boot log`);
  const email = `rl-${RUN}@acme.test`; // unique: the bucket lives in Redis for 15 minutes
  const ws = await seed.workspace(poolA, `Rate ${RUN}`);
  const m = await seed.member(poolA, ws.id, email, 'owner');
  await seed.password(poolA, m.userId, PASSWORD);
  for (let i = 1; i <= 10; i++) {
    const r = await http(a.url, 'POST', '/api/v1/auth/session', { body: { email, password: `wrong ${i}` } });
    t.is(r.status, 401, `attempt ${i}: ${r.text}`);
    t.is(r.body.error.code, 'invalid_credentials');
  }
  const eleventh = await http(b.url, 'POST', '/api/v1/auth/session', { body: { email, password: 'wrong 11' } });
  t.is(eleventh.status, 429, eleventh.text);
  t.is(eleventh.body.error.code, 'rate_limited');
  // Even the right password waits, on any replica.
  t.is((await http(c.url, 'POST', '/api/v1/auth/session', { body: { email, password: PASSWORD } })).status, 429);
  const redis = new Redis(REDIS_URL!);
  try {
    t.true((await redisKeys(redis)).includes(`podium:rl:login:127.0.0.1:${email}`)); // deleted in test.after.always
  } finally {
    redis.disconnect();
  }
});

test.serial('stack A stops gracefully on SIGTERM', async (t) => {
  // Frees CPU for stack B; every replica finishes its graceful stop (exit 0), none is killed.
  for (const r of stackA) t.deepEqual(await stopReplica(r), { code: 0, signal: null }, `${name(r)}\n${logs(r).slice(-5).join('\n')}`);
});

// --- Stack B: worker + two api-only replicas on another fresh database ------------------------
let poolB: pg.Pool;
let worker: Replica;
let api1: Replica;
let api2: Replica;
const authSecretB = randomAuthSecret();

test.serial('rule 5: an api-only replica refuses to boot before the job queue schema exists', async (t) => {
  const db = await createEmptyDatabase('podium_rep');
  cleanups.push(() => db.drop());
  poolB = createPool(db.url, 4);
  cleanups.push(() => poolB.end());
  api1 = await startReplica({ port: 0, role: 'api', databaseUrl: db.url, authSecret: authSecretB });
  replicas.push(api1);
  const exit = await waitExit(api1, BOOT_MS);
  t.not(exit.code, 0);
  t.is(exit.code, 4); // EXIT.environment
  const stderr = api1.lines.filter((l) => l.stream === 'stderr').map((l) => l.text).join('\n');
  t.regex(stderr, /job queue schema is not installed yet/);
  t.is((await poolB.query(`select to_regclass('graphile_worker._private_jobs') as t`)).rows[0].t, null);
});

test.serial('rules 4-5: a worker plus api-only replicas; the scheduler runs on the worker only', async (t) => {
  const url = api1.opts.databaseUrl;
  worker = await startReplica({ port: 0, role: 'worker', databaseUrl: url, authSecret: authSecretB });
  replicas.push(worker);
  await waitHealthy(worker, BOOT_MS);
  await restartReplica(api1); // what the orchestrator does after the refused boot
  api2 = await startReplica({ port: 0, role: 'api', databaseUrl: url, authSecret: authSecretB });
  replicas.push(api2);
  await Promise.all([waitHealthy(api1, BOOT_MS), waitHealthy(api2, BOOT_MS)]);
  t.is(api1.starts, 2);

  for (const r of [worker, api1, api2]) t.is(logEntries(r, 'rate limiting is per process', r.starts).length, 1, `${name(r)} boot log`);
  const health = await http(api1.url, 'GET', '/api/v1/health');
  t.is(health.status, 200);
  t.like(health.body, { status: 'ok', role: 'api', jobQueue: { installed: true }, scheduler: { ok: true } });
  t.is((await http(worker.url, 'GET', '/api/v1/health')).body.role, 'worker');
  t.is((await http(worker.url, 'GET', '/api/v1/me')).status, 404, 'a worker replica serves only health and metrics');

  const beats = await poolB.query('select service_role from app_private.worker_heartbeats');
  t.deepEqual(beats.rows.map((r) => r.service_role), ['worker']);
  // The API replicas beat as API replicas (hackathon tui's count); the worker does not.
  const apiBeats = await poolB.query(`select count(*)::int as n from app_private.api_heartbeats where beat_at > now() - interval '90 seconds'`);
  t.is(apiBeats.rows[0].n, 2);
  // A DBA tells their sessions apart: each replica's pool is named for its role.
  const apps = await poolB.query(`select distinct application_name as a from pg_stat_activity where datname = current_database() and application_name like 'podium-%' order by 1`);
  t.deepEqual(apps.rows.map((r) => r.a).filter((a) => a !== 'podium-live'), ['podium-api', 'podium-worker']);
  for (const r of [api1, api2]) t.is(logEntries(r, 'worker started').length, 0, `${name(r)} runs no job worker`);
});

let key: { key: string; id: string };
const usageCount = async (): Promise<number> =>
  (await poolB.query(`select coalesce(sum(request_count), 0)::int as n from app_private.key_usage where key_id = $1`, [key.id])).rows[0].n;
const flushJobs = async (): Promise<{ id: string; locked_at: string | null }[]> =>
  (await poolB.query(`select id, locked_at from graphile_worker.jobs where task_identifier = 'usage__flush' order by id`)).rows;

test.serial('rule 5: key usage on an api replica reaches key_usage through the worker', async (t) => {
  const email = `usage-${RUN}@acme.test`;
  const ws = await seed.workspace(poolB, `Usage ${RUN}`);
  await seed.member(poolB, ws.id, email, 'owner');
  key = await seed.key(poolB, email, 'deck');
  for (let i = 0; i < 4; i++) t.is((await http(api1.url, 'GET', '/api/v1/me', { key: key.key })).status, 200);
  await until('4 requests in key_usage', async () => (await usageCount()) === 4, USAGE_FLUSH_INTERVAL_MS + 25_000);
  const row = (await poolB.query('select route, request_count from app_private.key_usage where key_id = $1', [key.id])).rows;
  t.deepEqual(row, [{ route: 'GET /api/v1/me', request_count: 4 }]);
});

test.serial('rule 5: with the worker stopped, usage waits in the queue and the scheduler stops; a restart drains it', async (t) => {
  t.timeout(180_000);
  t.deepEqual(await stopReplica(worker), { code: 0, signal: null }, 'the worker stops gracefully');
  const lastBeat = (await poolB.query('select max(beat_at) as b from app_private.worker_heartbeats')).rows[0].b;
  for (let i = 0; i < 3; i++) t.is((await http(api1.url, 'GET', '/api/v1/me', { key: key.key })).status, 200);

  const queued = await until('a usage__flush job', async () => ((await flushJobs()).length ? flushJobs() : null), USAGE_FLUSH_INTERVAL_MS + 25_000);
  // Past a full heartbeat interval: no worker means no beat and no draining.
  await sleep((HEARTBEAT_INTERVAL_SECONDS + 5) * 1000);
  const still = await flushJobs();
  t.deepEqual(still, queued, 'the queued job is still there, unlocked');
  t.true(still.every((j) => j.locked_at === null));
  t.is(await usageCount(), 4, 'nothing folded while the worker is down');
  t.is((await poolB.query('select max(beat_at) as b from app_private.worker_heartbeats')).rows[0].b, lastBeat, 'no heartbeat while the worker is down');

  await restartReplica(worker);
  await waitHealthy(worker, BOOT_MS);
  await until('the queue to drain', async () => (await flushJobs()).length === 0, 60_000);
  t.is(await usageCount(), 4 + 3, 'every request counted exactly once');
  const beat = (await poolB.query('select max(beat_at) as b from app_private.worker_heartbeats')).rows[0].b;
  t.true(beat > lastBeat, 'the restarted worker beats again');
});

test.serial('rule 5: an api replica stopped with SIGTERM hands its pending usage to the queue', async (t) => {
  for (let i = 0; i < 2; i++) t.is((await http(api2.url, 'GET', '/api/v1/me', { key: key.key })).status, 200);
  // Stopped at once, before its periodic hand-off: the final flush on the way out carries them.
  t.deepEqual(await stopReplica(api2), { code: 0, signal: null });
  await until('the final hand-off to be folded', async () => (await usageCount()) === 4 + 3 + 2, 60_000);
  t.pass();
});
