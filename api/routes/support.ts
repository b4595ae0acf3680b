// What every route handler shares: run SQL as the caller, paging, idempotency.
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { withCaller } from '../../core/db/pool.ts';
import { AppError } from '../errors.ts';

/** One transaction as the request's caller (role podium_app + identity settings). */
export function asCaller<T>(req: FastifyRequest, pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  return withCaller(pool, req.caller, fn);
}

/** Calls one SQL function returning jsonb as the caller: `callJson(req, pool, 'app.rename_deck($1, $2)', [id, title])`. */
export async function callJson<T = any>(req: FastifyRequest, pool: pg.Pool, call: string, params: unknown[]): Promise<T> {
  return asCaller(req, pool, async (c) => (await c.query(`select ${call} as r`, params)).rows[0].r as T);
}

export interface Page {
  limit: number;
  before: { at: string; id: string } | null;
}

export const PAGE_QUERY_SCHEMA = {
  type: 'object',
  properties: { limit: { type: 'integer', minimum: 1, maximum: 100 }, cursor: { type: 'string', maxLength: 200 } },
} as const;

/** Listings are newest first; the cursor is the (time, id) of the last item of the previous page. */
export function parsePage(query: { limit?: number; cursor?: string }, defaultLimit = 30): Page {
  const limit = query.limit ?? defaultLimit;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new AppError('invalid_input', 'limit must be a whole number from 1 to 100', { field: 'limit' });
  if (!query.cursor) return { limit, before: null };
  try {
    const [at, id] = JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8'));
    if (typeof at !== 'string' || Number.isNaN(Date.parse(at)) || typeof id !== 'string') throw new Error();
    return { limit, before: { at, id } };
  } catch {
    throw new AppError('invalid_input', 'cursor is not one this server handed out', { field: 'cursor' });
  }
}

export function encodeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

/** Give SQL limit + 1 rows; this trims the extra one and answers { items, nextCursor }. */
export function pageOf<T>(rows: T[], page: Page, key: (row: T) => [string, string]): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, page.limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > page.limit && last ? encodeCursor(...key(last)) : null };
}
