// Retention of the live log: hourly (crontab in workers/index.ts), rows older than
// LIVE_RETENTION_DAYS go; the horizon they leave makes a resume from before it answer
// `reset` (docs/WIRE.md "Live stream"). All rules are in app_private.live_prune.
import type { Task } from 'graphile-worker';
import { parseJob } from '../../core/wire/jobs.ts';
import type { WorkerDeps } from '../deps.ts';

export const livePrune = (deps: WorkerDeps): Task<'live__prune'> => async (raw, helpers) => {
  parseJob('live__prune', raw);
  const { rows } = await helpers.withPgClient((c) => c.query<{ n: number }>('select app_private.live_prune(make_interval(days => $1)) as n', [deps.config.live.retentionDays]));
  if (rows[0]!.n > 0) helpers.logger.info(`live__prune: ${rows[0]!.n} rows older than ${deps.config.live.retentionDays} days removed`);
};
