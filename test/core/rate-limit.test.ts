import test from 'ava';
import { randomUUID } from 'node:crypto';
import { createRateLimiter, MemoryRateLimiter } from '../../core/rate-limit.ts';

test('memory buckets: limit, then refusal with a retry time; buckets are separate', async (t) => {
  const l = new MemoryRateLimiter();
  for (let i = 0; i < 3; i++) t.true((await l.hit('a', 3, 60)).allowed);
  const v = await l.hit('a', 3, 60);
  t.false(v.allowed);
  t.true(v.retryAfterSeconds > 0 && v.retryAfterSeconds <= 60);
  t.true((await l.hit('b', 3, 60)).allowed);
  await l.close();
});

const redisTest = process.env.REDIS_URL ? test : test.skip;
redisTest('redis buckets are shared between limiter instances (needs REDIS_URL)', async (t) => {
  const a = await createRateLimiter(process.env.REDIS_URL!);
  const b = await createRateLimiter(process.env.REDIS_URL!);
  const bucket = `test:${randomUUID()}`;
  try {
    t.is(a.backend, 'redis');
    for (let i = 0; i < 5; i++) t.true((await a.hit(bucket, 5, 30)).allowed);
    const v = await b.hit(bucket, 5, 30);
    t.false(v.allowed, 'exhausted on one, refused on the other');
    t.true(v.retryAfterSeconds >= 1);
  } finally {
    await a.close();
    await b.close();
  }
});
