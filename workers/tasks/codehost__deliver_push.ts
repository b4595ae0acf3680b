// The queued copy of a local code host push delivery (core/codehost/local-push.ts,
// deliverDurably): it runs only when the API process that took the push did not get a
// final answer (it died, or the webhook stayed unreachable). Same delivery id, so the
// intake records it once; unreachable, 5xx and 429 throw for graphile-worker's backoff; a
// refusal is final and only logged.
import type { Task } from 'graphile-worker';
import type { Delivery } from '../payloads.ts';
import { deliverOnce, isFinal } from '../../core/codehost/local-push.ts';
import type { WorkerDeps } from '../deps.ts';


function isDelivery(p: unknown): p is Delivery {
  const d = p as Partial<Delivery>;
  return typeof d?.eventId === 'string' && typeof d.kind === 'string' && typeof d.deliveryId === 'string' && d.payload !== undefined;
}

export function codehostDeliverPush(deps: WorkerDeps): Task<'codehost__deliver_push'> {
  return async (payload) => {
    if (!isDelivery(payload)) throw new Error('codehost__deliver_push: malformed payload');
    const { eventId, kind, deliveryId } = payload;
    const status = await deliverOnce(deps.config.publicUrl, deps.config.authSecret, eventId, kind, payload.payload, deliveryId);
    if (!isFinal(status)) throw new Error(`webhook delivery ${deliveryId} not taken yet (${status === 0 ? 'unreachable' : `HTTP ${status}`}); retrying`);
    if (status >= 300) deps.log.warn({ eventId, deliveryId, status }, 'queued push delivery refused');
  };
}
