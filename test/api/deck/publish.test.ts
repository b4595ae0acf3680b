// Publishing over the wire: precheck, upload of exactly the missing blobs, commit on an
// expected base version; every refusal of the Bad input list with its code.
import test from 'ava';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { manifestOf, publish, sha, upload } from '../../helpers/deck.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let key: string;
let readOnlyKey: string;
let guestKey: string;
test.before(async () => {
  s = await startTestServer({ env: { MAX_FILE_SIZE_MB: '1' } });
  const b = await seed.basicWorkspace(s.db.pool);
  key = b.deckKey.key;
  readOnlyKey = (await seed.key(s.db.pool, 'owner@acme.test', 'deck', { scopes: ['presentations:read'] })).key;
  await seed.member(s.db.pool, b.ws.id, 'guest@acme.test', 'guest');
  guestKey = (await seed.key(s.db.pool, 'guest@acme.test', 'deck')).key;
});
test.after.always(() => s?.close());

const DECK = { 'index.html': '<h1>Hello</h1>', 'style.css': 'h1{color:red}', 'downloads/notes.pdf': '%PDF-1.4 notes', 'downloads/data.csv': 'a,b\n1,2\n' };

test('discovery announces the per-file cap set by the operator', async (t) => {
  const r = await http(s.url, 'GET', '/api/v1/instance');
  t.is(r.body.limits.maxFileSizeMb, 1);
});

test('a first push creates a deck at version 1; the answer carries presentation, version, url and attachments', async (t) => {
  const r = await publish(s.url, key, DECK, { title: 'Quarterly', kind: 'app', interactive: true, metadata: { team: 'x' } });
  t.is(r.status, 201, JSON.stringify(r.body));
  t.is(r.body.version, 1);
  t.is(r.body.presentation.title, 'Quarterly');
  t.is(r.body.presentation.kind, 'app');
  t.true(r.body.presentation.interactive);
  t.deepEqual(r.body.presentation.metadata, { team: 'x' });
  t.is(r.body.url, `${s.url}/decks/${r.body.presentation.id}/present`);
  t.deepEqual(r.body.attachments, { count: 2, sizeBytes: Buffer.byteLength(DECK['downloads/notes.pdf']) + Buffer.byteLength(DECK['downloads/data.csv']) });
  t.is(r.missing.length, 4);
  // A push never mints a share link.
  const links = await http(s.url, 'GET', `/api/v1/presentations/${r.body.presentation.id}/share-links`, { key });
  t.deepEqual(links.body.items, []);
});

test('a deck without downloads/ has no attachments field', async (t) => {
  const r = await publish(s.url, key, { 'index.html': 'plain' });
  t.is(r.status, 201);
  t.false('attachments' in r.body);
});

test('re-publishing unchanged files uploads nothing; one changed file uploads only that blob', async (t) => {
  const first = await publish(s.url, key, { 'index.html': 'v1 body', 'a.js': 'let a = 1' });
  const id = first.body.presentation.id;
  const again = await publish(s.url, key, { 'index.html': 'v1 body', 'a.js': 'let a = 1' }, { deck: id, baseVersion: 1 });
  t.is(again.status, 201);
  t.deepEqual(again.missing, []);
  t.is(again.requests, 2);
  t.is(again.body.version, 2);
  const changed = await publish(s.url, key, { 'index.html': 'v1 body', 'a.js': 'let a = 2' }, { deck: id, baseVersion: 2 });
  t.deepEqual(changed.missing, [sha('let a = 2')]);
  t.is(changed.body.version, 3);
});

test.serial('blobs are stored once however many decks use them, and no partial blob is ever left behind', async (t) => {
  const content = 'shared across decks ' + Date.now();
  await publish(s.url, key, { 'index.html': content });
  await publish(s.url, key, { 'index.html': content });
  const dir = path.join(s.config.dataDir, 'blobs', sha(content).slice(0, 2));
  t.deepEqual(readdirSync(dir).filter((f) => f === sha(content)), [sha(content)]);
  t.is((await s.db.pool.query('select count(*)::int as n from app_private.blobs where sha256 = $1', [sha(content)])).rows[0].n, 1);
  t.deepEqual(readdirSync(path.join(s.config.dataDir, 'blobs', '.tmp')), []);
});

test('upload without precheck is refused blob_not_prechecked', async (t) => {
  const r = await upload(s.url, key, 'never prechecked');
  t.is(r.status, 409);
  t.is(r.body.error.code, 'blob_not_prechecked');
});

test.serial('blob sha or size mismatch is refused blob_mismatch and stores nothing', async (t) => {
  const real = 'the real bytes';
  await http(s.url, 'POST', '/api/v1/blobs/precheck', { key, body: { files: [{ sha256: sha(real), size: Buffer.byteLength(real) }] } });
  const wrongBytes = await upload(s.url, key, 'other bytes, longer than declared', { sha: sha(real) });
  t.is(wrongBytes.status, 400);
  t.is(wrongBytes.body.error.code, 'blob_mismatch');
  const sameLength = 'THE REAL BYTES';
  const shaWrong = await upload(s.url, key, sameLength, { sha: sha(real) });
  t.is(shaWrong.status, 400);
  t.is(shaWrong.body.error.code, 'blob_mismatch');
  t.false(existsSync(path.join(s.config.dataDir, 'blobs', sha(real).slice(0, 2), sha(real))));
  t.deepEqual(readdirSync(path.join(s.config.dataDir, 'blobs', '.tmp')), []);
  t.is((await upload(s.url, key, real)).status, 201);
});

