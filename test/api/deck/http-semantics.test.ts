// RFC 9110 on stored files: byte ranges (Range, If-Range, 206, 416), conditional
// requests (If-None-Match lists and `*`, If-Modified-Since) and content-coding negotiation
// (br, gzip, identity, q=0), on share-link files (the route and its fast path) and on the
// two downloads, /files/{sha}/content and /api/v1/files/{id}/content. Raw node:http requests:
// fetch would add its own Accept-Encoding and decode the body.
import test from 'ava';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { publish, sha } from '../../helpers/deck.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

const CSS = Buffer.from(`body { color: red; margin: 0 auto; }\n`.repeat(200)); // 7.4 KB, compresses well
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('x'.repeat(3000))]); // compressible bytes, but an image type
const BIN = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
const FILES = { 'index.html': '<!doctype html><h1>Ranges</h1>', 'style.css': CSS, 'pic.png': PNG, 'data.bin': BIN };

let s: TestServer;
let key: string;
let base: string; // the share link's URL path, ending in /
let deckId: string;
test.before(async () => {
  s = await startTestServer();
  key = (await seed.basicWorkspace(s.db.pool)).deckKey.key;
  const p = await publish(s.url, key, FILES, { title: 'HTTP semantics' });
  deckId = p.body.presentation.id;
  const l = await http(s.url, 'POST', `/api/v1/presentations/${deckId}/share-links`, { key, body: {} });
  base = (l.body.url as string).slice(s.url.length);
});
test.after.always(() => s?.close());

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const u = new URL(s.url + path);
    const r = request({ host: u.hostname, port: u.port, path: u.pathname + u.search, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end();
  });
}

/** Asks twice: the first request warms the caches (fastify answers), the second may be the fast path's. */
async function twice(path: string, headers: Record<string, string> = {}): Promise<[Raw, Raw]> {
  return [await get(path, headers), await get(path, headers)];
}

test('share-link ranges: a-b, a- and -n answer 206 with Content-Range; every answer says Accept-Ranges', async (t) => {
  const u = `${base}data.bin`;
  for (const [range, start, end] of [['bytes=0-99', 0, 99], ['bytes=900-', 900, 999], ['bytes=-10', 990, 999], ['bytes=990-5000', 990, 999]] as const) {
    for (const r of await twice(u, { range })) {
      t.is(r.status, 206, range);
      t.is(r.headers['content-range'], `bytes ${start}-${end}/1000`, range);
      t.is(r.headers['content-length'], String(end - start + 1), range);
      t.deepEqual(r.body, BIN.subarray(start, end + 1), range);
      t.is(r.headers['accept-ranges'], 'bytes');
      t.is(r.headers.etag, `"${sha(BIN)}"`);
      t.regex(String(r.headers['content-security-policy']), /^sandbox /, 'the deck sandbox on a part too');
    }
  }
  for (const r of await twice(u)) {
    t.is(r.status, 200);
    t.is(r.headers['accept-ranges'], 'bytes', 'whole answers (route and fast path) say so too');
    t.deepEqual(r.body, BIN);
  }
});

test('share-link ranges: unsatisfiable 416 with bytes */size; malformed, other units and several ranges answer the whole', async (t) => {
  const u = `${base}data.bin`;
  for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
    const r = await get(u, { range });
    t.is(r.status, 416, range);
    t.is(r.headers['content-range'], 'bytes */1000', range);
    t.is(r.body.length, 0);
  }
  for (const range of ['bytes=abc', 'items=0-5', 'bytes=0-1,5-6', 'garbage']) {
    const r = await get(u, { range });
    t.is(r.status, 200, range);
    t.deepEqual(r.body, BIN, range);
  }
});

test('share-link If-Range: the current strong etag gets the range; another etag, a weak one or a date (no Last-Modified) get the whole 200', async (t) => {
  const u = `${base}data.bin`;
  const etag = `"${sha(BIN)}"`;
  const hit = await get(u, { range: 'bytes=10-19', 'if-range': etag });
  t.is(hit.status, 206);
  t.deepEqual(hit.body, BIN.subarray(10, 20));
  for (const ifRange of [`"${sha('other')}"`, `W/${etag}`, new Date().toUTCString()]) {
    const r = await get(u, { range: 'bytes=10-19', 'if-range': ifRange });
    t.is(r.status, 200, ifRange);
    t.deepEqual(r.body, BIN, ifRange);
  }
});

test('share-link If-None-Match: a list holding the etag, W/ of it and * answer 304; a list without it 200 (route and fast path)', async (t) => {
  const u = `${base}data.bin`;
  const etag = `"${sha(BIN)}"`;
  for (const inm of [`"${sha('a')}", ${etag}`, `W/${etag}`, '*', `${etag},"x"`]) {
    for (const r of await twice(u, { 'if-none-match': inm })) {
      t.is(r.status, 304, inm);
      t.is(r.body.length, 0);
      t.is(r.headers.etag, etag);
    }
  }
  for (const r of await twice(u, { 'if-none-match': `"${sha('a')}", "${sha('b')}"` })) t.is(r.status, 200);
  // 304 wins over a Range (If-None-Match is evaluated first).
  t.is((await get(u, { 'if-none-match': '*', range: 'bytes=0-1' })).status, 304);
});

