// Run SQL as a given caller exactly as the API does (role podium_app + settings).
import type pg from 'pg';
import { withCaller, type Caller } from '../../core/db/pool.ts';

export function asUser(pool: pg.Pool, userId: string, workspaceId: string | null, workspaceRole: string | null = 'member', scopes: string[] = []) {
  const caller: Caller = { userId, workspaceId, workspaceRole, keyId: null, sessionId: null, scopes, via: 'session' };
  return <T>(fn: (c: pg.PoolClient) => Promise<T>) => withCaller(pool, caller, fn);
}

export function asAnon(pool: pg.Pool) {
  const caller: Caller = { userId: null, workspaceId: null, workspaceRole: null, keyId: null, sessionId: null, scopes: [], via: 'anonymous' };
  return <T>(fn: (c: pg.PoolClient) => Promise<T>) => withCaller(pool, caller, fn);
}
