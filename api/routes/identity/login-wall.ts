// The login rate wall shared by every sign-in endpoint: 10 attempts per 15 minutes,
// keyed by client IP and email (both specs, Limits).
import type { FastifyRequest } from 'fastify';
import { LOGIN_BUCKET, type RateLimiter } from '../../../core/rate-limit.ts';
import { AppError } from '../../errors.ts';

export async function loginWall(limiter: RateLimiter, req: FastifyRequest, email: string): Promise<void> {
  const v = await limiter.hit(`login:${req.ip}:${email.trim().toLowerCase()}`, LOGIN_BUCKET.limit, LOGIN_BUCKET.windowSeconds);
  if (!v.allowed) {
    throw new AppError('rate_limited', `Too many sign-in attempts; try again in ${Math.ceil(v.retryAfterSeconds / 60)} minute(s)`, {
      retryAfterSeconds: v.retryAfterSeconds,
    });
  }
}

export const EMAIL_SCHEMA = { type: 'string', minLength: 3, maxLength: 320, pattern: '^[^@\\s]+@[^@\\s]+$' } as const;
