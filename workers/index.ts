// The worker side of a replica (SERVICE_ROLE all or worker): graphile-worker draining the
// queue, plus the scheduler heartbeat every 30 s that GET /api/v1/health reports. The beat
// carries the replica's graphile-worker pool ids, so a replica whose beat went stale (killed
// hard) has its locked jobs freed by workers__recover on a live one.
import { EventEmitter } from 'node:events';
import { run, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import { quietLogger } from '../core/db/job-queue.ts';
import type { WorkerDeps } from './deps.ts';
import { HEARTBEAT_INTERVAL_SECONDS, replicaId } from '../core/heartbeat.ts';
import { createBlobStore, type BlobStore } from '../core/storage/index.ts';
import { deckNotifyOwner } from './tasks/deck__notify_owner.ts';
import { deckThumbnail } from './tasks/deck__thumbnail.ts';
import { ThumbnailRenderer } from './thumbnails.ts';
import { mailSend } from './tasks/mail__send.ts';
import { usageFlush } from './tasks/usage__flush.ts';
import { submissionsCapture } from './tasks/submissions__capture.ts';
import { submissionsFreezeSweep } from './tasks/submissions__freeze_sweep.ts';
import { codehostProvision } from './tasks/codehost__provision.ts';
import { codehostRecordPush } from './tasks/codehost__record_push.ts';
import { codehostRevokeAccess } from './tasks/codehost__revoke_access.ts';
import { decksGenerate } from './tasks/decks__generate.ts';
import { recoverDeadWorkers, workersRecover } from './tasks/workers__recover.ts';
import { livePrune } from './tasks/live__prune.ts';

export interface WorkerHandle {
  runner: Runner;
  workerId: string;
  /** The graphile-worker pool ids of this worker (the `locked_by` of its jobs), sent with every beat. */
  poolIds: string[];
  stop(): Promise<void>;
}

export function taskList(deps: WorkerDeps, thumbnails: { renderer: ThumbnailRenderer; store: BlobStore }): TaskList {
  return {
    mail__send: mailSend(deps),
    deck__notify_owner: deckNotifyOwner(deps),
    deck__thumbnail: deckThumbnail(thumbnails.renderer, thumbnails.store),
    usage__flush: usageFlush,
    submissions__capture: submissionsCapture(deps),
    submissions__freeze_sweep: submissionsFreezeSweep,
    codehost__provision: codehostProvision(deps),
    codehost__record_push: codehostRecordPush(deps),
    codehost__revoke_access: codehostRevokeAccess(deps),
    workers__recover: workersRecover(deps),
    decks__generate: decksGenerate(deps, thumbnails.store),
    live__prune: livePrune(deps),
  };
}

/** The hub (SERVICE_ROLE=hub) runs only what it enqueues: its sign-in mails, and recovery. */
export function hubTaskList(deps: WorkerDeps): TaskList {
  return { mail__send: mailSend(deps), workers__recover: workersRecover(deps) };
}

// The freeze sweep and the dead-replica recovery every minute, the live log's retention
// every hour; missed runs are not backfilled (one run catches up).
export const CRONTAB = '* * * * * submissions__freeze_sweep ?max=1\n* * * * * workers__recover ?max=1\n7 * * * * live__prune ?max=1\n';
export const HUB_CRONTAB = '* * * * * workers__recover ?max=1\n';

/** Jobs one worker replica runs at once (graphile-worker's concurrency) unless told otherwise. */
export const WORKER_CONCURRENCY = 4;

export async function startWorker(deps: WorkerDeps, opts: { concurrency?: number; pollInterval?: number } = {}): Promise<WorkerHandle> {
  const hub = deps.config.serviceRole === 'hub';
  const { pool, log, config } = deps;
  const workerId = replicaId();
  const store = createBlobStore(config);
  const renderer = new ThumbnailRenderer(config.chromiumPath, store); // one browser per worker, started on first use
  // Our own emitter, so the pool's id is known from `pool:create`, emitted inside run()
  // before it returns (runner.events is this same emitter).
  const events: WorkerEvents = new EventEmitter();
  const poolIds: string[] = [];
  events.on('pool:create', ({ workerPool }) => {
    if (!poolIds.includes(workerPool.id)) poolIds.push(workerPool.id);
  });
  const runner = await run({
    pgPool: pool,
    taskList: hub ? hubTaskList(deps) : taskList(deps, { renderer, store }),
    concurrency: opts.concurrency ?? WORKER_CONCURRENCY,
    pollInterval: opts.pollInterval ?? 1000,
    noHandleSignals: true,
    logger: quietLogger,
    events,
    crontab: hub ? HUB_CRONTAB : CRONTAB,
  });
  // Durations from job:start to its outcome, per job id (a worker runs several at once).
  const started = new Map<string, number>();
  const observe = (id: string, task: string, outcome: 'success' | 'error') => {
    const t0 = started.get(id);
    started.delete(id);
    if (t0 !== undefined) deps.metrics?.jobDuration.observe({ task, outcome }, (performance.now() - t0) / 1000);
  };
  runner.events.on('job:start', ({ job }) => started.set(job.id, performance.now()));
  runner.events.on('job:error', ({ job, error }) => {
    observe(job.id, job.task_identifier, 'error');
    log.warn({ task: job.task_identifier, jobId: job.id, attempts: job.attempts, err: (error as Error)?.message }, 'job failed; will retry');
  });
  runner.events.on('job:success', ({ job }) => {
    observe(job.id, job.task_identifier, 'success');
    log.debug({ task: job.task_identifier, jobId: job.id }, 'job done');
  });
  // The freeze sweep also runs once at boot, so a freeze passed while no worker ran is
  // handled now: directly (the captures it selects are jobs), after the listeners above so
  // none of them goes unmeasured; a failure here waits for the next minute's sweep.
  if (!hub) await pool.query('select app_private.freeze_sweep(null)').catch((err) => log.warn({ err: err.message }, 'boot freeze sweep failed; the cron retries'));
  const beat = () => pool.query('select app_private.heartbeat($1, $2, $3)', [workerId, config.serviceRole, poolIds]).catch((err) => log.warn({ err: err.message }, 'heartbeat failed'));
  await beat();
  const timer = setInterval(beat, HEARTBEAT_INTERVAL_SECONDS * 1000);
  timer.unref();
  // Jobs left locked by replicas that died while none of us ran are freed now, after our own
  // first beat (so we are never taken for dead); a failure waits for the next minute's cron.
  await recoverDeadWorkers(pool, log).catch((err) => log.warn({ err: err.message }, 'boot worker recovery failed; the cron retries'));
  log.info({ workerId, poolIds }, 'worker started');
  return {
    runner,
    workerId,
    poolIds,
    async stop() {
      clearInterval(timer);
      await runner.stop();
      await renderer.close();
      store.close();
    },
  };
}
