// Share links: minted only explicitly, secret only in the URL, switches, expiry, password,
// dashboard previews, embed snippets; serving at /v/<token>/ sandboxed; downloads and zip.
import test from 'ava';
import { inflateRawSync } from 'node:zlib';
import { publish, sha } from '../../helpers/deck.ts';
import { http, setClock } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { until } from '../../../ops/harness/until.ts';
import { LinkCache } from '../../../api/routes/deck/link-cache.ts';

const SANDBOX = 'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads';

let s: TestServer;
let key: string;
test.before(async () => {
  s = await startTestServer();
  key = (await seed.basicWorkspace(s.db.pool)).deckKey.key;
});
test.after.always(() => s?.close());

const DECK = {
  'index.html': '<!doctype html><h1>Deck</h1><form method="post" action="forms/contact"><input name="email"></form>',
  'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  'downloads/report.pdf': '%PDF report',
  'downloads/sheet.csv': 'a,b\n',
};

async function deck(title = 'Shared deck', files: Record<string, string> = DECK) {
  const r = await publish(s.url, key, files, { title });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body.presentation.id as string;
}

async function share(id: string, body: Record<string, unknown> = {}, headers?: Record<string, string>) {
  const r = await http(s.url, 'POST', `/api/v1/presentations/${id}/share-links`, { key, body, headers });
  if (r.status !== 201) throw new Error(`share answered ${r.status}: ${r.text}`);
  return r.body as { token: any; url: string; embed: { script: string; iframe: string; embedJsUrl: string } };
}

const path = (url: string) => url.slice(s.url.length);
const get = (p: string, cookie?: string) => http(s.url, 'GET', p, { cookie });
async function linkRow(id: string) {
  return (await s.db.pool.query('select * from app.share_links where id = $1', [id])).rows[0];
}

test('minting answers the token, the URL (secret inside, shown once) and embed snippets; only a hash is kept', async (t) => {
  const id = await deck();
  const r = await share(id, { name: 'Board', placement: 'newsletter' });
  t.regex(r.url, new RegExp(`^${s.url}/v/[A-Za-z0-9_-]{43}/$`));
  t.is(r.token.name, 'Board');
  t.is(r.token.follows, 'latest');
  t.true(r.token.showBar && r.token.canDownload && r.token.formsEnabled);
  t.is(r.token.downloadCount, 0);
  t.is(r.embed.embedJsUrl, `${s.url}/embed.js`);
  t.true(r.embed.script.includes(`data-podium-embed="${r.url}"`) && r.embed.script.includes('data-placement="newsletter"'));
  t.true(r.embed.iframe.includes(`src="${r.url}?embed=1&amp;placement=newsletter"`));
  const secret = r.url.split('/v/')[1].replace('/', '');
  const stored = await s.db.pool.query('select token_hash from app_private.share_link_secrets where link_id = $1', [r.token.id]);
  t.deepEqual(stored.rows[0].token_hash, Buffer.from(sha(secret), 'hex'));
  const dump = JSON.stringify((await s.db.pool.query(`select * from app.share_links`)).rows) +
    JSON.stringify((await s.db.pool.query(`select * from app_private.idempotency_keys`)).rows);
  t.false(dump.includes(secret));
  const listed = await http(s.url, 'GET', `/api/v1/presentations/${id}/share-links`, { key });
  t.false(listed.text.includes(secret));
  t.is(listed.body.items[0].id, r.token.id);
  const js = await get('/embed.js');
  t.is(js.status, 200);
  t.regex(js.headers.get('content-type')!, /javascript/);
  t.true(js.text.includes('data-podium-embed'));
});

test('a retried mint with the same Idempotency-Key makes one link and hands a fresh secret; the lost one stops', async (t) => {
  const id = await deck();
  const a = await share(id, { name: 'Retry' }, { 'idempotency-key': 'mint-1' });
  const b = await share(id, { name: 'Retry' }, { 'idempotency-key': 'mint-1' });
  t.is(a.token.id, b.token.id);
  t.not(a.url, b.url);
  t.is((await get(path(a.url))).status, 404);
  t.is((await get(path(b.url))).status, 200);
  t.is((await http(s.url, 'GET', `/api/v1/presentations/${id}/share-links`, { key })).body.items.length, 1);
});

