// The login rate wall shared by every sign-in endpoint: 10 attempts per 15 minutes,
// keyed by client IP and email (both specs, Limits). The email part of the bucket is the
// address's compatibility fold (app_private.email_fold: trim, NFKC, lower), so every
// look-alike spelling of one address counts against one bucket; the account itself is found
// by its identity (app_private.normalize_email), which never folds.
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { LOGIN_BUCKET, type RateLimiter } from '../../../core/rate-limit.ts';
import { AppError } from '../../errors.ts';

/** The wall's bucket: the address folded for compatibility (NFKC), so look-alikes share one; never an identity. */
const bucketKey = (req: FastifyRequest, fold: string) => `login:${req.ip}:${fold}`;

/** Counts one sign-in attempt; answers the address's identity (for anything keyed by it, e.g. a code's hash). */
export async function loginWall(limiter: RateLimiter, pool: pg.Pool, req: FastifyRequest, email: string): Promise<string> {
  // One round trip for both forms of the address: the identity and the bucket's fold.
  const { normalized, fold } = (await pool.query('select app_private.normalize_email($1) as normalized, app_private.email_fold($1) as fold', [email])).rows[0] as {
    normalized: string;
    fold: string;
  };
  const v = await limiter.hit(bucketKey(req, fold), LOGIN_BUCKET.limit, LOGIN_BUCKET.windowSeconds);
  if (!v.allowed) {
    throw new AppError('rate_limited', `Too many sign-in attempts; try again in ${Math.ceil(v.retryAfterSeconds / 60)} minute(s)`, {
      retryAfterSeconds: v.retryAfterSeconds,
    });
  }
  return normalized;
}

/**
 * A sign-in that worked gives its attempts back: only failed attempts count against the wall.
 * `attempts`: 1 for a password (or password + TOTP) sign-in; 2 for a code that worked (the
 * request that mailed it and the attempt that spent it).
 */
export async function loginSucceeded(limiter: RateLimiter, pool: pg.Pool, req: FastifyRequest, normalized: string, attempts: number): Promise<void> {
  const { fold } = (await pool.query('select app_private.email_fold($1) as fold', [normalized])).rows[0] as { fold: string };
  await limiter.refund(bucketKey(req, fold), attempts);
}

export const EMAIL_SCHEMA = { type: 'string', minLength: 3, maxLength: 320, pattern: '^[^@\\s]+@[^@\\s]+$' } as const;
