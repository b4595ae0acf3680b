// Frees the queue locks of dead worker replicas: every minute (crontab in workers/index.ts)
// and once at worker boot. app_private.recover_dead_workers finds the replicas whose
// heartbeat is older than 2 minutes and force-unlocks the jobs their graphile-worker pools
// held, so another replica runs them now instead of after graphile-worker's 4-hour timeout.
import type { Task } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from '../../core/log.ts';
import { parseJob } from '../../core/wire/jobs.ts';

export interface Recovery {
  replicas: number;
  unlockedJobs: number;
}

/** Runs the recovery once; logs at info only when it freed a replica's jobs. */
export async function recoverDeadWorkers(db: Pick<pg.ClientBase, 'query'>, log: Logger): Promise<Recovery> {
  const r: Recovery = (await db.query('select app_private.recover_dead_workers() as r')).rows[0].r;
  if (r.unlockedJobs > 0) log.info(r, 'dead worker replicas recovered: their jobs are unlocked');
  else if (r.replicas > 0) log.debug(r, 'stale worker heartbeats removed; no job was locked');
  return r;
}

export function workersRecover({ log }: { log: Logger }): Task<'workers__recover'> {
  return async (raw, helpers) => {
    parseJob('workers__recover', raw);
    await helpers.withPgClient((c) => recoverDeadWorkers(c, log));
  };
}
