// Folds a batch of per-key, per-route request counts from an api replica into Postgres
// (app_private.key_usage, api_keys.last_used_at). Deltas are applied once per job.
import type { Task } from 'graphile-worker';
import { parseJob } from '../../core/wire/jobs.ts';

export const usageFlush: Task<'usage__flush'> = async (raw, helpers) => {
  const payload = parseJob('usage__flush', raw);
  await helpers.withPgClient((c) => c.query('select app_private.apply_usage($1::jsonb)', [JSON.stringify(payload.rows)]));
};
