// A local push the API could not record in process (core/codehost/local-push.ts, recordPush):
// the push report, recorded here by the same intake under graphile-worker's retries (the one
// retry policy: a failure throws and the job runs again with backoff, at most 12 times). The
// delivery ids derive from the report's id, so whatever the API recorded before it failed is
// not recorded twice.
import type { Task } from 'graphile-worker';
import { LocalCodeHost } from '../../core/codehost/local.ts';
import { recordPushReport, type PushReport } from '../../core/codehost/local-push.ts';
import type { WorkerDeps } from '../deps.ts';

function isReport(p: unknown): p is PushReport {
  const r = p as Partial<PushReport>;
  return typeof r?.id === 'string' && typeof r.fullName === 'string' && typeof r.text === 'string'
    && (r.commits === undefined || r.commits === null || typeof r.commits === 'string') && typeof r.user?.email === 'string';
}

export function codehostRecordPush(deps: WorkerDeps): Task<'codehost__record_push'> {
  return async (payload) => {
    if (!isReport(payload)) throw new Error('codehost__record_push: malformed payload');
    const host = new LocalCodeHost(deps.config.dataDir, deps.pool);
    await recordPushReport({ pool: deps.pool, host, config: deps.config, log: deps.log, metrics: deps.metrics }, payload);
  };
}
