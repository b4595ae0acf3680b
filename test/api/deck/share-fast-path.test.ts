// The share-link fast path (api/routes/deck/serve.ts fastDeckFile): GET /v/<token>/<path>
// answered from the link cache before fastify builds a request. What it decides on its own
// is tested here: directly against a LinkCache over the real database (which requests it
// answers, and how), and over HTTP (the headers, 304, the metric and the log line every
// answer carries). The fastify route's own tests (share.test.ts) run unchanged.
import test from 'ava';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LinkCache, SMALL_BLOB_BYTES } from '../../../api/routes/deck/link-cache.ts';
import { fastDeckFile } from '../../../api/routes/deck/serve.ts';
import type { FastAnswer } from '../../../api/fast-answer.ts';
import { publish } from '../../helpers/deck.ts';
import { http, setClock } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

const SANDBOX = 'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads';
const FILES = { 'index.html': '<!doctype html><h1>Fast</h1>', 'img/a.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>', 'downloads/r.pdf': '%PDF' };

let s: TestServer;
let key: string;
const lines: string[] = [];
test.before(async () => {
  s = await startTestServer({ logLines: lines });
  key = (await seed.basicWorkspace(s.db.pool)).deckKey.key;
});
test.after.always(() => s?.close());

async function link(body: Record<string, unknown> = {}) {
  const p = await publish(s.url, key, FILES, { title: 'Fast deck' });
  if (p.status !== 201) throw new Error(JSON.stringify(p.body));
  const r = await http(s.url, 'POST', `/api/v1/presentations/${p.body.presentation.id}/share-links`, { key, body });
  if (r.status !== 201) throw new Error(r.text);
  const url = r.body.url as string;
  return { id: r.body.token.id as string, url, path: url.slice(s.url.length), token: url.split('/v/')[1]!.replace('/', '') };
}

/** A LinkCache of our own, warmed as the server warms its own: link, file, blob. */
async function warm(cache: LinkCache, token: string, file = 'index.html') {
  const info = await cache.link(token);
  if (info) {
    const ref = await cache.file(info.deckId, info.version, file);
    if (ref) cache.keepBlob(ref.sha256, Buffer.from(FILES[file as keyof typeof FILES]));
  }
}

const req = (url: string, headers: Record<string, string> = {}) => ({ method: 'GET', url, headers }) as unknown as IncomingMessage;
const body = (a: FastAnswer | null) => (a?.body === null || a?.body === undefined ? null : a.body.toString());

test('a cached file is answered with the sandbox CSP, its etag and no-cache; the same etag answers 304', async (t) => {
  const l = await link();
  const cache = new LinkCache(s.db.pool);
  const fast = fastDeckFile(s.config.authSecret, cache);
  t.is(fast(req(`${l.path}index.html`)), null, 'nothing cached yet: fastify answers (and looks it up)');
  await warm(cache, l.token);
  const a = fast(req(`${l.path}index.html?x=1`))!;
  t.is(a.status, 200);
  t.is(body(a), FILES['index.html']);
  t.is(a.route, '/v/:token/*');
  t.is(a.headers['content-type'], 'text/html; charset=utf-8');
  t.is(a.headers['content-security-policy'], SANDBOX);
  t.is(a.headers['cache-control'], 'private, no-cache');
  t.regex(a.headers.etag!, /^"[0-9a-f]{64}"$/);
  const again = fast(req(`${l.path}index.html`, { 'if-none-match': a.headers.etag! }))!;
  t.is(again.status, 304);
  t.is(again.body, null);
  t.is(fast(req(`${l.path}img/a.svg`)), null, 'a file not cached yet goes to fastify');
});

test('what it leaves to fastify: the entry page (a view), attachments and the zip (downloads), escapes, HEAD-less odd URLs', async (t) => {
  const l = await link();
  const cache = new LinkCache(s.db.pool);
  const fast = fastDeckFile(s.config.authSecret, cache);
  await warm(cache, l.token);
  for (const u of [l.path, `${l.path}?embed=1`, l.path.slice(0, -1), `${l.path}downloads.zip`, `${l.path}downloads/r.pdf`, `/v/%41${l.token.slice(1)}/index.html`, `${l.path}..%2Findex.html`]) {
    t.is(fast(req(u)), null, u);
  }
  t.is(fast(req('/api/v1/me')), null);
});

