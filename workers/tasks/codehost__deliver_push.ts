// The queued copy of a local code host push delivery (core/codehost/local-push.ts,
// deliverDurably): it runs only when the API process that took the push did not get a
// final answer (it died, or the webhook stayed unreachable). Same delivery id, so the
// intake records it once; unreachable, 5xx and 429 throw for graphile-worker's backoff; a
// refusal is final and only logged.
import type { Task } from 'graphile-worker';
import { parseJob } from '../../core/wire/jobs.ts';
import { deliverOnce, isFinal } from '../../core/codehost/local-push.ts';
import type { WorkerDeps } from '../deps.ts';

export function codehostDeliverPush(deps: WorkerDeps): Task<'codehost__deliver_push'> {
  return async (raw) => {
    const payload = parseJob('codehost__deliver_push', raw);
    const { eventId, kind, deliveryId } = payload;
    const status = await deliverOnce(deps.config.publicUrl, deps.config.authSecret, eventId, kind, payload.payload, deliveryId);
    if (!isFinal(status)) throw new Error(`webhook delivery ${deliveryId} not taken yet (${status === 0 ? 'unreachable' : `HTTP ${status}`}); retrying`);
    if (status >= 300) deps.log.warn({ eventId, deliveryId, status }, 'queued push delivery refused');
  };
}
