// The rate wall of share links by mail. The sender names the recipient
// and the mail carries their name, the deck's title and their own text, so without a bound any
// member could make the instance mail any address without end. Two fixed-window buckets, like
// the login wall's (Redis-backed across replicas when REDIS_URL is set): per sender (the
// person, whichever key or session they use) and per recipient (the address's compatibility
// fold, app_private.email_fold, so look-alike spellings share one bucket; never an identity).
import type pg from 'pg';
import { SHARE_MAIL_BUCKETS, type RateLimiter } from '../../../core/rate-limit.ts';
import { AppError } from '../../errors.ts';

const minutes = (seconds: number) => Math.ceil(seconds / 60);

/**
 * Counts one share mail from `userId` to `to`, or throws 429 rate_limited. Called once the
 * send is known to be allowed (so a refused send spends no one's bucket) and inside its
 * transaction (so a refusal leaves no link and no mail behind).
 */
export async function shareMailWall(limiter: RateLimiter, pool: pg.Pool, userId: string, to: string): Promise<void> {
  const { sender, recipient } = SHARE_MAIL_BUCKETS;
  const senderKey = `share-mail:from:${userId}`;
  const v = await limiter.hit(senderKey, sender.limit, sender.windowSeconds);
  if (!v.allowed) {
    throw new AppError('rate_limited', `You may mail ${sender.limit} share links an hour; try again in ${minutes(v.retryAfterSeconds)} minute(s)`, {
      retryAfterSeconds: v.retryAfterSeconds,
    });
  }
  const { fold } = (await pool.query('select app_private.email_fold($1) as fold', [to])).rows[0] as { fold: string };
  const r = await limiter.hit(`share-mail:to:${fold}`, recipient.limit, recipient.windowSeconds);
  if (!r.allowed) {
    await limiter.refund(senderKey, 1); // nothing was sent: the sender's hour is not spent on it
    throw new AppError('rate_limited', `This address was sent ${recipient.limit} share links in the last hour; try again in ${minutes(r.retryAfterSeconds)} minute(s)`, {
      retryAfterSeconds: r.retryAfterSeconds,
    });
  }
}
