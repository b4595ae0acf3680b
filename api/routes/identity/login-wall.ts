// The login rate wall shared by every sign-in endpoint: 10 attempts per 15 minutes,
// keyed by client IP and email (both specs, Limits). The email part of the bucket is the
// address as SQL normalises it for the account lookup (app_private.normalize_email), so
// every spelling that reaches one account counts against one bucket.
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { LOGIN_BUCKET, type RateLimiter } from '../../../core/rate-limit.ts';
import { AppError } from '../../errors.ts';

/** Counts one sign-in attempt; answers the normalised address (for anything keyed by it). */
export async function loginWall(limiter: RateLimiter, pool: pg.Pool, req: FastifyRequest, email: string): Promise<string> {
  const normalized = (await pool.query('select app_private.normalize_email($1) as email', [email])).rows[0].email as string;
  const v = await limiter.hit(`login:${req.ip}:${normalized}`, LOGIN_BUCKET.limit, LOGIN_BUCKET.windowSeconds);
  if (!v.allowed) {
    throw new AppError('rate_limited', `Too many sign-in attempts; try again in ${Math.ceil(v.retryAfterSeconds / 60)} minute(s)`, {
      retryAfterSeconds: v.retryAfterSeconds,
    });
  }
  return normalized;
}

export const EMAIL_SCHEMA = { type: 'string', minLength: 3, maxLength: 320, pattern: '^[^@\\s]+@[^@\\s]+$' } as const;
