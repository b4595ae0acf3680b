// Authentication lookups of requests that arrive together go to PostgreSQL together: every
// request that reaches its onRequest hook in one turn of the event loop is authenticated by
// one statement in one round trip (app_private.authenticate_set: the plain live key
// or session in its default workspace as one join over the set, every other case through
// app_private.authenticate), and each request gets its own answer. Nothing is cached: each
// answer is read after its request arrived, so a revoked key is refused on the next request.
// Under load the round trips and socket writes per request fall below one; a lone request
// waits for the end of the current loop turn (setImmediate), no timer.
import type pg from 'pg';
import type { Identity } from './identity.ts';

/** Most requests one statement authenticates (its arrays stay small; the rest go in the next). */
export const MAX_BATCH = 64;

/** A bytea value: the bytes, or their hex input form (`\x...`). */
type Bytea = Buffer | string;

interface Pending {
  keyHash: Bytea | null;
  sessionHash: Bytea | null;
  workspace: string | null;
  org: string | null;
  resolve(identity: Identity | null): void;
  reject(err: unknown): void;
}

// A named (prepared) statement: parsed and planned once per connection. Poolers in
// transaction mode need protocol-level prepared statement support for this (PgBouncer >= 1.21,
// max_prepared_statements; docs/OPERATIONS.md).
const STATEMENT = {
  name: 'podium_authenticate_set',
  text: 'select i, identity from app_private.authenticate_set($1::bytea[], $2::bytea[], $3::uuid[], $4::text[])',
};

export class AuthBatcher {
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(private pool: pg.Pool) {}

  authenticate(keyHash: Bytea | null, sessionHash: Bytea | null, workspace: string | null, org: string | null): Promise<Identity | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ keyHash, sessionHash, workspace, org, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const all = this.queue;
    this.queue = [];
    for (let i = 0; i < all.length; i += MAX_BATCH) void this.run(all.slice(i, i + MAX_BATCH));
  }

  private async run(batch: Pending[]): Promise<void> {
    try {
      const { rows } = await this.pool.query({
        ...STATEMENT,
        values: [batch.map((p) => p.keyHash), batch.map((p) => p.sessionHash), batch.map((p) => p.workspace), batch.map((p) => p.org)],
      });
      const byIndex = new Array<Identity | null>(batch.length).fill(null);
      for (const r of rows) byIndex[(r.i as number) - 1] = r.identity as Identity | null;
      batch.forEach((p, i) => p.resolve(byIndex[i]));
    } catch (err) {
      // One request's arguments must not fail the others: alone, each gets its own answer or error.
      if (batch.length > 1) for (const p of batch) void this.run([p]);
      else batch[0].reject(err);
    }
  }
}

const batchers = new WeakMap<pg.Pool, AuthBatcher>();

/** The pool's batcher (one per pool, made on first use). */
export function authBatcher(pool: pg.Pool): AuthBatcher {
  let b = batchers.get(pool);
  if (!b) batchers.set(pool, (b = new AuthBatcher(pool)));
  return b;
}