test('ranges go to fastify; a text file goes compressed only once its compressed form is cached; If-None-Match lists and * answer 304', async (t) => {
  const l = await link();
  const cache = new LinkCache(s.db.pool);
  const fast = fastDeckFile(s.config.authSecret, cache);
  await warm(cache, l.token);
  const sha256 = (await cache.file((await cache.link(l.token))!.deckId, (await cache.link(l.token))!.version, 'index.html'))!.sha256;
  t.is(fast(req(`${l.path}index.html`, { range: 'bytes=0-3' })), null, 'a Range is the route\'s');
  const plain = fast(req(`${l.path}index.html`))!;
  t.is(plain.headers['accept-ranges'], 'bytes');
  t.is(plain.headers.vary, 'accept-encoding');
  t.false('content-encoding' in plain.headers);
  t.is(fast(req(`${l.path}index.html`, { 'accept-encoding': 'gzip, br' })), null, 'not compressed yet: the route compresses it');
  // Bytes compression cannot shrink are remembered as such and sent as they are.
  t.is(await cache.compressed.of(sha256, 'br', async () => randomBytes(64)), null);
  t.false('content-encoding' in fast(req(`${l.path}index.html`, { 'accept-encoding': 'gzip, br' }))!.headers);
  const big = Buffer.from('<p>compress me</p>'.repeat(100));
  const z = await cache.compressed.of(sha256, 'gzip', async () => big);
  t.truthy(z);
  const gz = fast(req(`${l.path}index.html`, { 'accept-encoding': 'gzip' }))!;
  t.is(gz.headers['content-encoding'], 'gzip');
  t.is(gz.headers.etag, `"${sha256}-gzip"`);
  t.is(gz.body, z);
  t.is(fast(req(`${l.path}index.html`, { 'accept-encoding': 'gzip', 'if-none-match': `"x", "${sha256}-gzip"` }))?.status, 304);
  for (const inm of [`"x", "${sha256}"`, '*', `W/"${sha256}"`]) t.is(fast(req(`${l.path}index.html`, { 'if-none-match': inm }))?.status, 304, inm);
  t.is(fast(req(`${l.path}index.html`, { 'if-none-match': '"x", "y"' }))?.status, 200);
});

test('the blob cache keeps its byte bound, and a blob read since the last eviction pass gets a second chance', (t) => {
  const cache = new LinkCache(s.db.pool, undefined, 30);
  const ten = (c: string) => Buffer.alloc(10, c);
  cache.keepBlob('a', ten('a'));
  cache.keepBlob('b', ten('b'));
  cache.keepBlob('c', ten('c'));
  t.truthy(cache.blob('a'), 'read: a is used');
  cache.keepBlob('d', ten('d')); // 40 bytes: the oldest unread (b) goes, a is kept once more
  t.deepEqual(['a', 'b', 'c', 'd'].map((k) => cache.blob(k)?.toString() ?? null), ['a'.repeat(10), null, 'c'.repeat(10), 'd'.repeat(10)]);
  // a, c and d were all read just now: each gets its one second chance, so the newcomer,
  // never read, is the one to go (the blobs in use stay)
  cache.keepBlob('e', ten('e'));
  t.is(cache.blob('e'), undefined);
  t.is(['a', 'c', 'd'].filter((k) => cache.blob(k)).length, 3);
  cache.keepBlob('big', Buffer.alloc(SMALL_BLOB_BYTES + 1));
  t.is(cache.blob('big'), undefined, 'a large blob is never kept (it is streamed)');
});

test('a revoked link, a missing file, an unknown file of a cached link all answer the route\'s 404', async (t) => {
  const l = await link();
  const cache = new LinkCache(s.db.pool);
  const fast = fastDeckFile(s.config.authSecret, cache);
  await warm(cache, l.token);
  await warm(cache, l.token, 'nope.html'); // cached as missing
  const missing = fast(req(`${l.path}nope.html`))!;
  t.is(missing.status, 404);
  t.is(body(missing), 'Not found\n');
  t.is(missing.headers['cache-control'], 'no-store');
  t.is((await http(s.url, 'DELETE', `/api/v1/share-links/${l.id}`, { key })).status, 200);
  cache.forgetAll(); // as the revoking replica does
  t.is(fast(req(`${l.path}index.html`)), null, 'forgotten: fastify looks it up');
  await warm(cache, l.token);
  const dead = fast(req(`${l.path}index.html`))!;
  t.is(dead.status, 404);
  t.is(body(dead), 'Not found\n');
  // and over HTTP, through the server's own cache
  t.is((await http(s.url, 'GET', `${l.path}index.html`)).status, 404);
});

