// An API replica says it is serving: a beat at start and every HEARTBEAT_INTERVAL_SECONDS into
// app_private.api_heartbeats, its row removed when the server closes. The organizers' health
// (app.event_instance_health, `hackathon tui`) counts the replicas that beat within 90 s.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { HEARTBEAT_INTERVAL_SECONDS, replicaId } from '../core/heartbeat.ts';
import type { Logger } from '../core/log.ts';

export async function beatAsApiReplica(app: FastifyInstance, pool: pg.Pool, log: Logger): Promise<void> {
  const id = replicaId();
  const beat = () => pool.query('select app_private.api_heartbeat($1)', [id]).then(() => undefined, (err) => log.warn({ err: err.message }, 'api heartbeat failed'));
  await beat();
  const timer = setInterval(beat, HEARTBEAT_INTERVAL_SECONDS * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await pool.query('select app_private.api_heartbeat_end($1)', [id]).catch((err) => log.warn({ err: err.message }, 'api heartbeat end failed'));
  });
}
