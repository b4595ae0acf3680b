// POST /webhooks/github/{eventId}: signed deliveries from the code host. The signature is
// checked in constant time against the event's derived secret before anything is parsed; a
// failure is counted (for an event that exists) and answered without detail, the same answer
// whether the event exists or not, so an unsigned request learns nothing about event ids. A
// good delivery is recorded with the others of its event that arrive meanwhile, one
// transaction for the group (core/codehost/delivery-groups.ts, the intake a local push is
// recorded through too), and the answer carries its receipt; an
// event other than a push or a pull request (a star...) is answered 202 `ignored` and
// logged with its event name, never a receipt. Nothing else runs here.
import type { FastifyInstance } from 'fastify';
import { signatureFault, webhookSecret } from '../../../core/codehost/webhook.ts';
import { AppError } from '../../errors.ts';
import { refuseHostile } from '../../input-guard.ts';
import type { ApiDeps } from '../../deps.ts';
import { UUID_RE } from '../../../core/ids.ts';
import { countVerdict, deliveryIntake } from '../../../core/codehost/delivery-groups.ts';

const DELIVERY = /^[A-Za-z0-9._-]{1,200}$/;

export function registerWebhookRoutes(app: FastifyInstance, deps: ApiDeps): void {
  const { config, pool } = deps;
  const metrics = deps.metrics!; // buildApi passes the replica's registry
  const groups = deliveryIntake(pool);

  app.register(async (scope) => {
    // The signature covers the exact bytes, so the body is kept raw until it is verified.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 25 * 1024 * 1024 }, (_req, body, done) => done(null, body));

    scope.post('/webhooks/github/:eventId', { config: { auth: 'none' } }, async (req, reply) => {
      const { eventId } = req.params as { eventId: string };
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const fault = signatureFault(webhookSecret(config.authSecret, eventId), body, req.headers['x-hub-signature-256'] as string | undefined);
      if (fault) {
        if (UUID_RE.test(eventId)) await pool.query('select app_private.record_webhook_failure($1, $2)', [eventId, fault]);
        metrics.webhookVerdicts.inc({ verdict: 'signature_invalid' });
        throw new AppError('signature_invalid', 'Signature check failed');
      }
      // Signed with this event id's secret (only this server derives it): now its existence may be told.
      if (!UUID_RE.test(eventId)) throw new AppError('event_not_found', 'No such event');
      const delivery = String(req.headers['x-github-delivery'] ?? '');
      const kind = String(req.headers['x-github-event'] ?? '');
      if (!DELIVERY.test(delivery) || !kind) throw new AppError('invalid_input', 'X-GitHub-Delivery and X-GitHub-Event are required');
      // GitHub's "Content type" setting of a webhook: form-encoded deliveries carry the JSON in
      // a `payload` field. Refused before the ping too, so the hook's test delivery shows why.
      const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== 'application/json') {
        throw new AppError('invalid_input', `The webhook's content type must be application/json (Content type on GitHub's webhook settings), not ${type || 'none'}`, { field: 'Content-Type' });
      }
      if (kind === 'ping') return reply.status(200).send({ ok: true });
      let payload: unknown;
      try { payload = JSON.parse(body.toString('utf8')); } catch { throw new AppError('invalid_json', 'The delivery body is not JSON'); }
      if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw new AppError('invalid_json', 'The delivery body is not a JSON object');
      refuseHostile(payload, 'payload'); // parsed here, after the signature: the global gate saw raw bytes
      const receipt = await groups.record(eventId, { delivery, kind, payload });
      if (!receipt) throw new AppError('event_not_found', 'No such event');
      if (receipt.verdict === 'ignored') req.log.info({ githubEvent: kind, delivery }, 'webhook delivery ignored: not a push or pull request');
      countVerdict(metrics, receipt);
      return reply.status(202).send(receipt);
    });
  });
}
