// Captures one selected revision as evidence: `git archive --format=tar.gz` of exactly that
// sha from the team repository, stored content-addressed (sha256) in the blob store and
// recorded on the submission. Enqueued by app_private.freeze_sweep with job key
// capture:<team>:<sha>. Idempotent: a job whose selection moved on or is already frozen does
// nothing, and the same archive stored twice is one blob. A failure shows in attention and
// the job is retried by the queue.
import type { Task } from 'graphile-worker';
import { parseJob } from '../../core/wire/jobs.ts';
import { captureEvidence } from '../../core/codehost/capture.ts';
import { createCodeHost } from '../../core/codehost/index.ts';
import { createBlobStore } from '../../core/storage/index.ts';
import type { WorkerDeps } from '../deps.ts';

export function submissionsCapture({ config, pool }: WorkerDeps): Task<'submissions__capture'> {
  const host = createCodeHost(config, pool);
  const store = createBlobStore(config);
  return async (raw, helpers) => {
    const { projectId, sha } = parseJob('submissions__capture', raw);
    const target = await helpers.withPgClient(async (c) => (await c.query('select app_private.capture_target($1, $2) as t', [projectId, sha])).rows[0].t);
    if (!target) return;
    try {
      const { sha256, size } = await captureEvidence(host, store, target.repository, sha);
      await helpers.withPgClient((c) => c.query('select app_private.capture_done($1, $2, $3, $4)', [projectId, sha, sha256, size]));
    } catch (err) {
      await helpers.withPgClient((c) => c.query('select app_private.capture_failed($1, $2, $3)', [projectId, sha, (err as Error).message]));
      throw err;
    }
  };
}
