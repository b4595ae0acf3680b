// Run SQL as a given caller exactly as the API does (role podium_app + settings).
import type pg from 'pg';
import { callerSettings, withCaller, type Caller } from '../../core/db/pool.ts';

export function asUser(pool: pg.Pool, userId: string, workspaceId: string | null, workspaceRole: string | null = 'member', scopes: string[] = []) {
  const caller: Caller = { userId, workspaceId, workspaceRole, keyId: null, sessionId: null, scopes, via: 'session' };
  return <T>(fn: (c: pg.PoolClient) => Promise<T>) => withCaller(pool, caller, fn);
}

export function asAnon(pool: pg.Pool) {
  const caller: Caller = { userId: null, workspaceId: null, workspaceRole: null, keyId: null, sessionId: null, scopes: [], via: 'anonymous' };
  return <T>(fn: (c: pg.PoolClient) => Promise<T>) => withCaller(pool, caller, fn);
}

/**
 * Runs SQL with a caller's settings but as the owner role, as a security-definer function
 * runs the app_private helpers it calls (role_ctx, readable_deck, require_scope...): those
 * are not executable by podium_app (test/sql/app-private-execute.test.ts).
 */
export function asOwnerFor(pool: pg.Pool, userId: string, workspaceId: string | null, workspaceRole: string | null = 'member', scopes: string[] = []) {
  const s = callerSettings({ userId, workspaceId, workspaceRole, keyId: null, sessionId: null, scopes, via: 'session' });
  return async <T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> => {
    const c = await pool.connect();
    try {
      await c.query('begin');
      for (const [name, value] of Object.entries(s)) if (name !== 'role') await c.query('select set_config($1, $2, true)', [name, value]);
      const result = await fn(c);
      await c.query('commit');
      return result;
    } catch (err) {
      await c.query('rollback').catch(() => {});
      throw err;
    } finally {
      c.release();
    }
  };
}
