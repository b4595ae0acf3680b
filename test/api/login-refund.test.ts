// Only failed sign-in attempts count against the login wall (10 per 15 minutes per IP and
// email, both specs): a sign-in that worked gives its attempts back (a password: 1; a code
// that worked: its request and its spending). Before, `Too many sign-in attempts` came
// after codes that worked. Run with the per-process buckets and with Redis (shared buckets).
import test from 'ava';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { MemoryRateLimiter, RedisRateLimiter } from '../../core/rate-limit.ts';
import { http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { drain } from '../helpers/worker.ts';

const REDIS_URL = process.env.REDIS_URL;
const tag = randomBytes(4).toString('hex');
const PASSWORD = 'correct horse battery';

const backends: [string, Record<string, string> | null][] = [['per-process buckets', {}], ['Redis', REDIS_URL ? { REDIS_URL } : null]];

for (const [name, env] of backends) {
  const run = env ? test.serial : test.serial.skip;
  let s: TestServer;
  let ws: { id: string };
  test.before(async () => {
    if (!env) return;
    s = await startTestServer({ env }); // the outbox: codes are read from it
    ws = await seed.workspace(s.db.pool, 'Acme');
  });
  test.after.always(async () => {
    await s?.close();
    if (env?.REDIS_URL) {
      const redis = new Redis(env.REDIS_URL);
      const keys = await redis.keys(`podium:rl:login:*-${tag}@acme.test`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
  });
  const person = async (local: string) => {
    const email = `${local}-${tag}@acme.test`;
    const u = await seed.member(s.db.pool, ws.id, email, 'member');
    await seed.password(s.db.pool, u.userId, PASSWORD);
    return email;
  };

  run(`${name}: twelve password sign-ins that work are never refused; failures still meet the wall`, async (t) => {
    t.is(s.limiter.backend, env!.REDIS_URL ? 'redis' : 'memory');
    const email = await person('pw');
    for (let i = 0; i < 12; i++) t.is((await http(s.url, 'POST', '/api/v1/auth/session', { body: { email, password: PASSWORD } })).status, 200, `sign-in ${i + 1}`);
    for (let i = 0; i < 10; i++) t.is((await http(s.url, 'POST', '/api/v1/auth/session', { body: { email, password: 'wrong password!' } })).status, 401, `failure ${i + 1}`);
    const r = await http(s.url, 'POST', '/api/v1/auth/session', { body: { email, password: PASSWORD } });
    t.is(r.status, 429, 'the wall holds after ten failures, even for the right password');
    t.is(r.body.error.code, 'rate_limited');
  });

  run(`${name}: six emailed codes that work (twelve requests and completions) are never refused`, async (t) => {
    const email = await person('code');
    for (let i = 0; i < 6; i++) {
      const asked = await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: { email, tool: 'hackathon' } });
      t.is(asked.status, 200, `request ${i + 1}`);
      await drain(s);
      const { rows } = await s.db.pool.query('select body from app_private.mail_outbox where to_address = $1 order by id desc limit 1', [email]);
      const code = /^\s{4}(\d{6})\s*$/m.exec(rows[0].body)![1];
      const done = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email, code, tool: 'hackathon' } });
      t.is(done.status, 201, `completion ${i + 1}: ${done.text}`);
    }
    // Wrong codes still count: 10 attempts in all, then 429.
    for (let i = 0; i < 10; i++) t.not((await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email, code: '000000', tool: 'hackathon' } })).status, 429, `wrong code ${i + 1}`);
    t.is((await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: { email, tool: 'hackathon' } })).status, 429);
  });

  run(`${name}: the sign-in page gives a working password's attempt back too`, async (t) => {
    const email = await person('page');
    for (let i = 0; i < 11; i++) {
      const r = await http(s.url, 'POST', '/signin', { raw: new URLSearchParams({ email, password: PASSWORD, next: '/decks' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.url } });
      t.is(r.status, 303, `page sign-in ${i + 1}`);
    }
  });
}

test('the limiters refund within the window and never below zero', async (t) => {
  const mem = new MemoryRateLimiter();
  try {
    for (let i = 0; i < 3; i++) await mem.hit('b', 3, 60);
    t.false((await mem.hit('b', 3, 60)).allowed);
    await mem.refund('b', 2);
    t.true((await mem.hit('b', 3, 60)).allowed);
    await mem.refund('b', 100);
    t.is((await mem.hit('b', 3, 60)).remaining, 2, 'never below zero');
    await mem.refund('unknown', 1);
  } finally {
    await mem.close();
  }
});

(REDIS_URL ? test : test.skip)('the Redis limiter refunds, keeps the window, never below zero', async (t) => {
  const redis = new Redis(REDIS_URL!);
  const limiter = new RedisRateLimiter(redis);
  const bucket = `refund-test-${tag}`;
  try {
    for (let i = 0; i < 3; i++) await limiter.hit(bucket, 3, 60);
    t.false((await limiter.hit(bucket, 3, 60)).allowed);
    await limiter.refund(bucket, 2);
    const v = await limiter.hit(bucket, 3, 60);
    t.true(v.allowed);
    t.true(v.retryAfterSeconds > 0 && v.retryAfterSeconds <= 60);
    t.true((await redis.pttl(`podium:rl:${bucket}`)) > 0, 'the window keeps its expiry');
    await limiter.refund(bucket, 100);
    t.is(await redis.get(`podium:rl:${bucket}`), '0');
    await limiter.refund(`${bucket}-none`, 1);
    t.is(await redis.exists(`podium:rl:${bucket}-none`), 0, 'no key made for a bucket never hit');
  } finally {
    await redis.del(`podium:rl:${bucket}`);
    await limiter.close();
  }
});
