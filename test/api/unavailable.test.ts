// A dependency that stops answering is a 503 the client may retry, not a 500 `internal`
// (found by the simulated event, ops/simulate: Redis down failed every sign-in with 500, a
// PostgreSQL restart every ballot). Redis is a redis-server process of this test's own
// (never the suite's shared one), killed under the login wall and started again.
import test from 'ava';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { toAppError } from '../../api/errors.ts';
import { http } from '../helpers/http.ts';
import { reservedPort } from '../../ops/harness/ports.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startSmtp } from '../../ops/harness/smtp.ts';
import { until } from '../../ops/harness/until.ts';

let port: number;
let redis: ChildProcess | null = null;
let s: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

const listening = () => new Promise<boolean>((resolve) => {
  const c = net.connect(port, '127.0.0.1');
  c.once('connect', () => (c.destroy(), resolve(true)));
  c.once('error', () => resolve(false));
});

async function startRedis(): Promise<void> {
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await until('redis-server listening', listening, 10_000, 50);
}

async function stopRedis(): Promise<void> {
  const r = redis!;
  const exited = new Promise<void>((resolve) => r.once('exit', () => resolve()));
  r.kill('SIGKILL');
  await exited;
}

test.before(async () => {
  port = await reservedPort();
  await startRedis();
  smtp = await startSmtp();
  s = await startTestServer({ env: { REDIS_URL: `redis://127.0.0.1:${port}`, EMAIL_DRIVER: 'smtp', SMTP_URL: smtp.url } });
  await seed.basicWorkspace(s.db.pool, 'Down', 'owner@down.test');
});
test.after.always(async () => {
  await s?.close();
  await smtp?.close();
  if (redis && redis.exitCode === null && redis.signalCode === null) await stopRedis();
});

test.serial('Redis down under the login wall: 503 service_unavailable with Retry-After; back up: the sign-in request passes again', async (t) => {
  const ask = () => http(s.url, 'POST', '/api/v1/cli/auth/request', { body: { email: 'owner@down.test', tool: 'hackathon' } });
  t.is((await ask()).status, 200);
  await stopRedis();
  const down = await ask();
  t.is(down.status, 503, down.text);
  t.is(down.body.error.code, 'service_unavailable');
  t.is(down.headers.get('retry-after'), '2');
  await startRedis();
  await until('the login wall answering again', async () => (await ask()).status === 200, 30_000, 200);
  t.pass();
});

test('PostgreSQL shutting down or unreachable maps to 503; other errors stay 500 internal', (t) => {
  for (const err of [
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    new Error('Connection terminated unexpectedly'),
  ]) {
    const e = toAppError(err);
    t.is(e.status, 503, err.message);
    t.is(e.code, 'service_unavailable');
  }
  const other = toAppError(new Error('something else'));
  t.is(other.status, 500);
  t.is(other.code, 'internal');
});
