// The one gate for hostile input, in front of every route (api/server.ts):
// - text PostgreSQL cannot store or that is not Unicode: a NUL (\u0000) or a lone UTF-16
//   surrogate (\ud800) in any string or key of the body, the query or the path;
// - bodies nested deeper than any wire shape needs;
// - integers beyond what PostgreSQL columns hold: every `integer` of a route's schema gets
//   int4 bounds unless the route names wider ones (int8 columns say so explicitly).
// - JSON bodies that are not UTF-8 (strictJsonParser): fastify's own parser would turn such
//   bytes into U+FFFD and the text would be stored changed, silently.
// Each becomes 400 invalid_input naming the field, before any handler or SQL runs.
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

export const MAX_DEPTH = 32;
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;
/** For int8 columns (byte sizes): the largest integer JSON numbers carry exactly. */
export const SAFE_INT_MAX = Number.MAX_SAFE_INTEGER;

// NUL, a high surrogate not followed by a low one, a low surrogate not preceded by a high one.
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function problemOf(s: string): string | null {
  const m = BAD_TEXT.exec(s);
  if (!m) return null;
  return m[0] === '\u0000' ? 'holds a NUL character, which no text may hold' : 'holds an unpaired UTF-16 surrogate, which is not Unicode text';
}

/** A field path safe to print: control characters and surrogates shown as `?`. */
function printable(path: string): string {
  return path.replace(/[\u0000-\u001f\u007f\ud800-\udfff]/g, '?').slice(0, 200);
}

/**
 * The first hostile spot in a parsed value (JSON body, query object, params), or null.
 * Walks without recursion so a deeply nested body cannot overflow the stack here.
 */
export function findHostile(value: unknown, maxDepth = MAX_DEPTH): { field: string; problem: string } | null {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: '', depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const p = problemOf(v);
      if (p) return { field: path, problem: p };
      continue;
    }
    if (v === null || typeof v !== 'object' || Buffer.isBuffer(v) || typeof (v as { pipe?: unknown }).pipe === 'function') continue;
    if (depth >= maxDepth) return { field: path, problem: `is nested deeper than ${maxDepth} levels` };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: path ? `${path}.${i}` : String(i), depth: depth + 1 });
      continue;
    }
    const entries = Object.entries(v);
    for (const [k] of entries) {
      const p = problemOf(k);
      if (p) return { field: path ? `${path}.${k}` : k, problem: `(a field name) ${p}` };
    }
    // Pushed in reverse so fields are looked at in the order they were sent.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, child] = entries[i]!;
      stack.push({ v: child, path: path ? `${path}.${k}` : k, depth: depth + 1 });
    }
  }
  return null;
}

/** Throws 400 invalid_input when `value` (the `where` part of a request) holds hostile input. */
export function refuseHostile(value: unknown, where: 'body' | 'query' | 'params' | 'payload'): void {
  const h = findHostile(value);
  if (!h) return;
  const field = printable(h.field);
  throw new AppError('invalid_input', `${field ? `${where}.${field}` : where} ${h.problem}`, { field: field || null });
}

type Schema = Record<string, unknown>;

/**
 * Gives every `integer` in a JSON schema int4 bounds unless it states its own, so a number
 * like 1e308 or 99999999999 is refused at the edge instead of overflowing a column in SQL.
 * Answers a bounded copy (route schemas share constants).
 */
export function boundIntegers<T>(input: T): T {
  const schema = structuredClone(input);
  const stack: unknown[] = [schema];
  while (stack.length) {
    const s = stack.pop();
    if (!s || typeof s !== 'object') continue;
    if (Array.isArray(s)) {
      stack.push(...s);
      continue;
    }
    const node = s as Schema;
    const type = node.type;
    if (type === 'integer' || (Array.isArray(type) && type.includes('integer'))) {
      if (node.maximum === undefined && node.exclusiveMaximum === undefined) node.maximum = INT4_MAX;
      if (node.minimum === undefined && node.exclusiveMinimum === undefined) node.minimum = INT4_MIN;
    }
    for (const k of ['properties', 'patternProperties', 'definitions', '$defs']) {
      const m = node[k];
      if (m && typeof m === 'object') stack.push(...Object.values(m as Schema));
    }
    for (const k of ['items', 'additionalItems', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'anyOf', 'oneOf', 'allOf', 'prefixItems']) {
      if (node[k] && typeof node[k] === 'object') stack.push(node[k]);
    }
  }
  return schema;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Replaces fastify's JSON parser on `app` (and every scope registered after) with one that
 * refuses a body that is not UTF-8 with 400 invalid_input (`field: "body"`), then parses as
 * fastify would (same prototype-poisoning protections, same errors).
 */
export function strictJsonParser(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    let text: string;
    try {
      text = UTF8.decode(body as Buffer);
    } catch {
      done(new AppError('invalid_input', 'The request body is not UTF-8 text', { field: 'body' }), undefined);
      return;
    }
    json(req, text, done);
  });
}
