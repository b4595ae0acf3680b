// How often a replica beats: workers into app_private.worker_heartbeats (workers/index.ts),
// API replicas into app_private.api_heartbeats (api/replica-beat.ts). The health rule
// (app_private.health, sql) calls the scheduler stale after three missed intervals; monitor
// interval 30 s is the deck spec's multi-replica rule 4.
import { randomUUID } from 'node:crypto';
import os from 'node:os';

export const HEARTBEAT_INTERVAL_SECONDS = 30;

/** A replica's id in its beats: host, pid and a random part (a pid is reused across restarts). */
export function replicaId(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}
