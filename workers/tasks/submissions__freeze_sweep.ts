// The freeze sweep: every minute (crontab in workers/index.ts), at worker boot and on demand
// (`submissions reconcile` calls the same SQL function). All rules are in
// app_private.freeze_sweep; this only runs it.
import type { Task } from 'graphile-worker';
import { parseJob } from '../../core/wire/jobs.ts';

export const submissionsFreezeSweep: Task<'submissions__freeze_sweep'> = async (raw, helpers) => {
  parseJob('submissions__freeze_sweep', raw);
  await helpers.withPgClient((c) => c.query('select app_private.freeze_sweep(null)'));
};
