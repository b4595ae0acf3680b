// Worker tasks in a test without a running worker: graphile-worker's runTaskListOnce runs
// every job that is due now with Podium's real task list (workers/index.ts taskList) over
// the test's real database, and returns once none is left. No poll interval, no cron, no
// heartbeat: after `await runJobs(...)` the queue holds only jobs not yet due (run_at in the
// future, e.g. a failed job waiting for its retry), so "nothing happened" is checked after
// a drained queue, never after a sleep. Tests of the worker process itself (boot sweep, boot
// recovery, heartbeat, metrics of a running worker) keep TestServer.startWorker().
import { EventEmitter } from 'node:events';
import { runTaskListOnce, type WorkerEvents } from 'graphile-worker';
import type pg from 'pg';
import type { Config } from '../../core/config.ts';
import { quietLogger } from '../../core/db/job-queue.ts';
import { createLogger } from '../../core/log.ts';
import { createMailDriver, type MailDriver } from '../../core/mail/index.ts';
import { createBlobStore } from '../../core/storage/index.ts';
import { taskList } from '../../workers/index.ts';
import { ThumbnailRenderer } from '../../workers/thumbnails.ts';

export interface JobOutcome {
  task: string;
  ok: boolean;
  error?: string;
}

/** Runs every job due now (and the jobs those enqueue, when due) to completion or failure, one at a time. */
export async function runJobs(s: { config: Config; db: { pool: pg.Pool } }, opts: { mail?: MailDriver | null } = {}): Promise<JobOutcome[]> {
  const { config } = s;
  const pool = s.db.pool;
  const store = createBlobStore(config);
  const renderer = new ThumbnailRenderer(config.chromiumPath, store);
  const mail = opts.mail === undefined ? createMailDriver(config, pool) : opts.mail;
  const tasks = taskList({ config, pool, log: createLogger('silent'), mail }, { renderer, store });
  const outcomes: JobOutcome[] = [];
  const events: WorkerEvents = new EventEmitter();
  events.on('job:success', ({ job }) => void outcomes.push({ task: job.task_identifier, ok: true }));
  events.on('job:error', ({ job, error }) => void outcomes.push({ task: job.task_identifier, ok: false, error: (error as Error)?.message ?? String(error) }));
  const client = await pool.connect();
  try {
    await runTaskListOnce({ logger: quietLogger, noHandleSignals: true, events }, tasks, client).promise;
  } finally {
    client.release();
    await renderer.close();
    store.close();
  }
  return outcomes;
}

/** runJobs, failing loudly when a job failed: for tests whose jobs must all succeed. */
export async function drain(s: { config: Config; db: { pool: pg.Pool } }, opts: { mail?: MailDriver | null } = {}): Promise<JobOutcome[]> {
  const ran = await runJobs(s, opts);
  const failed = ran.filter((j) => !j.ok);
  if (failed.length) throw new Error(`job(s) failed: ${failed.map((j) => `${j.task}: ${j.error}`).join('; ')}`);
  return ran;
}

/** The queued jobs (of one task, when named), due or not, failed or not. */
export async function queuedJobs(pool: pg.Pool, task?: string): Promise<{ id: string; task: string; key: string | null; attempts: number; lastError: string | null; due: boolean }[]> {
  const { rows } = await pool.query(
    `select id, task_identifier as task, key, attempts, last_error as "lastError", run_at <= now() as due
       from graphile_worker.jobs where $1::text is null or task_identifier = $1 order by id`,
    [task ?? null],
  );
  return rows;
}
