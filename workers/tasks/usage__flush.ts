// Folds a batch of per-key, per-route request counts from an api replica into Postgres
// (app_private.key_usage, api_keys.last_used_at). Deltas are applied once per job.
import type { Task } from 'graphile-worker';
import type { UsageRow } from '../payloads.ts';


function isUsage(p: unknown): p is { rows: UsageRow[] } {
  const rows = (p as { rows?: unknown })?.rows;
  return Array.isArray(rows) && rows.every((r: UsageRow) => typeof r?.keyId === 'string' && typeof r.route === 'string' && Number.isInteger(r.count) && typeof r.lastUsedAt === 'string');
}

export const usageFlush: Task<'usage__flush'> = async (payload, helpers) => {
  if (!isUsage(payload)) throw new Error('usage__flush: malformed payload');
  await helpers.withPgClient((c) => c.query('select app_private.apply_usage($1::jsonb)', [JSON.stringify(payload.rows)]));
};