test('the link page frames the deck in a sandbox under a strict CSP; user files carry the sandbox CSP and nosniff', async (t) => {
  const id = await deck();
  const { url } = await share(id);
  const page = await get(path(url));
  t.is(page.status, 200);
  const csp = page.headers.get('content-security-policy')!;
  t.regex(csp, /default-src 'none'/);
  t.notRegex(csp, /script-src/);
  t.regex(page.text, /<iframe src="\.f\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}\/index\.html" sandbox="allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads"/);
  t.false(page.text.includes('allow-same-origin'));
  const framed = /<iframe src="([^"]+)"/.exec(page.text)![1];
  for (const p of [framed, 'index.html', 'img/logo.svg']) {
    const f = await get(path(url) + p);
    t.is(f.status, 200, p);
    t.is(f.headers.get('content-security-policy'), SANDBOX, p);
    t.is(f.headers.get('x-content-type-options'), 'nosniff', p);
  }
  t.is((await get(path(url) + 'index.html')).headers.get('content-type'), 'text/html; charset=utf-8');
  t.is((await get(path(url) + 'img/logo.svg')).text, DECK['img/logo.svg']);
  // /v/<token> without the slash goes to the page.
  const bare = await fetch(s.url + path(url).slice(0, -1), { redirect: 'manual' });
  t.is(bare.status, 308);
  t.is(bare.headers.get('location'), path(url));
});

test('every share-link answer says X-Robots-Tag: noindex: the page, its files (fast path too), downloads, the zip, a dead link', async (t) => {
  const id = await deck();
  const { url } = await share(id, { canDownload: true });
  const paths = ['', 'index.html', 'index.html', 'img/logo.svg', 'downloads/report.pdf', 'downloads.zip', 'no-such-file.html'];
  for (const p of paths) {
    const r = await get(path(url) + p); // index.html twice: the second comes from the fast path's memory
    t.is(r.headers.get('x-robots-tag'), 'noindex', `${p || 'the page'} (${r.status})`);
  }
  t.is((await get('/v/no-such-token/')).headers.get('x-robots-tag'), 'noindex', 'a dead link');
  t.is((await get('/v/no-such-token/index.html')).headers.get('x-robots-tag'), 'noindex');
  const password = await share(id, { password: 'open sesame' });
  t.is((await get(path(password.url))).headers.get('x-robots-tag'), 'noindex', 'the password page');
  t.is((await get('/api/v1/health')).headers.get('x-robots-tag'), null, 'only share links');
});

