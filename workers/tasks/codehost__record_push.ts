// A local push the API could not record in process (core/codehost/local-push.ts, recordPush):
// the push report, recorded here by the same intake under graphile-worker's retries (the one
// retry policy: a failure throws and the job runs again with backoff, at most 12 times). The
// delivery ids derive from the report's id, so whatever the API recorded before it failed is
// not recorded twice.
import type { Task } from 'graphile-worker';
import { LocalCodeHost } from '../../core/codehost/local.ts';
import { recordPushReport } from '../../core/codehost/local-push.ts';
import { parseJob } from '../../core/wire/jobs.ts';
import type { WorkerDeps } from '../deps.ts';

export function codehostRecordPush(deps: WorkerDeps): Task<'codehost__record_push'> {
  return async (raw) => {
    const payload = parseJob('codehost__record_push', raw);
    const host = new LocalCodeHost(deps.config.dataDir, deps.pool);
    await recordPushReport({ pool: deps.pool, host, config: deps.config, log: deps.log, metrics: deps.metrics }, payload);
  };
}
