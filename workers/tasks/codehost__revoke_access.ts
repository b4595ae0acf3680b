// Taking a removed person's repository access away on the code host: a roster change
// records a revocation for each team repository the old row gave that the roster no longer
// gives that code-host username, and enqueues this job (key revoke:<event>:<login>) in the
// same transaction. The job asks SQL for the username's pending revocations
// (app_private.revocation_work cancels those whose person is back on the roster), removes
// the collaborator and cancels a pending invitation through the driver (CodeHost.revoke,
// idempotent), and records each attempt (app_private.revocation_done). Any failure is
// recorded and the job fails, so graphile-worker retries it (10 attempts, backing off); what
// was done is not asked again. A killed worker's job simply runs again.
import type { Task } from 'graphile-worker';
import { parseJob } from '../../core/wire/jobs.ts';
import { createCodeHost } from '../../core/codehost/index.ts';
import type { CodeHost } from '../../core/codehost/types.ts';
import type { WorkerDeps } from '../deps.ts';

/** The task; `host` is the driver CODE_HOST names unless a test passes one. */
export function codehostRevokeAccess({ config, pool }: WorkerDeps, host: CodeHost = createCodeHost(config, pool)): Task<'codehost__revoke_access'> {
  return async (raw, helpers) => {
    const payload = parseJob('codehost__revoke_access', raw);
    const work: { id: string; repository: string; login: string }[] = await helpers.withPgClient(async (c) =>
      (await c.query('select app_private.revocation_work($1, $2) as w', [payload.eventId, payload.login])).rows[0].w);
    const failed: string[] = [];
    for (const w of work) {
      let error: string | null = null;
      try {
        await host.revoke(w.repository, w.login);
      } catch (err) {
        error = (err as Error).message;
        failed.push(`${w.repository}: ${error}`);
      }
      await helpers.withPgClient((c) => c.query('select app_private.revocation_done($1, $2)', [w.id, error]));
    }
    if (failed.length) throw new Error(`codehost__revoke_access: ${failed.join('; ')}`);
  };
}
