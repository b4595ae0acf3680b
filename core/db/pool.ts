// One pg.Pool per process. Callers run SQL as the restricted role `podium_app`
// (no BYPASSRLS) with their identity in transaction-local settings, so row-level
// security decides what they see. See sql/CONVENTIONS.md.
import pg from 'pg';

// Keep timestamps as ISO strings end to end: the wire wants ISO 8601 UTC, and
// parsing into Date and back costs time on hot paths.
pg.types.setTypeParser(1184, (v) => new Date(v).toISOString()); // timestamptz
pg.types.setTypeParser(20, (v) => Number(v)); // int8 counters fit in a double here

/** Round trips per pool (see roundTrips). */
const roundTripCounts = new WeakMap<pg.Pool, { n: number }>();

/**
 * `applicationName` is what pg_stat_activity shows for its connections: the server's pool is
 * `podium-<SERVICE_ROLE>` (ops/service.ts), the operator CLI's `podium-cli`, so a DBA can
 * tell an API replica's sessions from a worker's.
 */
export function createPool(connectionString: string, max = 10, applicationName = 'podium'): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000, application_name: applicationName });
  const count = { n: 0 };
  roundTripCounts.set(pool, count);
  // An idle client losing its server (e.g. Postgres restart) must not crash the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    // Every exchange with the server ends with one ReadyForQuery message: a simple query
    // (even several statements in one string) or an extended-protocol batch up to its Sync.
    // Counting them counts the socket round trips this pool has waited for.
    (client as unknown as { connection: NodeJS.EventEmitter }).connection.on('readyForQuery', () => count.n++);
  });
  return pool;
}

/**
 * Socket round trips to PostgreSQL this pool's clients have completed so far (each client's
 * start-up counts one too). Tests and benchmarks read it before and after a request;
 * /metrics exports it as podium_db_round_trips_total.
 */
export function roundTrips(pool: pg.Pool): number {
  return roundTripCounts.get(pool)?.n ?? 0;
}

export const APP_ROLE = 'podium_app';

/** Who is asking: set as transaction-local settings read by app.current_*() in SQL. */
export interface Caller {
  userId: string | null;
  workspaceId: string | null;
  workspaceRole: string | null; // owner | admin | member | guest
  keyId: string | null;
  sessionId: string | null; // SQL reads the session row from it (a demo session is pinned and may not touch credentials)
  scopes: string[];
  via: 'session' | 'api_key' | 'anonymous';
}

export const ANONYMOUS: Caller = { userId: null, workspaceId: null, workspaceRole: null, keyId: null, sessionId: null, scopes: [], via: 'anonymous' };

/** The settings PostGraphile's pgSettings and withCaller both apply. */
export function callerSettings(caller: Caller): Record<string, string> {
  return {
    role: APP_ROLE,
    'app.user_id': caller.userId ?? '',
    'app.workspace_id': caller.workspaceId ?? '',
    'app.workspace_role': caller.workspaceRole ?? '',
    'app.key_id': caller.keyId ?? '',
    'app.session_id': caller.sessionId ?? '',
    'app.scopes': caller.scopes.join(','),
  };
}

/**
 * `begin` and the caller's settings as one simple-protocol message: one round trip, not two
 * (each exchange waits for its ReadyForQuery). The simple protocol takes no parameters, so
 * every value is quoted by pg's escapeLiteral.
 */
function beginAs(client: pg.PoolClient, caller: Caller): string {
  const settings = Object.entries(callerSettings(caller)).map(([name, value]) => `set_config(${client.escapeLiteral(name)}, ${client.escapeLiteral(value)}, true)`);
  return `begin; select ${settings.join(', ')}`;
}

/** Runs fn in one transaction as the caller. Errors roll back; nothing half-written. */
export async function withCaller<T>(pool: pg.Pool, caller: Caller, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(beginAs(client, caller));
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Runs fn in one transaction as the owner role: for operator commands and workers only. */
export async function withOwner<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