test('commit naming a blob never uploaded is refused blob_missing with the list', async (t) => {
  const files = manifestOf({ 'index.html': 'never uploaded ' + Math.random() });
  const r = await http(s.url, 'POST', '/api/v1/presentations', { key, body: { title: 'x', entry: 'index.html', files } });
  t.is(r.status, 409);
  t.is(r.body.error.code, 'blob_missing');
  t.deepEqual(r.body.error.missing, [files[0].sha256]);
});

test('a declared size that differs from the stored blob is refused blob_mismatch', async (t) => {
  const c = 'size check';
  await publish(s.url, key, { 'index.html': c });
  const r = await http(s.url, 'POST', '/api/v1/presentations', { key, body: { title: 'x', entry: 'index.html', files: [{ path: 'index.html', sha256: sha(c), size: 3 }] } });
  t.is(r.status, 400);
  t.is(r.body.error.code, 'blob_mismatch');
});

test('manifest path rules are enforced at commit (invalid_path), in TypeScript and again in SQL', async (t) => {
  const c = 'path rules';
  await publish(s.url, key, { 'index.html': c });
  const bad = ['../escape.html', 'a/../../b', '/etc/passwd', 'C:/x', 'a\\b', 'a\u0000b', 'a\u0007b', '.env', 'x/.git/config', 'node_modules/x.js',
    'Thumbs.db', 'package.json', 'sub/package-lock.json', 'yarn.lock', 'pnpm-lock.yaml', 'a//b', './a'];
  for (const p of bad) {
    const r = await http(s.url, 'POST', '/api/v1/presentations', { key, body: { title: 'x', entry: 'index.html', files: [{ path: 'index.html', sha256: sha(c), size: c.length }, { path: p, sha256: sha(c), size: c.length }] } });
    t.is(r.status, 400, p);
    // A NUL never reaches the path rules: the input gate refuses it in any string first.
    t.is(r.body.error.code, p.includes('\u0000') ? 'invalid_input' : 'invalid_path', p);
  }
  // The SQL function refuses the same paths on its own.
  for (const p of bad.filter((x) => !x.includes('\u0000'))) { // PostgreSQL text cannot even hold NUL
    const { rows } = await s.db.pool.query('select app_private.manifest_path_ok($1) as ok', [p]);
    t.false(rows[0].ok, p);
  }
  const ok = await s.db.pool.query(`select app_private.manifest_path_ok('assets/img/a b.png') as ok`);
  t.true(ok.rows[0].ok);
});

test('the entry must be one of the files and not an attachment', async (t) => {
  const c = 'entry rules';
  await publish(s.url, key, { 'index.html': c });
  const missing = await http(s.url, 'POST', '/api/v1/presentations', { key, body: { title: 'x', entry: 'main.html', files: [{ path: 'index.html', sha256: sha(c), size: c.length }] } });
  t.is(missing.body.error.code, 'invalid_entry');
  const att = await http(s.url, 'POST', '/api/v1/presentations', { key, body: { title: 'x', entry: 'downloads/a.html', files: [{ path: 'downloads/a.html', sha256: sha(c), size: c.length }] } });
  t.is(att.body.error.code, 'invalid_entry');
});

test('unknown manifest fields are refused by name', async (t) => {
  const r = await http(s.url, 'POST', '/api/v1/presentations', { key, body: { title: 'x', entry: 'index.html', files: [], sneaky: 1 } });
  t.is(r.status, 400);
  t.is(r.body.error.code, 'invalid_input');
  t.is(r.body.error.field, 'sneaky');
});

test('a stale base version answers version_conflict with the current version', async (t) => {
  const first = await publish(s.url, key, { 'index.html': 'conflict base' });
  const id = first.body.presentation.id;
  await publish(s.url, key, { 'index.html': 'conflict v2' }, { deck: id, baseVersion: 1 });
  const stale = await publish(s.url, key, { 'index.html': 'conflict v2b' }, { deck: id, baseVersion: 1 });
  t.is(stale.status, 409);
  t.is(stale.body.error.code, 'version_conflict');
  t.is(stale.body.error.currentVersion, 2);
});

test('twenty concurrent commits on one base: exactly one wins, the others get version_conflict', async (t) => {
  const first = await publish(s.url, key, { 'index.html': 'race base' });
  const id = first.body.presentation.id;
  const bodies = Array.from({ length: 20 }, (_, i) => `race ${i}`);
  for (const b of bodies) await publish(s.url, key, { 'index.html': b }).catch(() => null); // upload every blob first
  const answers = await Promise.all(bodies.map((b) =>
    http(s.url, 'POST', `/api/v1/presentations/${id}/versions`, { key, body: { entry: 'index.html', baseVersion: 1, files: manifestOf({ 'index.html': b }) } })));
  t.is(answers.filter((a) => a.status === 201).length, 1);
  const conflicts = answers.filter((a) => a.status === 409);
  t.is(conflicts.length, 19);
  t.true(conflicts.every((a) => a.body.error.code === 'version_conflict' && a.body.error.currentVersion === 2));
  const versions = await http(s.url, 'GET', `/api/v1/presentations/${id}/versions`, { key });
  t.deepEqual(versions.body.items.map((v: { version: number }) => v.version), [2, 1]);
});

