// Durable push deliveries of the local code host: each delivery is queued (due in 30 s)
// before the API sends it; a final answer removes the queued copy, and when the API gets
// none (the webhook unreachable, or the process gone) the queued job (run here by runJobs)
// sends the same delivery id later, retrying what may pass and giving up on a refusal.
import test from 'ava';
import http from 'node:http';
import { deliverDurably } from '../../core/codehost/local-push.ts';
import { signBody, webhookSecret } from '../../core/codehost/webhook.ts';
import { startTestServer, TEST_AUTH_SECRET, type TestServer } from '../helpers/server.ts';
import { queuedJobs, runJobs } from '../helpers/worker.ts';

const SECRET = TEST_AUTH_SECRET;
let s: TestServer;
test.before(async () => {
  s = await startTestServer();
});
test.after.always(() => s?.close());
const db = { get pool() { return s.db.pool; } };

/** A webhook endpoint answering the statuses in turn (the last one repeats). */
async function endpoint(statuses: number[]) {
  const seen: { delivery: string; valid: boolean }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ delivery: String(req.headers['x-github-delivery']), valid: req.headers['x-hub-signature-256'] === signBody(webhookSecret(SECRET, 'ev1'), body) });
      res.writeHead(statuses[Math.min(seen.length - 1, statuses.length - 1)]!).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const queued = async () =>
  (await db.pool.query(`select j.key, j.run_at >= j.created_at + interval '30 seconds' as later, j.payload
     from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
    where k.identifier = 'codehost__deliver_push' order by j.id`)).rows;

test.serial('an accepted delivery leaves no queued copy', async (t) => {
  const e = await endpoint([202]);
  try {
    t.is(await deliverDurably(db.pool, e.url, SECRET, 'ev1', 'push', { ref: 'refs/heads/main' }), 202);
    t.is(e.seen.length, 1);
    t.true(e.seen[0]!.valid);
    t.deepEqual(await queued(), []);
  } finally {
    await e.close();
  }
});

test.serial('a refusal is final too: no queued copy', async (t) => {
  const e = await endpoint([401]);
  try {
    t.is(await deliverDurably(db.pool, e.url, SECRET, 'ev1', 'push', {}), 401);
    t.deepEqual(await queued(), []);
  } finally {
    await e.close();
  }
});

test.serial('no final answer: the queued copy (same delivery id, due in 30 s) is sent by the task, retried until accepted', async (t) => {
  const e = await endpoint([503]);
  try {
    t.is(await deliverDurably(db.pool, e.url, SECRET, 'ev1', 'push', { ref: 'refs/heads/main' }), 503);
    const inProcess = e.seen.length;
    t.is(inProcess, 5, 'the API tried five times under one id');
    const [job] = await queued();
    t.like(job, { later: true, payload: { eventId: 'ev1', kind: 'push', deliveryId: e.seen[0]!.delivery, payload: { ref: 'refs/heads/main' } } });
    t.regex(job.key, /^push-delivery:/);

    // As if the API process were gone: the copy comes due; the endpoint fails once more, then takes it.
    const retry = await endpoint([500, 202]);
    try {
      s.config.publicUrl = retry.url; // where the task's deliveries go (the API is not used here)
      await db.pool.query(`update graphile_worker._private_jobs set run_at = now() where key = $1`, [job.key]);
      t.deepEqual(await runJobs(s), [{ task: 'codehost__deliver_push', ok: false, error: `webhook delivery ${e.seen[0]!.delivery} not taken yet (HTTP 500); retrying` }]);
      t.is(retry.seen.length, 1);
      const [again] = await queuedJobs(db.pool, 'codehost__deliver_push');
      t.like(again, { key: job.key, attempts: 1, due: false }, 'kept for graphile-worker\'s backoff');
      await db.pool.query(`update graphile_worker._private_jobs set run_at = now() where key = $1`, [job.key]);
      t.deepEqual(await runJobs(s), [{ task: 'codehost__deliver_push', ok: true }]);
      t.is(retry.seen.length, 2);
      t.true(retry.seen.every((x) => x.valid && x.delivery === e.seen[0]!.delivery), 'the same delivery id, signed');
      t.deepEqual(await queued(), [], 'the accepted copy left the queue');
    } finally {
      await retry.close();
    }
  } finally {
    await e.close();
  }
});

test.serial('a queued copy refused by the webhook is given up: sent once, not retried', async (t) => {
  const refusing = await endpoint([401]);
  try {
    s.config.publicUrl = refusing.url;
    const payload = { eventId: 'ev1', kind: 'push', deliveryId: crypto.randomUUID(), payload: { ref: 'refs/heads/main' } };
    await db.pool.query(`select graphile_worker.add_job('codehost__deliver_push', $1::json, job_key => 'push-delivery:refused')`, [JSON.stringify(payload)]);
    t.deepEqual(await runJobs(s), [{ task: 'codehost__deliver_push', ok: true }]);
    t.deepEqual(refusing.seen, [{ delivery: payload.deliveryId, valid: true }]);
    t.deepEqual(await queued(), []);
  } finally {
    await refusing.close();
  }
});
