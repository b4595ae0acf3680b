// What every route handler shares: run SQL as the caller, paging, idempotency.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import * as z from 'zod';
import { withCaller } from '../../core/db/pool.ts';
import { AppError } from '../errors.ts';
import { UUID_RE } from '../../core/ids.ts';

/** One transaction as the request's caller (role podium_app + identity settings). */
export function asCaller<T>(req: FastifyRequest, pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  return withCaller(pool, req.caller, fn);
}

/** Calls one SQL function returning jsonb as the caller: `callJson(req, pool, 'app.rename_deck($1, $2)', [id, title])`. */
export async function callJson<T = unknown>(req: FastifyRequest, pool: pg.Pool, call: string, params: unknown[]): Promise<T> {
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

// What a cursor this server hands out holds: an instant as PostgreSQL writes it in JSON,
// and the id of the last row (a uuid; a version number; a file path for file listings).
const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)$/;
const CURSOR_ID = {
  uuid: UUID_RE,
  int: /^[1-9]\d{0,8}$/, // within int4
  text: /^[^\u0000]{1,1024}$/,
} as const;
export type CursorId = keyof typeof CURSOR_ID;

/**
 * Listings are newest first; the cursor is the (time, id) of the last item of the previous
 * page. Anything else (not base64url JSON, a date PostgreSQL would not read, an id of the
 * wrong kind) is 400 invalid_cursor before any SQL runs.
 */
export function parsePage(query: { limit?: number; cursor?: string }, defaultLimit = 30, idKind: CursorId = 'uuid'): Page {
  const limit = query.limit ?? defaultLimit;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new AppError('invalid_input', 'limit must be a whole number from 1 to 100', { field: 'limit' });
  if (!query.cursor) return { limit, before: null };
  let at: unknown;
  let id: unknown;
  try {
    [at, id] = JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8'));
  } catch {
    /* refused below */
  }
  if (typeof at !== 'string' || !CURSOR_AT.test(at) || Number.isNaN(Date.parse(at)) || typeof id !== 'string' || !CURSOR_ID[idKind].test(id)) {
    throw new AppError('invalid_cursor', 'cursor is not one this server handed out; start again without it', { field: 'cursor' });
  }
  return { limit, before: { at, id } };
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

/**
 * Runs a create once per Idempotency-Key (per person, workspace and route): a retry with the same key
 * and body gets the first answer again; the same key with another body is refused.
 * Without the header the create simply runs. Work and record share one transaction.
 */
export async function idempotent(
  req: FastifyRequest,
  pool: pg.Pool,
  fn: (c: pg.PoolClient) => Promise<{ status: number; body: unknown }>,
): Promise<{ status: number; body: unknown; replayed: boolean }> {
  const key = req.headers['idempotency-key'];
  if (key === undefined) return { ...(await asCaller(req, pool, fn)), replayed: false };
  if (typeof key !== 'string' || key.length < 1 || key.length > 200) {
    throw new AppError('invalid_input', 'Idempotency-Key must be 1 to 200 characters', { field: 'Idempotency-Key' });
  }
  const scope = `${req.method} ${req.routeOptions.url}`;
  const hash = createHash('sha256').update(JSON.stringify([req.params ?? null, req.body ?? null])).digest('hex');
  return asCaller(req, pool, async (c) => {
    const prior = (await c.query('select app_private.idempotency_begin($1, $2, $3) as r', [scope, key, hash])).rows[0].r;
    if (prior) return { status: prior.status, body: prior.body, replayed: true };
    const result = await fn(c);
    await c.query('select app_private.idempotency_finish($1, $2, $3, $4)', [scope, key, result.status, JSON.stringify(result.body)]);
    return { ...result, replayed: false };
  });
}

interface TypedSchema {
  type?: string;
  items?: TypedSchema;
  properties?: Record<string, TypedSchema>;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string', integer: 'a whole number', number: 'a number', boolean: 'a boolean', array: 'an array', object: 'an object',
};

/** A zod schema checking only the JSON types `schema` declares, coercing nothing: every other
 *  rule (required, bounds, extra fields) stays the route schema's. Each issue's message is what
 *  the answer says after the field's path. */
function typesOf(schema: TypedSchema | undefined): z.ZodType {
  const t = schema?.type;
  if (!t || !(t in TYPE_WORDS)) return z.unknown();
  const error = `must be ${TYPE_WORDS[t]}`;
  switch (t) {
    case 'string': return z.string({ error });
    case 'integer': return z.number({ error }).refine(Number.isInteger, { error });
    case 'number': return z.number({ error });
    case 'boolean': return z.boolean({ error });
    case 'array': return z.array(typesOf(schema!.items), { error });
    default: return z.looseObject(Object.fromEntries(Object.entries(schema!.properties ?? {}).map(([k, v]) => [k, typesOf(v).optional()])), { error });
  }
}

/** Where a path comes in the value as written (its keys' order, not the schema's). */
function positions(value: unknown, path: PropertyKey[]): number[] {
  const out: number[] = [];
  for (const k of path) {
    out.push(Array.isArray(value) ? Number(k) : value && typeof value === 'object' ? Object.keys(value).indexOf(String(k)) : 0);
    value = (value as Record<PropertyKey, unknown> | null)?.[k as string];
  }
  return out;
}

function before(a: number[], b: number[]): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return a.length < b.length;
}

/**
 * A preValidation hook that refuses a body whose values are not of the JSON types its schema
 * declares (checked by zod, no coercion), before the route schema's type coercion would turn
 * "3" into 3 or 5 into "5": for fields where the type is part of the contract (revisions,
 * versions, the eligibility file). The first mistyped value as written is named.
 */
export function strictTypes(schema: TypedSchema) {
  const types = typesOf(schema);
  return async (req: FastifyRequest) => {
    if (req.body === undefined || req.body === null) return;
    const r = types.safeParse(req.body);
    if (r.success) return;
    let first = r.error.issues[0]!;
    for (const i of r.error.issues) if (before(positions(req.body, i.path), positions(req.body, first.path))) first = i;
    const path = first.path.map(String).join('.');
    throw new AppError('invalid_input', `${path || 'the body'} ${first.message}`, { field: path || 'body' });
  };
}
