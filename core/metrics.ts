// Prometheus metrics, one registry per process, served at /metrics by whatever HTTP
// surface the replica runs: request latency (api), job outcomes and durations (worker),
// queue depth (read from Postgres when scraped), webhook verdicts (api).
import client from 'prom-client';
import type pg from 'pg';
import { roundTrips } from './db/pool.ts';

export interface Metrics {
  registry: client.Registry;
  requestDuration: client.Histogram<'method' | 'route' | 'status'>;
  jobDuration: client.Histogram<'task' | 'outcome'>;
  webhookVerdicts: client.Counter<'verdict'>;
}

export function createMetrics(pool?: pg.Pool): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requestDuration = new client.Histogram({
    name: 'podium_http_request_duration_seconds',
    help: 'HTTP request latency by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const jobDuration = new client.Histogram({
    name: 'podium_job_duration_seconds',
    help: 'Job run time by task and outcome (success or error), on this worker',
    labelNames: ['task', 'outcome'] as const,
    buckets: [0.005, 0.025, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const webhookVerdicts = new client.Counter({
    name: 'podium_webhook_deliveries_total',
    help: 'Code-host webhook deliveries by verdict (accepted, late, a refusal code, signature_invalid, template, ignored: an event other than push or pull request)',
    labelNames: ['verdict'] as const,
    registers: [registry],
  });
  if (pool) {
    new client.Counter({
      name: 'podium_db_round_trips_total',
      help: 'Socket round trips to PostgreSQL completed by this process\'s pool (one per ReadyForQuery)',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(roundTrips(pool));
      },
    });
    new client.Gauge({
      name: 'podium_jobs_queued',
      help: 'Jobs waiting to run, by task (whole queue, read at scrape time)',
      labelNames: ['task'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const { rows } = await pool
          .query(`select task_identifier as task, count(*)::int as n from graphile_worker.jobs where locked_at is null and attempts < max_attempts group by 1`)
          .catch(() => ({ rows: [] as { task: string; n: number }[] }));
        for (const r of rows) this.set({ task: r.task }, r.n);
      },
    });
  }
  return { registry, requestDuration, jobDuration, webhookVerdicts };
}
