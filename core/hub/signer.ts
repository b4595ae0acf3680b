// The hub's signing keys: Ed25519 pairs kept in hub_private.signing_keys with the private half
// sealed with the hub's AUTH_SECRET. The newest live key signs; the one before stays published
// so tokens it signed still verify; older keys are retired (no longer published). Each replica
// opens a sealed key once and keeps it in memory by key id.
import type { KeyObject } from 'node:crypto';
import type pg from 'pg';
import { seal, unseal } from '../crypto.ts';
import { newSigningKey, privateKeyOf } from './token.ts';

export class HubSigner {
  private opened = new Map<string, KeyObject>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly authSecret: string,
  ) {}

  /** Makes the first key when the hub has none (at boot; two replicas make one). */
  async ensureKey(): Promise<boolean> {
    const k = newSigningKey();
    const { rows } = await this.pool.query('select hub_private.ensure_signing_key($1, $2, $3) as made', [k.kid, k.publicJwk, seal(this.authSecret, k.privatePem)]);
    return rows[0].made as boolean;
  }

  /** A new key signs from now on; answers the published set. */
  async rotate(): Promise<{ kid: string; published: string[] }> {
    const k = newSigningKey();
    const { rows } = await this.pool.query('select hub_private.add_signing_key($1, $2, $3) as keys', [k.kid, k.publicJwk, seal(this.authSecret, k.privatePem)]);
    return { kid: k.kid, published: (rows[0].keys as { kid: string }[]).map((x) => x.kid) };
  }

  /** The private key of a live key id, as SQL handed it out sealed. */
  keyObject(kid: string, privateSealed: string): KeyObject {
    let k = this.opened.get(kid);
    if (!k) {
      k = privateKeyOf(unseal(this.authSecret, privateSealed));
      this.opened.set(kid, k);
    }
    return k;
  }
}
