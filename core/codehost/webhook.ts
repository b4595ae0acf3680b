// Webhook signatures (X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>).
// The secret of an event is derived, not stored: HMAC(AUTH_SECRET, 'podium-webhook:' + id).
// Every replica verifies without a read, and rotating AUTH_SECRET rotates every secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function webhookSecret(authSecret: string, eventId: string): string {
  return createHmac('sha256', authSecret).update(`podium-webhook:${eventId}`).digest('hex');
}

export function signBody(secret: string, body: Uint8Array | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Why a signature header fails, or null when it matches (compared in constant time). */
export function signatureFault(secret: string, body: Buffer, header: string | undefined): string | null {
  if (!header) return 'missing X-Hub-Signature-256';
  if (!/^sha256=[0-9a-f]{64}$/.test(header)) return 'malformed X-Hub-Signature-256';
  const expected = Buffer.from(signBody(secret, body));
  return timingSafeEqual(expected, Buffer.from(header)) ? null : 'signature mismatch';
}
