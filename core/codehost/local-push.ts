// After an accepted push to the local code host: one GitHub-shaped `push` delivery per owning
// event and changed ref (push-payload.ts), recorded in this process by the intake the signed
// webhook route uses (delivery-groups.ts). No HTTP, no signature: the API took the push itself.
// When recording fails, the push report goes to a `codehost__record_push` job, which records it
// the same way under graphile-worker's retries (the one retry policy); delivery ids derive from
// the report's id, so a report recorded twice gets one receipt per change.
import type pg from 'pg';
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import { countVerdict, deliveryIntake } from './delivery-groups.ts';
import { commitsOfChanges, parsePostReceive } from './git-log.ts';
import { pushDeliveryId, pushPayload } from './push-payload.ts';

/** app_private.local_push_phase's answer: a team repository's event, by the server clock. */
export interface PushPhase {
  phase: 'scheduled' | 'building' | 'grace' | 'closed';
  freezeAt: string;
  branch: string;
}

/**
 * What the pusher to a team repository is told after the build end (null before): in grace
 * that pushes still count until the freeze, after it that this push is late and does not
 * count. The phase is SQL's (app.now()), read as the push starts; the freeze only moves
 * forward, so a push that starts after it is recorded late.
 */
export function pushNotice(p: PushPhase | null): string | null {
  if (p?.phase === 'grace') return `Podium: the build time is over; pushes to ${p.branch} still count until the freeze at ${p.freezeAt}, none after.`;
  if (p?.phase === 'closed') return `Podium: this push arrived after the freeze (${p.freezeAt}): it is recorded as late and does not count; the submission is the last push to ${p.branch} received before the freeze.`;
  return null;
}

export interface PushRecordDeps {
  pool: pg.Pool;
  host: { repositoryPath(fullName: string): string };
  config: { publicUrl: string };
  log: Logger;
  metrics?: Metrics;
}

/** One accepted push as the git route saw it: git's report (post-receive lines) under its random id. */
export interface PushReport {
  id: string;
  fullName: string;
  text: string;
  /** The hook's commits file (post-receive.sh), when it wrote one. */
  commits?: string | null;
  user: { email: string };
}

/** Records one push report, per owning event and changed ref; throws when any part fails (running it again records nothing twice). */
export async function recordPushReport(deps: PushRecordDeps, report: PushReport): Promise<void> {
  const { pool, host, config, log } = deps;
  const changes = parsePostReceive(report.text);
  if (changes.length === 0) return;
  // Each owning event with the pusher's code-host login on its roster (one query), while
  // git reads the commits of each change.
  const [{ rows: targets }, commits] = await Promise.all([
    pool.query(
      `select t.id, (select r.github_login from app.roster_entries r where r.event_id = t.id and app_private.normalize_email(r.email) = app_private.normalize_email($2) limit 1) as login
         from app_private.local_webhook_targets($1) as t (id)`, [report.fullName, report.user.email]),
    commitsOfChanges(host, report.fullName, changes, report.commits),
  ]);
  const intake = deliveryIntake(pool);
  await Promise.all(targets.map(async (target) => {
    const login = (target.login as string | null) ?? report.user.email;
    for (const [i, change] of changes.entries()) {
      const payload = pushPayload(config.publicUrl, report.fullName, change, commits[i]!, { login, email: report.user.email });
      const receipt = await intake.record(target.id, { delivery: pushDeliveryId(report.id, target.id, i), kind: 'push', payload });
      if (receipt) countVerdict(deps.metrics, receipt);
      else log.warn({ repository: report.fullName, ref: change.ref, status: 404 }, 'push delivery not accepted'); // the event is gone
    }
  }));
}

/**
 * The git route's call after an accepted push: recorded in process; when that fails, queued as
 * a `codehost__record_push` job (job key per report) for a worker to record. Never rejects;
 * answers whether the push was recorded here.
 */
export async function recordPush(deps: PushRecordDeps, report: PushReport): Promise<boolean> {
  try {
    await recordPushReport(deps, report);
    return true;
  } catch (err) {
    const where = { repository: report.fullName, report: report.id, err: err instanceof Error ? err.message : String(err) };
    deps.log.warn(where, 'push recording failed: queued for a worker');
    await deps.pool.query(`select graphile_worker.add_job('codehost__record_push', $1::json, job_key => $2, max_attempts => 12)`,
      [JSON.stringify(report), `push-report:${report.id}`])
      .catch((e: unknown) => deps.log.error({ ...where, queueErr: e instanceof Error ? e.message : String(e) }, 'push recording lost: the job could not be queued'));
    return false;
  }
}