test('share-link compression: br preferred, gzip when only it is accepted, identity without the header or when q=0; Vary on every answer', async (t) => {
  const u = `${base}style.css`;
  const cases: [string | null, string | undefined][] = [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['br;q=0, gzip;q=0', undefined],
    ['*;q=0, identity', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    [null, undefined],
  ];
  for (const [accept, coding] of cases) {
    for (const r of await twice(u, accept === null ? {} : { 'accept-encoding': accept })) {
      t.is(r.status, 200, String(accept));
      t.is(r.headers['content-encoding'], coding, String(accept));
      t.is(r.headers.vary, 'accept-encoding', String(accept));
      t.is(r.headers['content-type'], 'text/css; charset=utf-8');
      const plain = coding === 'br' ? brotliDecompressSync(r.body) : coding === 'gzip' ? gunzipSync(r.body) : r.body;
      t.deepEqual(plain, CSS, String(accept));
      if (coding) {
        t.true(r.body.length < CSS.length / 5, 'compressed');
        t.is(r.headers.etag, `"${sha(CSS)}-${coding}"`, 'each coding is its own representation');
        t.is(r.headers['content-length'], String(r.body.length));
      } else t.is(r.headers.etag, `"${sha(CSS)}"`);
    }
  }
  // The compressed form's etag answers 304 for a client that holds it.
  const br = await get(u, { 'accept-encoding': 'br', 'if-none-match': `"${sha(CSS)}-br"` });
  t.is(br.status, 304);
  t.is(br.headers['content-encoding'], 'br');
});

test('share-link compression: a Range gets the identity bytes; images and other binary types are never compressed', async (t) => {
  const part = await get(`${base}style.css`, { 'accept-encoding': 'br, gzip', range: 'bytes=0-9' });
  t.is(part.status, 206);
  t.is(part.headers['content-encoding'], undefined);
  t.deepEqual(part.body, CSS.subarray(0, 10));
  t.is(part.headers['content-range'], `bytes 0-9/${CSS.length}`);
  for (const f of ['pic.png', 'data.bin'] as const) {
    for (const r of await twice(`${base}${f}`, { 'accept-encoding': 'br, gzip' })) {
      t.is(r.status, 200, f);
      t.is(r.headers['content-encoding'], undefined, f);
      t.is(r.headers.vary, undefined, f);
      t.deepEqual(r.body, FILES[f], f);
    }
  }
});

test('/files/{sha}/content: ranges, 416, If-Range, and its own ETag answers If-None-Match (list and *)', async (t) => {
  const u = `/files/${sha(BIN)}/content`;
  const auth = { authorization: `Bearer ${key}` };
  const part = await get(u, { ...auth, range: 'bytes=-100' });
  t.is(part.status, 206);
  t.is(part.headers['content-range'], 'bytes 900-999/1000');
  t.deepEqual(part.body, BIN.subarray(900));
  t.is(part.headers['accept-ranges'], 'bytes');
  const whole = await get(u, auth);
  t.is(whole.status, 200);
  t.is(whole.headers['accept-ranges'], 'bytes');
  t.deepEqual(whole.body, BIN);
  const etag = whole.headers.etag as string;
  t.is(etag, `"${sha(BIN)}"`);
  const bad = await get(u, { ...auth, range: 'bytes=2000-' });
  t.is(bad.status, 416);
  t.is(bad.headers['content-range'], 'bytes */1000');
  t.is((await get(u, { ...auth, range: 'bytes=0-9', 'if-range': '"stale"' })).status, 200);
  t.is((await get(u, { ...auth, range: 'bytes=0-9', 'if-range': etag })).status, 206);
  for (const inm of [etag, `"x", ${etag}`, '*']) {
    const r = await get(u, { ...auth, 'if-none-match': inm });
    t.is(r.status, 304, inm);
    t.is(r.headers.etag, etag);
  }
  t.is((await get(u, { ...auth, 'if-none-match': '"x"' })).status, 200);
  t.is((await get(u, { range: 'bytes=0-9' })).status, 401, 'a range proves nothing: still a credential');
});

test('/api/v1/files/{id}/content: ranges, If-None-Match, If-Modified-Since and If-Range by etag or date', async (t) => {
  const files = await http(s.url, 'GET', `/api/v1/presentations/${deckId}/files`, { key });
  const id = files.body.items.find((f: { path: string }) => f.path === 'data.bin').fileId as string;
  const u = `/api/v1/files/${id}/content`;
  const auth = { authorization: `Bearer ${key}` };
  const whole = await get(u, auth);
  t.is(whole.status, 200);
  t.deepEqual(whole.body, BIN);
  t.is(whole.headers['accept-ranges'], 'bytes');
  const etag = whole.headers.etag as string;
  const modified = whole.headers['last-modified'] as string;
  t.is(etag, `"${sha(BIN)}"`);
  t.truthy(modified && !Number.isNaN(Date.parse(modified)));
  const part = await get(u, { ...auth, range: 'bytes=500-509' });
  t.is(part.status, 206);
  t.is(part.headers['content-range'], 'bytes 500-509/1000');
  t.deepEqual(part.body, BIN.subarray(500, 510));
  t.is((await get(u, { ...auth, range: 'bytes=1000-' })).status, 416);
  t.is((await get(u, { ...auth, range: 'bytes=0-1', 'if-range': modified })).status, 206, 'the Last-Modified date itself');
  t.is((await get(u, { ...auth, range: 'bytes=0-1', 'if-range': new Date(Date.parse(modified) - 60_000).toUTCString() })).status, 200, 'another date');
  t.is((await get(u, { ...auth, range: 'bytes=0-1', 'if-range': etag })).status, 206);
  t.is((await get(u, { ...auth, 'if-none-match': `"a", ${etag}` })).status, 304);
  t.is((await get(u, { ...auth, 'if-none-match': '*' })).status, 304);
  t.is((await get(u, { ...auth, 'if-modified-since': modified })).status, 304);
  t.is((await get(u, { ...auth, 'if-modified-since': new Date(Date.parse(modified) - 60_000).toUTCString() })).status, 200);
  t.is((await get(u, { ...auth, 'if-none-match': '"a"', 'if-modified-since': modified })).status, 200, 'If-None-Match decides when both are sent');
});