test('the bar shows the title escaped, and Download files when the version has attachments and canDownload', async (t) => {
  const title = '<script>alert("x")</script> =HYPERLINK("http://evil") & co';
  const id = await deck(title);
  const { url, embed } = await share(id);
  const page = await get(path(url));
  t.false(page.text.includes('<script>alert'));
  t.true(page.text.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; =HYPERLINK(&quot;http://evil&quot;) &amp; co'));
  t.true(page.text.includes('Download files (2)'));
  t.true(page.text.includes('href="downloads.zip"'));
  t.true(page.text.includes('href="downloads/report.pdf"'));
  t.false(embed.iframe.includes('<script>alert'));
  const noBar = await share(id, { showBar: false });
  t.false((await get(path(noBar.url))).text.includes('class="bar"'));
  const noDl = await share(id, { canDownload: false });
  const p2 = await get(path(noDl.url));
  t.true(p2.text.includes('class="bar"'));
  t.false(p2.text.includes('Download files'));
  const plain = await deck('No attachments', { 'index.html': 'x' });
  t.false((await get(path((await share(plain)).url))).text.includes('Download files'));
});

test('attachments download (never rendered), count one each and one per zip; views never count downloads', async (t) => {
  const id = await deck();
  const { url, token } = await share(id);
  await get(path(url)); // a view
  const pdf = await get(path(url) + 'downloads/report.pdf');
  t.is(pdf.status, 200);
  t.is(pdf.text, DECK['downloads/report.pdf']);
  t.regex(pdf.headers.get('content-disposition')!, /^attachment; filename="report.pdf"/);
  t.is(pdf.headers.get('content-type'), 'application/octet-stream');
  t.is((await linkRow(token.id)).download_count, 1);
  const zip = await fetch(s.url + path(url) + 'downloads.zip');
  t.is(zip.status, 200);
  t.is(zip.headers.get('content-type'), 'application/zip');
  const bytes = Buffer.from(await zip.arrayBuffer());
  t.is(bytes.readUInt32LE(0), 0x04034b50);
  t.deepEqual(zipEntries(bytes), { 'report.pdf': DECK['downloads/report.pdf'], 'sheet.csv': DECK['downloads/sheet.csv'] });
  const row = await linkRow(token.id);
  t.is(row.download_count, 2);
  t.is(row.view_count, 1);
  const listed = await http(s.url, 'GET', `/api/v1/presentations/${id}/share-links`, { key });
  t.is(listed.body.items.find((l: { id: string }) => l.id === token.id).downloadCount, 2);
});

test('with canDownload false every download URL answers 404 and nothing counts', async (t) => {
  const id = await deck();
  const { url, token } = await share(id, { canDownload: false });
  t.is((await get(path(url) + 'downloads/report.pdf')).status, 404);
  t.is((await get(path(url) + 'downloads.zip')).status, 404);
  t.is((await linkRow(token.id)).download_count, 0);
});

test('path traversal and dot paths in served URLs answer 404', async (t) => {
  const id = await deck();
  const { url } = await share(id);
  const base = s.url + path(url);
  for (const p of ['..%2F..%2Fetc%2Fpasswd', '%2e%2e/%2e%2e/etc/passwd', 'img/..%2F..%2Findex.html', '.f/garbage/index.html', '.env', 'img%5Clogo.svg', 'nope.html', 'img/']) {
    const r = await fetch(base + p);
    t.is(r.status, 404, p);
  }
  t.is((await fetch(base + '%ZZ')).status, 400, 'a malformed escape is refused by the router');
});

test('latest links follow new pushes; pinned links stay on their version', async (t) => {
  const id = await deck('Pins', { 'index.html': 'version one' });
  const latest = await share(id);
  const pinned = await share(id, { version: 1 });
  await publish(s.url, key, { 'index.html': 'version two' }, { deck: id, baseVersion: 1 });
  // Neither link was opened before the push: nothing of them is cached (the warm cache is tested below).
  t.is((await get(path(latest.url) + 'index.html')).text, 'version two');
  t.is((await get(path(pinned.url) + 'index.html')).text, 'version one');
  t.is(pinned.token.follows, 'pinned');
  const bad = await http(s.url, 'POST', `/api/v1/presentations/${id}/share-links`, { key, body: { version: 9 } });
  t.is(bad.body.error.code, 'version_not_found');
});

test.serial('the link cache: a warm link is answered from memory after its row changed behind the API; a clock move forgets it', async (t) => {
  const id = await deck('Cached deck');
  const l = await share(id);
  t.is((await get(path(l.url))).status, 200); // looked up once: cached now
  // Revoked behind this replica's back (as another replica would): no forgetAll here.
  await s.db.pool.query('update app.share_links set revoked_at = app.now() where id = $1', [l.token.id]);
  const warm = await get(path(l.url));
  t.is(warm.status, 200, 'answered from the cache, without a lookup');
  t.true(warm.text.includes('Cached deck'));
  await setClock(s.url, 0); // any clock move forgets the cache
  t.is((await get(path(l.url))).status, 404, 'looked up again: revoked');
});

test.serial('the link cache never keeps a link past its expiry as SQL measured it', async (t) => {
  const id = await deck('Short-lived');
  const l = await share(id, { expiresInMinutes: 60 });
  await s.db.pool.query(`update app.share_links set expires_at = app.now() + interval '2 seconds' where id = $1`, [l.token.id]);
  const cache = new LinkCache(s.db.pool, 3_600_000); // an hour: only the link's own expiry can end the entry
  const secret = l.url.split('/v/')[1]!.replace('/', '');
  const first = await cache.link(secret);
  t.is(first?.deckId, id);
  t.true(first!.secondsLeft! <= 2);
  await until('the cached link to end at its expiry', async () => (await cache.link(secret)) === null);
});

test.serial('expired, revoked, deleted and unknown links all answer the same, revealing nothing', async (t) => {
  const id = await deck('Secret title');
  const expiring = await share(id, { expiresInMinutes: 60 });
  const revoked = await share(id);
  const gone = await deck('Doomed');
  const onDeleted = await share(gone);
  // Every link is opened first, so each is cached when it stops.
  for (const l of [expiring, revoked, onDeleted]) t.is((await get(path(l.url))).status, 200);
  // A revocation and a deletion through this replica stop their links at once, warm cache or not.
  t.is((await http(s.url, 'DELETE', `/api/v1/share-links/${revoked.token.id}`, { key })).status, 200);
  t.is((await get(path(revoked.url))).status, 404, 'revoked: stopped at once');
  t.is((await http(s.url, 'DELETE', `/api/v1/presentations/${gone}`, { key })).status, 200);
  t.is((await get(path(onDeleted.url))).status, 404, 'deck deleted: stopped at once');
  t.is((await get(path(expiring.url))).status, 200, 'the expiring link is still open before its expiry');
  await setClock(s.url, 61 * 60);
  try {
    const answers = await Promise.all([expiring.url, revoked.url, onDeleted.url, `${s.url}/v/${'A'.repeat(43)}/`].map((u) => get(path(u))));
    for (const a of answers) {
      t.is(a.status, 404);
      t.is(a.text.replace(/nonce-[^']+'|nonce="[^"]+"/g, ''), answers[3].text.replace(/nonce-[^']+'|nonce="[^"]+"/g, ''));
      t.false(a.text.includes('Secret title'));
    }
    t.is((await get(path(expiring.url) + 'index.html')).status, 404);
  } finally {
    await setClock(s.url, 0);
  }
});

test('password links: a password page without the title, then a signed cookie; files refuse without it', async (t) => {
  const id = await deck('Locked deck');
  const { url, token } = await share(id, { password: 'open sesame' });
  t.true(token.hasPassword);
  const page = await get(path(url));
  t.is(page.status, 401);
  t.false(page.text.includes('Locked deck'));
  t.true(page.text.includes('type="password"'));
  t.is((await get(path(url) + 'index.html')).status, 404);
  t.is((await get(path(url) + 'downloads.zip')).status, 404);
  const wrong = await http(s.url, 'POST', path(url) + 'password', { raw: 'password=nope', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  t.is(wrong.status, 401);
  t.true(wrong.text.includes('not right'));
  const right = await http(s.url, 'POST', path(url) + 'password', { raw: 'password=open+sesame', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  t.is(right.status, 303);
  const setCookie = right.headers.getSetCookie().find((c) => c.startsWith('podium_link='))!;
  t.regex(setCookie, /HttpOnly/);
  t.true(setCookie.includes(`Path=${path(url)}`));
  const cookie = setCookie.split(';')[0];
  const open = await get(path(url), cookie);
  t.is(open.status, 200);
  t.true(open.text.includes('Locked deck'));
  t.is((await get(path(url) + 'index.html', cookie)).status, 200);
  // What the sandboxed frame loads carries its grant in the path (an opaque origin sends no cookie).
  const framed = /<iframe src="([^"]+)"/.exec(open.text)![1];
  t.is((await get(path(url) + framed)).status, 200);
  t.is((await get(path(url) + framed.replace(/\.f\/[^/]+\//, '.f/' + Buffer.from(JSON.stringify(['link', null, 'forged', null])).toString('base64url') + '/'))).status, 404);
  // A cookie of another link does not open this one.
  const other = await share(id, { password: 'open sesame' });
  t.is((await get(path(other.url), cookie)).status, 401);
  const stored = await s.db.pool.query('select password_hash from app_private.share_link_secrets where link_id = $1', [token.id]);
  t.regex(stored.rows[0].password_hash, /^\$argon2id\$/);
});

test.serial('a password proof is refused 12 hours after the password was given: the cookie, and the frame that came with it', async (t) => {
  const id = await deck('Twelve hours');
  const { url } = await share(id, { password: 'open sesame' });
  const right = await http(s.url, 'POST', path(url) + 'password', { raw: 'password=open+sesame', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const cookie = right.headers.getSetCookie().find((c) => c.startsWith('podium_link='))!.split(';')[0];
  try {
    // Eleven hours on, the cookie still opens the link; the frame handed out now dies with the proof.
    await setClock(s.url, 11 * 3600);
    const page = await get(path(url), cookie);
    t.is(page.status, 200);
    const framed = path(url) + /<iframe src="([^"]+)"/.exec(page.text)![1];
    t.is((await get(framed)).status, 200);
    await setClock(s.url, 12 * 3600 + 60);
    t.is((await get(path(url), cookie)).status, 401, 'the password page again');
    t.is((await get(path(url) + 'index.html', cookie)).status, 404);
    t.is((await get(path(url) + 'downloads.zip', cookie)).status, 404);
    t.is((await get(framed)).status, 404, 'a frame opened an hour ago expires with its proof');
    const form = await http(s.url, 'POST', framed.replace(/[^/]+$/, 'forms/late'), { body: { a: '1' } });
    t.is(form.status, 404);
    // Giving the password again issues a fresh proof.
    const again = await http(s.url, 'POST', path(url) + 'password', { raw: 'password=open+sesame', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const fresh = again.headers.getSetCookie().find((c) => c.startsWith('podium_link='))!.split(';')[0];
    t.is((await get(path(url), fresh)).status, 200);
  } finally {
    await setClock(s.url, 0);
  }
});

test('password proofs carry their issue time under the signature: an edited time or a proof of another link is refused', async (t) => {
  const id = await deck('Proofs');
  const a = await share(id, { password: 'open sesame' });
  const b = await share(id, { password: 'open sesame' });
  const right = await http(s.url, 'POST', path(a.url) + 'password', { raw: 'password=open+sesame', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const value = right.headers.getSetCookie().find((c) => c.startsWith('podium_link='))!.split(';')[0].slice('podium_link='.length);
  const [issued, mac] = value.split('.');
  t.regex(issued, /^\d+$/);
  t.is((await get(path(a.url), `podium_link=${value}`)).status, 200);
  t.is((await get(path(a.url), `podium_link=${Number(issued) + 3600}.${mac}`)).status, 401, 'a later issue time under the old signature');
  t.is((await get(path(a.url), `podium_link=${mac}`)).status, 401, 'a proof without its time');
  t.is((await get(path(b.url), `podium_link=${value}`)).status, 401, 'another link with the same password');
});

test.serial('dashboard preview links expire within the hour and count nothing', async (t) => {
  const id = await deck();
  const { url, token } = await share(id, { name: 'Dashboard preview', expiresInMinutes: 600 });
  t.true(token.dashboardPreview);
  const left = (Date.parse(token.expiresAt) - Date.parse(token.createdAt)) / 1000;
  t.true(left <= 3600 && left > 3500);
  await get(path(url));
  await get(path(url) + 'downloads/report.pdf');
  await get(path(url) + 'downloads.zip');
  const row = await linkRow(token.id);
  t.is(row.view_count, 0);
  t.is(row.download_count, 0);
  t.is((await s.db.pool.query('select count(*)::int as n from app.deck_views where link_id = $1', [token.id])).rows[0].n, 0);
  const listed = await http(s.url, 'GET', `/api/v1/presentations/${id}/share-links`, { key });
  t.true(listed.body.items.some((l: { id: string }) => l.id === token.id), 'listed by the API');
  await setClock(s.url, 3601);
  try {
    t.is((await get(path(url))).status, 404);
  } finally {
    await setClock(s.url, 0);
  }
});

test('links are minted by owners and workspace admins only; a deck without a version cannot be shared', async (t) => {
  const id = await deck();
  const ws = (await s.db.pool.query('select workspace_id from app.decks where id = $1', [id])).rows[0].workspace_id;
  await seed.member(s.db.pool, ws, 'plain@acme.test', 'member');
  const memberKey = (await seed.key(s.db.pool, 'plain@acme.test', 'deck')).key;
  t.is((await http(s.url, 'POST', `/api/v1/presentations/${id}/share-links`, { key: memberKey, body: {} })).status, 404);
  t.is((await http(s.url, 'DELETE', `/api/v1/share-links/00000000-0000-4000-8000-000000000000`, { key })).status, 404);
  const bad = await http(s.url, 'POST', `/api/v1/presentations/${id}/share-links`, { key, body: { nope: true } });
  t.is(bad.body.error.field, 'nope');
  const expiry = await http(s.url, 'POST', `/api/v1/presentations/${id}/share-links`, { key, body: { expiresInMinutes: 0 } });
  t.is(expiry.status, 400);
  t.is(expiry.body.error.field, 'expiresInMinutes');
});

test('password attempts are rate limited per client and link: 10 per 15 minutes, then 429', async (t) => {
  const id = await deck('Guarded');
  const { url } = await share(id, { password: 'right one' });
  const attempt = (pw: string) => http(s.url, 'POST', path(url) + 'password', { raw: `password=${pw}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  for (let i = 0; i < 10; i++) t.is((await attempt('wrong')).status, 401);
  const blocked = await attempt('right+one');
  t.is(blocked.status, 429);
  t.truthy(blocked.headers.get('retry-after'));
});

/** Stored (method 0) or deflated (method 8) entries of a zip, by name; enough for a test. */
function zipEntries(buf: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  // Central directory: names, sizes and offsets are exact there (local headers may defer sizes).
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let p = buf.readUInt32LE(eocd + 16);
  const count = buf.readUInt16LE(eocd + 10);
  for (let i = 0; i < count; i++) {
    const method = buf.readUInt16LE(p + 10);
    const csize = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString();
    const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(dataAt, dataAt + csize);
    out[name] = (method === 8 ? inflateRawSync(data) : data).toString();
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}
