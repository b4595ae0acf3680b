// GET /api/v1/health: database, job queue and scheduler heartbeat, for load balancers
// and operators. 200 while the database answers; the rule (queue installed, scheduler
// beaten within three intervals) is app_private.health in SQL.
import type { FastifyInstance } from 'fastify';
import { HEARTBEAT_INTERVAL_SECONDS } from '../../../core/heartbeat.ts';
import type { ApiDeps } from '../../deps.ts';

export function registerHealthRoutes(app: FastifyInstance, { pool, config }: ApiDeps): void {
  app.get('/api/v1/health', { config: { auth: 'public' } }, async (_req, reply) => {
    try {
      const { rows } = await pool.query('select app_private.health($1) as h', [HEARTBEAT_INTERVAL_SECONDS]);
      const h = rows[0].h;
      return { status: h.status, role: config.serviceRole, database: { ok: true }, jobQueue: h.jobQueue, scheduler: h.scheduler };
    } catch (err) {
      reply.status(503);
      return { status: 'down', role: config.serviceRole, database: { ok: false, error: (err as Error).message } };
    }
  });
}