test('a retried commit with the same Idempotency-Key answers the first reply and commits once', async (t) => {
  const first = await publish(s.url, key, { 'index.html': 'idem base' });
  const id = first.body.presentation.id;
  const body = { entry: 'index.html', baseVersion: 1, files: manifestOf({ 'index.html': 'idem base' }) };
  const a = await http(s.url, 'POST', `/api/v1/presentations/${id}/versions`, { key, body, headers: { 'idempotency-key': 'push-1' } });
  const b = await http(s.url, 'POST', `/api/v1/presentations/${id}/versions`, { key, body, headers: { 'idempotency-key': 'push-1' } });
  t.is(a.status, 201);
  t.deepEqual(b.body, a.body);
  t.is((await http(s.url, 'GET', `/api/v1/presentations/${id}`, { key })).body.version, 2);
});

test('a key without presentations:write cannot precheck, upload, push or share', async (t) => {
  const r = await http(s.url, 'POST', '/api/v1/blobs/precheck', { key: readOnlyKey, body: { files: [] } });
  t.is(r.status, 403);
  t.is(r.body.error.code, 'insufficient_scope');
  t.is((await upload(s.url, readOnlyKey, 'x')).body.error.code, 'insufficient_scope');
  const c = await http(s.url, 'POST', '/api/v1/presentations', { key: readOnlyKey, body: { title: 'x', entry: 'index.html', files: manifestOf({ 'index.html': 'x' }) } });
  t.is(c.body.error.code, 'insufficient_scope');
  const deck = await publish(s.url, key, { 'index.html': 'scoped' });
  const share = await http(s.url, 'POST', `/api/v1/presentations/${deck.body.presentation.id}/share-links`, { key: readOnlyKey, body: {} });
  t.is(share.status, 403);
  t.is(share.body.error.code, 'insufficient_scope');
  // Reads are fine with presentations:read.
  t.is((await http(s.url, 'GET', `/api/v1/presentations/${deck.body.presentation.id}`, { key: readOnlyKey })).status, 200);
});

test('guests cannot create decks (guest_cannot_create)', async (t) => {
  const r = await http(s.url, 'POST', '/api/v1/blobs/precheck', { key: guestKey, body: { files: [] } });
  t.is(r.status, 403);
  t.is(r.body.error.code, 'guest_cannot_create');
});

test('files over the cap answer 413 at precheck and at upload, and nothing is stored', async (t) => {
  const big = Buffer.alloc(1024 * 1024 + 1, 7);
  const pre = await http(s.url, 'POST', '/api/v1/blobs/precheck', { key, body: { files: [{ sha256: sha(big), size: big.length, path: 'big.bin' }] } });
  t.is(pre.status, 413);
  t.is(pre.body.error.code, 'payload_too_large');
  t.is(pre.body.error.maxFileSizeMb, 1);
  const up = await upload(s.url, key, big);
  t.is(up.status, 413);
  t.is(up.body.error.code, 'payload_too_large');
  const commit = await http(s.url, 'POST', '/api/v1/presentations', { key, body: { title: 'x', entry: 'index.html', files: [{ path: 'index.html', sha256: sha(big), size: big.length }] } });
  t.is(commit.status, 413);
});

test('an upload larger than its precheck declared is refused before it is stored', async (t) => {
  const declared = 'short';
  await http(s.url, 'POST', '/api/v1/blobs/precheck', { key, body: { files: [{ sha256: sha(declared), size: 5 }] } });
  const r = await upload(s.url, key, 'much longer body', { sha: sha(declared) });
  t.is(r.status, 400);
  t.is(r.body.error.code, 'blob_mismatch');
});

test('two pushes of the same new file at once: both uploads are accepted', async (t) => {
  const srv = s;
  const body = Buffer.from('twin-' + Date.now());
  const digest = sha(body);
  const pre = () => http(srv.url, 'POST', '/api/v1/blobs/precheck', { key, body: { files: [{ sha256: digest, size: body.length }] } });
  t.deepEqual((await pre()).body.missing, [digest]);
  t.deepEqual((await pre()).body.missing, [digest]);
  const put = () => fetch(`${srv.url}/api/v1/blobs/${digest}`, { method: 'PUT', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream' }, body });
  t.is((await put()).status, 201);
  t.is((await put()).status, 201, 'the twin upload is not refused');
  const stranger = await fetch(`${srv.url}/api/v1/blobs/${'0'.repeat(64)}`, { method: 'PUT', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream' }, body });
  t.is(stranger.status, 409, 'a blob never prechecked nor held is still refused');
});