test.serial('an expired link is never answered from the cache past its expiry', async (t) => {
  const l = await link({ expiresInMinutes: 60 });
  let clockMs = 0; // the cache's clock, moved by the test rather than waited for
  const cache = new LinkCache(s.db.pool, 3_600_000, undefined, () => clockMs);
  const fast = fastDeckFile(s.config.authSecret, cache);
  await s.db.pool.query(`update app.share_links set expires_at = app.now() + interval '10 seconds' where id = $1`, [l.id]);
  await warm(cache, l.token);
  t.is(fast(req(`${l.path}index.html`))?.status, 200);
  clockMs += 5_000;
  t.is(fast(req(`${l.path}index.html`))?.status, 200, 'before its expiry (as SQL measured it) the cache answers');
  clockMs += 5_001;
  t.is(fast(req(`${l.path}index.html`)), null, 'past its expiry the entry is gone: fastify looks it up');
  await setClock(s.url, 11); // and SQL's clock past it too
  try {
    await warm(cache, l.token);
    t.is(fast(req(`${l.path}index.html`))?.status, 404);
  } finally {
    await setClock(s.url, 0);
  }
  // over HTTP, with the server clock moved past the hour
  const other = await link({ expiresInMinutes: 60 });
  t.is((await http(s.url, 'GET', `${other.path}index.html`)).status, 200);
  t.is((await http(s.url, 'GET', `${other.path}index.html`)).status, 200);
  await setClock(s.url, 61 * 60);
  try {
    t.is((await http(s.url, 'GET', `${other.path}index.html`)).status, 404);
  } finally {
    await setClock(s.url, 0);
  }
});

test('a password link: 404 without proof, the file with its cookie or a valid frame context, 404 with a forged one', async (t) => {
  const l = await link({ password: 'open sesame' });
  const right = await http(s.url, 'POST', `${l.path}password`, { raw: 'password=open+sesame', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const cookie = right.headers.getSetCookie().find((c) => c.startsWith('podium_link='))!.split(';')[0];
  const page = await http(s.url, 'GET', l.path, { cookie });
  const framed = /<iframe src="([^"]+)"/.exec(page.text)![1];
  const cache = new LinkCache(s.db.pool);
  const fast = fastDeckFile(s.config.authSecret, cache);
  await warm(cache, l.token);
  const refused = fast(req(`${l.path}index.html`))!;
  t.is(refused.status, 404);
  t.is(body(refused), 'Not found\n');
  t.is(fast(req(`${l.path}index.html`, { cookie }))?.status, 200);
  t.is(fast(req(`${l.path}index.html`, { cookie: cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) }))?.status, 404);
  t.is(fast(req(`${l.path}${framed}`))?.status, 200);
  const forged = framed.replace(/\.f\/[^/]+\//, '.f/' + Buffer.from(JSON.stringify(['link', null, 'forged', 9e9])).toString('base64url') + '.x/');
  t.is(fast(req(`${l.path}${forged}`))?.status, 404);
  // over HTTP (warm): the same answers
  t.is((await http(s.url, 'GET', `${l.path}index.html`)).status, 404);
  t.is((await http(s.url, 'GET', `${l.path}index.html`, { cookie })).status, 200);
  t.is((await http(s.url, 'GET', `${l.path}index.html`)).status, 404);
});

test.serial('over HTTP a warm file carries every header, the request metric and a log line without the secret', async (t) => {
  const l = await link();
  const metric = async () => {
    const text = (await http(s.url, 'GET', '/metrics')).text;
    const line = text.split('\n').find((x) => x.startsWith('podium_http_request_duration_seconds_count{') && x.includes('route="/v/:token/*"') && x.includes('status="200"'));
    return line ? Number(line.split(' ').at(-1)) : 0;
  };
  const u = `${l.path}img/a.svg`;
  t.is((await http(s.url, 'GET', u)).status, 200); // cold: fastify looks up and caches
  const before = await metric();
  const logged = lines.length;
  const r = await http(s.url, 'GET', u);
  t.is(r.status, 200);
  t.is(r.text, FILES['img/a.svg']);
  t.is(r.headers.get('content-type'), 'image/svg+xml');
  t.is(r.headers.get('content-security-policy'), SANDBOX);
  t.is(r.headers.get('x-content-type-options'), 'nosniff');
  t.is(r.headers.get('referrer-policy'), 'no-referrer');
  t.is(r.headers.get('cache-control'), 'private, no-cache');
  t.is(r.headers.get('content-length'), String(Buffer.byteLength(FILES['img/a.svg'])));
  const etag = r.headers.get('etag')!;
  const cached = await http(s.url, 'GET', u, { headers: { 'if-none-match': etag } });
  t.is(cached.status, 304);
  t.is(cached.text, '');
  t.is(cached.headers.get('x-content-type-options'), 'nosniff');
  t.is((await metric()) - before, 1);
  const mine = lines.slice(logged).map((x) => JSON.parse(x)).filter((x) => x.msg === 'request' && String(x.url).startsWith('/v/'));
  t.true(mine.length >= 2);
  for (const x of mine) {
    t.is(x.url, '/v/[redacted]/img/a.svg');
    t.false(JSON.stringify(x).includes(l.token));
  }
});
