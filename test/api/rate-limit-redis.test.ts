// Multi-replica rule 3 over HTTP: with REDIS_URL two API servers over one database share the
// login bucket, so the attempts spent on one are refused (429 rate_limited) on the other.
// Needs Redis: under CI the runner refuses to start without REDIS_URL, so this never skips there.
import test from 'ava';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { http } from '../helpers/http.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const REDIS_URL = process.env.REDIS_URL;
const redisTest = REDIS_URL ? test.serial : test.serial.skip;
const email = `wall-${randomBytes(4).toString('hex')}@acme.test`;
let a: TestServer;
let b: TestServer;

test.before(async () => {
  if (!REDIS_URL) return;
  a = await startTestServer({ env: { REDIS_URL } });
  b = await startTestServer({ env: { REDIS_URL }, db: a.db });
});
test.after.always(async () => {
  await b?.close();
  await a?.close();
  if (REDIS_URL) {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`podium:rl:login:*${email}`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
});

const signIn = (s: TestServer) => http(s.url, 'POST', '/api/v1/auth/session', { body: { email, password: 'wrong-password' } });

redisTest('the login bucket spent on one server answers 429 on the other', async (t) => {
  t.is(a.limiter.backend, 'redis');
  t.is(b.limiter.backend, 'redis');
  for (let i = 0; i < 10; i++) t.is((await signIn(a)).status, 401, `attempt ${i + 1} on the first server`);
  const refused = await signIn(b);
  t.is(refused.status, 429);
  t.is(refused.body.error.code, 'rate_limited');
  t.true(refused.body.error.retryAfterSeconds > 0);
});
