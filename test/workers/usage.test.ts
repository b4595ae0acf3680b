// Usage per key and route is counted off the hot path, handed to the queue, and folded
// into Postgres by the worker. Without a worker the batch waits; nothing is lost.
import test from 'ava';
import type pg from 'pg';
import { UsageCounter } from '../../core/usage.ts';
import { http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { until } from '../../ops/harness/until.ts';
import { queuedJobs, runJobs } from '../helpers/worker.ts';

let s: TestServer;
let key: { key: string; id: string };
test.before(async () => {
  s = await startTestServer();
  await seed.basicWorkspace(s.db.pool);
  key = await seed.key(s.db.pool, 'owner@acme.test', 'deck');
});
test.after.always(() => s?.close());

const usage = async () =>
  (await s.db.pool.query(`select route, request_count::int as n from app_private.key_usage where key_id = $1`, [key.id])).rows;
const queued = async () =>
  (await s.db.pool.query(`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'usage__flush'`)).rows[0].n;

test.serial('requests are tallied in memory, then wait in the queue while no worker runs', async (t) => {
  for (let i = 0; i < 7; i++) t.is((await http(s.url, 'GET', '/api/v1/me', { key: key.key })).status, 200);
  t.deepEqual(await usage(), [], 'nothing written on the request path');
  t.is(await queued(), 0);
  // The hand-off (every 5 s in a replica) is one job per batch; run it now.
  t.is(await s.usage.flush(s.db.pool), 1, 'one key x route tally');
  t.is(await queued(), 1, 'waiting in the queue: no worker runs in this file yet');
  t.deepEqual(await usage(), []);
  const m = await http(s.url, 'GET', '/metrics');
  t.regex(m.text, /^podium_jobs_queued\{task="usage__flush"\} 1$/m);
});

test.serial('a worker drains the batch into key_usage and last_used_at, once', async (t) => {
  await s.startWorker();
  await until('the queue to drain', async () => (await queued()) === 0);
  t.deepEqual(await usage(), [{ route: 'GET /api/v1/me', n: 7 }]);
  const k = await s.db.pool.query(`select last_used_at from app_private.api_keys where id = $1`, [key.id]);
  t.truthy(k.rows[0].last_used_at);
  const m = await http(s.url, 'GET', '/metrics');
  t.regex(m.text, /^podium_job_duration_seconds_count\{task="usage__flush",outcome="success"\} 1$/m);
  t.notRegex(m.text, /^podium_jobs_queued\{task="usage__flush"\}/m);
  for (let i = 0; i < 3; i++) await http(s.url, 'GET', '/api/v1/me', { key: key.key });
  await s.usage.flush(s.db.pool);
  await until('10 requests counted', async () => (await usage())[0].n === 10);
  t.pass();
  await s.worker!.stop(); // the next test runs its job itself
  s.worker = null;
});

test.serial('a malformed usage batch fails loudly instead of writing garbage', async (t) => {
  await s.db.pool.query(`select graphile_worker.add_job('usage__flush', '{"rows":[{"keyId":1}]}'::json, max_attempts => 1)`);
  const [ran] = await runJobs(s);
  t.like(ran, { task: 'usage__flush', ok: false });
  t.regex(ran!.error!, /malformed payload/);
  const jobs = await queuedJobs(s.db.pool, 'usage__flush');
  t.is(jobs.length, 1, 'kept, failed, for an operator to see');
  t.regex(jobs[0]!.lastError!, /malformed payload/);
  t.deepEqual(await usage(), [{ route: 'GET /api/v1/me', n: 10 }], 'nothing written');
});

test('a tally keeps its count and its last use (as ISO text) through a failed hand-off', async (t) => {
  const counter = new UsageCounter();
  const before = Date.now();
  counter.record('k1', 'GET /api/v1/me');
  counter.record('k1', 'GET /api/v1/me');
  counter.record('k2', 'GET /api/v1/me');
  const failing = { query: async () => Promise.reject(new Error('database away')) } as unknown as pg.Pool;
  await t.throwsAsync(counter.flush(failing), { message: 'database away' });
  counter.record('k1', 'GET /api/v1/me');
  const rows = counter.drain().sort((a, b) => a.keyId.localeCompare(b.keyId));
  t.deepEqual(rows.map((r) => [r.keyId, r.route, r.count]), [['k1', 'GET /api/v1/me', 3], ['k2', 'GET /api/v1/me', 1]]);
  for (const r of rows) {
    t.is(new Date(r.lastUsedAt).toISOString(), r.lastUsedAt);
    t.true(Date.parse(r.lastUsedAt) >= before && Date.parse(r.lastUsedAt) <= Date.now());
  }
  t.deepEqual(counter.drain(), [], 'drained once');
});
