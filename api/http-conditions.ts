// What RFC 9110 asks of a server answering a stored file: validators (If-None-Match,
// If-Modified-Since), byte ranges (Range, If-Range: sections 13 and 14) and content-coding
// negotiation (Accept-Encoding, 12.5.3). Pure functions over header strings, shared by the
// share-link file route and its fast path (api/routes/deck/serve.ts) and the two file
// downloads (/files/{sha}/content, /api/v1/files/{id}/content). The Range header itself is
// parsed by range-parser (jshttp, what express/send use).
import rangeParser from 'range-parser';

/** An entity tag without its weakness prefix, for the weak comparison If-None-Match uses. */
function opaque(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/**
 * If-None-Match (13.1.2, weak comparison, as GET and HEAD use): true when the field is `*`
 * or one of its listed tags matches `etag`.
 */
export function noneMatchHolds(field: string | undefined, etag: string): boolean {
  if (field === undefined) return false;
  if (field === etag) return true; // the common case: one tag, exactly ours
  const ours = opaque(etag);
  for (const raw of field.split(',')) {
    const tag = raw.trim();
    if (tag === '*' || opaque(tag) === ours) return true;
  }
  return false;
}

/** HTTP-date of an instant, to the second (what Last-Modified carries). */
export function httpDate(at: Date): string {
  return at.toUTCString();
}

/**
 * The status a conditional GET gets before any range is considered: 304 when If-None-Match
 * matches, or (only without If-None-Match, 13.1.3) when If-Modified-Since is no earlier than
 * Last-Modified; else null.
 */
export function notModified(headers: { 'if-none-match'?: string; 'if-modified-since'?: string }, etag: string, lastModified?: Date): boolean {
  const inm = headers['if-none-match'];
  if (inm !== undefined) return noneMatchHolds(inm, etag);
  const ims = headers['if-modified-since'];
  if (ims === undefined || !lastModified) return false;
  const since = Date.parse(ims);
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

/**
 * If-Range (13.1.5): the range applies only when the validator names the current
 * representation: a strong entity tag equal to ours, or an HTTP-date equal to Last-Modified.
 * Weak tags never match; a date does not match when no Last-Modified is sent.
 */
function ifRangeHolds(field: string | undefined, etag: string, lastModified?: Date): boolean {
  if (field === undefined) return true;
  const v = field.trim();
  if (v.startsWith('"')) return v === etag;
  if (v.startsWith('W/')) return false;
  const at = Date.parse(v);
  return !Number.isNaN(at) && !!lastModified && Math.floor(at / 1000) === Math.floor(lastModified.getTime() / 1000);
}

export type RangeAnswer =
  | { status: 200 }
  | { status: 206; start: number; end: number; contentRange: string }
  | { status: 416; contentRange: string };

/**
 * What a GET of `size` bytes answers given Range and If-Range (14.2, 13.1.5): one satisfiable
 * range → 206 with its inclusive start and end; an unsatisfiable one → 416 (`bytes *\/size`);
 * no Range, a malformed one, a unit other than bytes, several ranges (answered whole, as
 * 14.2 allows), or an If-Range that does not match → 200 with the whole representation.
 */
export function rangeOf(headers: { range?: string; 'if-range'?: string }, size: number, etag: string, lastModified?: Date): RangeAnswer {
  const field = headers.range;
  if (field === undefined || !ifRangeHolds(headers['if-range'], etag, lastModified)) return { status: 200 };
  const r = rangeParser(size, field, { combine: true });
  if (r === -2 || (r !== -1 && r.type !== 'bytes')) return { status: 200 };
  if (r === -1 || r.length === 0) return { status: 416, contentRange: `bytes */${size}` };
  if (r.length > 1) return { status: 200 };
  const { start, end } = r[0];
  return { status: 206, start, end, contentRange: `bytes ${start}-${end}/${size}` };
}

export type Coding = 'br' | 'gzip';

/**
 * Content types worth compressing: text (HTML, CSS, JS, plain, Markdown, CSV), SVG, JSON and
 * XML. Images, video, audio, fonts, archives and PDF are compressed already (or gain little).
 */
export function compressible(type: string): boolean {
  return type.startsWith('text/') || type.startsWith('image/svg+xml') || type.startsWith('application/json') || type.startsWith('application/xml');
}

const CODINGS_OF_FIELD = new Map<string, Coding | null>();
const MAX_FIELDS = 256;

/**
 * The coding to answer with for an Accept-Encoding field (12.5.3): br or gzip, whichever has
 * the higher q (br on a tie), a coding named with q=0 (or left to `*;q=0`) excluded; null for
 * identity (no field, nothing acceptable). Browsers send a handful of distinct fields, so the
 * answers are remembered per field (bounded).
 */
export function codingFor(field: string | undefined): Coding | null {
  if (field === undefined || field === '') return null;
  const known = CODINGS_OF_FIELD.get(field);
  if (known !== undefined) return known;
  const q: Record<string, number> = {};
  for (const part of field.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^q\s*=\s*([0-9.]+)$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    if (!Number.isNaN(weight)) q[name] = Math.max(q[name] ?? 0, weight);
  }
  const of = (c: string) => q[c] ?? (c === 'gzip' ? q['x-gzip'] : undefined) ?? q['*'] ?? 0;
  const br = of('br');
  const gzip = of('gzip');
  const chosen: Coding | null = br <= 0 && gzip <= 0 ? null : br >= gzip ? 'br' : 'gzip';
  if (CODINGS_OF_FIELD.size >= MAX_FIELDS) CODINGS_OF_FIELD.clear();
  CODINGS_OF_FIELD.set(field, chosen);
  return chosen;
}

/**
 * A conditional, possibly ranged GET of a stored file in the order 13.2.2 evaluates it:
 * If-None-Match / If-Modified-Since (304) first, then If-Range and Range.
 */
export function conditionalGet(
  headers: { 'if-none-match'?: string; 'if-modified-since'?: string; range?: string; 'if-range'?: string },
  size: number, etag: string, lastModified?: Date,
): RangeAnswer | { status: 304 } {
  return notModified(headers, etag, lastModified) ? { status: 304 } : rangeOf(headers, size, etag, lastModified);
}
