// How often a worker replica beats (workers/index.ts). The health rule (app_private.health,
// sql) calls the scheduler stale after three missed intervals; monitor interval 30 s is the
// deck spec's multi-replica rule 4.
export const HEARTBEAT_INTERVAL_SECONDS = 30;
