// Fixed-window rate buckets. With REDIS_URL every replica shares them (multi-replica
// rule 3); without it each process keeps its own.
import { Redis } from 'ioredis';

export interface Verdict {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  readonly backend: 'redis' | 'memory';
  hit(bucket: string, limit: number, windowSeconds: number): Promise<Verdict>;
  /** Gives back up to `n` hits of the bucket's current window (never below zero). */
  refund(bucket: string, n: number): Promise<void>;
  close(): Promise<void>;
}

// The login wall of both specs: 10 attempts per 15 minutes, keyed by IP and email.
export const LOGIN_BUCKET = { limit: 10, windowSeconds: 15 * 60 };

// Share links by mail (api/routes/deck/share-mail-wall.ts): per sender and per recipient, an hour.
export const SHARE_MAIL_BUCKETS = { sender: { limit: 20, windowSeconds: 60 * 60 }, recipient: { limit: 5, windowSeconds: 60 * 60 } };

// Deck previews (api/routes/event/deck-preview.ts): one per team a minute, whoever asks, so a
// preview (an archive read and two decks built) cannot be used to keep a replica busy.
export const DECK_PREVIEW_BUCKET = { limit: 1, windowSeconds: 60 };

export class MemoryRateLimiter implements RateLimiter {
  readonly backend = 'memory' as const;
  private windows = new Map<string, { count: number; resetAt: number }>();
  private sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }, 60_000).unref();

  async hit(bucket: string, limit: number, windowSeconds: number): Promise<Verdict> {
    const now = Date.now();
    let w = this.windows.get(bucket);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(bucket, w);
    }
    w.count++;
    return { allowed: w.count <= limit, remaining: Math.max(0, limit - w.count), retryAfterSeconds: Math.ceil((w.resetAt - now) / 1000) };
  }

  async refund(bucket: string, n: number): Promise<void> {
    const w = this.windows.get(bucket);
    if (w && w.resetAt > Date.now()) w.count = Math.max(0, w.count - n);
  }

  async close(): Promise<void> {
    clearInterval(this.sweep);
  }
}

const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

// Decrements within the window, never below zero, and keeps the window's expiry.
const REFUND_SCRIPT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n <= 0 then return 0 end
local left = math.max(0, n - tonumber(ARGV[1]))
redis.call('SET', KEYS[1], left, 'KEEPTTL')
return left`;

export class RedisRateLimiter implements RateLimiter {
  readonly backend = 'redis' as const;
  constructor(private redis: Redis) {}

  async hit(bucket: string, limit: number, windowSeconds: number): Promise<Verdict> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, `podium:rl:${bucket}`, String(windowSeconds * 1000))) as [number, number];
    return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
  }

  async refund(bucket: string, n: number): Promise<void> {
    await this.redis.eval(REFUND_SCRIPT, 1, `podium:rl:${bucket}`, String(n));
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

export async function createRateLimiter(redisUrl: string | null): Promise<RateLimiter> {
  if (!redisUrl) return new MemoryRateLimiter();
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 5_000, lazyConnect: true });
  await redis.connect();
  return new RedisRateLimiter(redis);
}
