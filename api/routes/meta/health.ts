// GET /api/v1/health: database, job queue and scheduler heartbeat, for load balancers
// and operators. 200 while the database answers; `scheduler.ok` turns false when no
// worker has beaten within three monitor intervals.
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../server.ts';

export const HEARTBEAT_INTERVAL_SECONDS = 30;

export function registerHealthRoutes(app: FastifyInstance, { pool, config }: ApiDeps): void {
  app.get('/api/v1/health', { config: { auth: 'public' } }, async (_req, reply) => {
    try {
      const { rows } = await pool.query(`
        select
          to_regclass('graphile_worker._private_jobs') is not null as queue_installed,
          (select max(beat_at) from app_private.worker_heartbeats) as last_beat,
          extract(epoch from now() - (select max(beat_at) from app_private.worker_heartbeats))::float8 as beat_age`);
      const r = rows[0];
      let queued: number | null = null;
      if (r.queue_installed) {
        const q = await pool.query(`select count(*)::int as n from graphile_worker.jobs where locked_at is null and attempts < max_attempts`);
        queued = q.rows[0].n;
      }
      const schedulerOk = r.beat_age !== null && r.beat_age < HEARTBEAT_INTERVAL_SECONDS * 3;
      return {
        status: r.queue_installed && schedulerOk ? 'ok' : 'degraded',
        role: config.serviceRole,
        database: { ok: true },
        jobQueue: { installed: r.queue_installed, queued },
        scheduler: { ok: schedulerOk, lastBeatAt: r.last_beat, ageSeconds: r.beat_age === null ? null : Math.round(r.beat_age), intervalSeconds: HEARTBEAT_INTERVAL_SECONDS },
      };
    } catch (err) {
      reply.status(503);
      return { status: 'down', role: config.serviceRole, database: { ok: false, error: (err as Error).message } };
    }
  });
}
