// Decks: listing (owned or invited; workspace admins and owners see all), get, versions,
// files, rename, duplicate, soft delete, blob content, and isolation between workspaces.
import test from 'ava';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { publish, sha } from '../../helpers/deck.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let owner: string, member: string, admin: string, other: string, otherWsOwner: string;
let ws: string;
test.before(async () => {
  s = await startTestServer();
  const b = await seed.basicWorkspace(s.db.pool);
  ws = b.ws.id;
  owner = b.deckKey.key;
  await seed.member(s.db.pool, ws, 'mem@acme.test', 'member');
  await seed.member(s.db.pool, ws, 'adm@acme.test', 'admin');
  await seed.member(s.db.pool, ws, 'oth@acme.test', 'member');
  member = (await seed.key(s.db.pool, 'mem@acme.test', 'deck')).key;
  admin = (await seed.key(s.db.pool, 'adm@acme.test', 'deck')).key;
  other = (await seed.key(s.db.pool, 'oth@acme.test', 'deck')).key;
  const beta = await seed.workspace(s.db.pool, 'Beta');
  await seed.member(s.db.pool, beta.id, 'ben@beta.test', 'owner');
  otherWsOwner = (await seed.key(s.db.pool, 'ben@beta.test', 'deck')).key;
});
test.after.always(() => s?.close());

const get = (key: string, p: string) => http(s.url, 'GET', p, { key });

test('list: members see their own decks, admins and owners see every deck of the workspace, newest first', async (t) => {
  const mine = await publish(s.url, member, { 'index.html': 'member deck' }, { title: 'Member deck' });
  const theirs = await publish(s.url, other, { 'index.html': 'other deck' }, { title: 'Other deck' });
  const m = await get(member, '/api/v1/presentations?limit=100');
  t.true(m.body.items.some((d: { id: string }) => d.id === mine.body.presentation.id));
  t.false(m.body.items.some((d: { id: string }) => d.id === theirs.body.presentation.id));
  const a = await get(admin, '/api/v1/presentations?limit=100');
  const ids = a.body.items.map((d: { id: string }) => d.id);
  t.true(ids.includes(mine.body.presentation.id) && ids.includes(theirs.body.presentation.id));
  t.true(ids.indexOf(theirs.body.presentation.id) < ids.indexOf(mine.body.presentation.id), 'newest first');
  t.is(a.body.items[0].url, `${s.url}/decks/${a.body.items[0].id}/present`);
});

test.serial('list pages with --limit 1 to 100 and nextCursor; bad limits and cursors are 400', async (t) => {
  for (let i = 0; i < 3; i++) await publish(s.url, owner, { 'index.html': `paged ${i}` }, { title: `Paged ${i}` });
  const seen = new Set<string>();
  let cursor: string | null = null;
  let pages = 0;
  do {
    const r = await get(owner, `/api/v1/presentations?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
    t.is(r.body.items.length <= 1, true);
    for (const d of r.body.items) seen.add(d.id);
    cursor = r.body.nextCursor;
    pages++;
  } while (cursor && pages < 100);
  const all = await get(owner, '/api/v1/presentations?limit=100');
  t.is(seen.size, all.body.items.length);
  t.is((await get(owner, '/api/v1/presentations?limit=0')).status, 400);
  t.is((await get(owner, '/api/v1/presentations?limit=101')).body.error.field, 'limit');
  t.is((await get(owner, '/api/v1/presentations?cursor=garbage')).body.error.field, 'cursor');
});

test('another workspace\'s deck answers as not existing, on every route', async (t) => {
  const d = await publish(s.url, owner, { 'index.html': 'private deck' });
  const id = d.body.presentation.id;
  const missing = await get(otherWsOwner, `/api/v1/presentations/00000000-0000-4000-8000-000000000000`);
  for (const [method, p, body] of [
    ['GET', `/api/v1/presentations/${id}`], ['GET', `/api/v1/presentations/${id}/versions`], ['GET', `/api/v1/presentations/${id}/files`],
    ['PATCH', `/api/v1/presentations/${id}`, { title: 'mine now' }], ['DELETE', `/api/v1/presentations/${id}`],
    ['POST', `/api/v1/presentations/${id}/duplicate`, {}], ['POST', `/api/v1/presentations/${id}/share-links`, {}],
    ['GET', `/api/v1/presentations/${id}/views`], ['GET', `/api/v1/presentations/${id}/responses`],
    ['POST', `/api/v1/presentations/${id}/versions`, { entry: 'index.html', baseVersion: 1, files: [{ path: 'index.html', sha256: sha('private deck'), size: 12 }] }],
  ] as [string, string, unknown?][]) {
    const r = await http(s.url, method, p, { key: otherWsOwner, body });
    t.is(r.status, 404, `${method} ${p}`);
    t.is(r.body.error.code, 'not_found', `${method} ${p}`);
  }
  t.is(missing.body.error.code, 'not_found');
  t.is((await get(otherWsOwner, `/files/${sha('private deck')}/content`)).status, 404);
  t.is((await get(owner, `/api/v1/presentations/not-a-uuid`)).body.error.code, 'not_found');
});

test('get, versions and files of a deck', async (t) => {
  const d = await publish(s.url, owner, { 'index.html': 'v1', 'b.css': 'b', 'a.css': 'a' }, { title: 'Versions' });
  const id = d.body.presentation.id;
  await publish(s.url, owner, { 'index.html': 'v2', 'downloads/x.txt': 'x' }, { deck: id, baseVersion: 1 });
  const g = await get(owner, `/api/v1/presentations/${id}`);
  t.is(g.body.version, 2);
  t.is(g.body.currentVersion.entry, 'index.html');
  t.deepEqual(g.body.currentVersion.attachments, { count: 1, sizeBytes: 1 });
  const v = await get(owner, `/api/v1/presentations/${id}/versions?limit=1`);
  t.deepEqual(v.body.items.map((x: { version: number }) => x.version), [2]);
  const v2 = await get(owner, `/api/v1/presentations/${id}/versions?limit=1&cursor=${v.body.nextCursor}`);
  t.deepEqual(v2.body.items.map((x: { version: number }) => x.version), [1]);
  t.is(v2.body.nextCursor, null);
  const f = await get(owner, `/api/v1/presentations/${id}/files?version=1&limit=2`);
  t.deepEqual(f.body.items.map((x: { path: string }) => x.path), ['a.css', 'b.css']);
  const f2 = await get(owner, `/api/v1/presentations/${id}/files?version=1&limit=2&cursor=${f.body.nextCursor}`);
  t.deepEqual(f2.body.items.map(({ fileId, changedIn, ...f }: { fileId: string; changedIn: { version: number } }) => (t.regex(fileId, /^[0-9a-f-]{36}$/), t.is(changedIn.version, 1), f)), [{ path: 'index.html', sha256: sha('v1'), size: 2, attachment: false }]);
  const cur = await get(owner, `/api/v1/presentations/${id}/files`);
  t.deepEqual(cur.body.items.map((x: { path: string; attachment: boolean }) => [x.path, x.attachment]), [['downloads/x.txt', true], ['index.html', false]]);
  t.is((await get(owner, `/api/v1/presentations/${id}/files?version=9`)).body.error.code, 'version_not_found');
  // Newest first (spec: every listing): a file is as new as the version since which it is
  // unchanged; v3 changes index.html and keeps downloads/x.txt and adds z.css.
  await publish(s.url, owner, { 'index.html': 'v3', 'downloads/x.txt': 'x', 'z.css': 'z' }, { deck: id, baseVersion: 2 });
  const v3 = await get(owner, `/api/v1/presentations/${id}/files`);
  t.deepEqual(v3.body.items.map((x: { path: string; changedIn: { version: number } }) => [x.path, x.changedIn.version]), [['index.html', 3], ['z.css', 3], ['downloads/x.txt', 2]]);
  const p1 = await get(owner, `/api/v1/presentations/${id}/files?limit=1`);
  const p2 = await get(owner, `/api/v1/presentations/${id}/files?limit=1&cursor=${p1.body.nextCursor}`);
  const p3 = await get(owner, `/api/v1/presentations/${id}/files?limit=1&cursor=${p2.body.nextCursor}`);
  t.deepEqual([...p1.body.items, ...p2.body.items, ...p3.body.items].map((x: { path: string }) => x.path), ['index.html', 'z.css', 'downloads/x.txt']);
  t.is(p3.body.nextCursor, null);
  const forged = Buffer.from(JSON.stringify(['2026-01-01T00:00:00Z', 'no-version-here'])).toString('base64url');
  t.is((await get(owner, `/api/v1/presentations/${id}/files?cursor=${forged}`)).body.error.code, 'invalid_cursor');
});

test('rename (PATCH) changes the title only: id, versions and links unchanged; owner or admin only', async (t) => {
  const d = await publish(s.url, member, { 'index.html': 'rename me' }, { title: 'Before' });
  const id = d.body.presentation.id;
  const r = await http(s.url, 'PATCH', `/api/v1/presentations/${id}`, { key: member, body: { title: 'After' } });
  t.is(r.status, 200);
  t.is(r.body.presentation.title, 'After');
  t.is(r.body.presentation.id, id);
  t.is(r.body.version, 1);
  t.is(r.body.url, `${s.url}/decks/${id}/present`);
  t.is((await http(s.url, 'PATCH', `/api/v1/presentations/${id}`, { key: admin, body: { title: 'Admin did it' } })).status, 200);
  t.is((await http(s.url, 'PATCH', `/api/v1/presentations/${id}`, { key: other, body: { title: 'Nope' } })).status, 404);
  t.is((await http(s.url, 'PATCH', `/api/v1/presentations/${id}`, { key: member, body: { title: '' } })).status, 400);
  t.is((await http(s.url, 'PATCH', `/api/v1/presentations/${id}`, { key: member, body: { title: 'bad\u0007bell' } })).status, 400);
});

test('duplicate: any version, " (copy)" title, same blobs, kind and metadata kept, remixedFrom set, no links', async (t) => {
  const d = await publish(s.url, owner, { 'index.html': 'dup v1', 'x.js': 'x' }, { title: 'Source', kind: 'plan', interactive: true, metadata: { a: 1 } });
  const id = d.body.presentation.id;
  await publish(s.url, owner, { 'index.html': 'dup v2' }, { deck: id, baseVersion: 1 });
  await http(s.url, 'POST', `/api/v1/presentations/${id}/share-links`, { key: owner, body: {} });
  const c = await http(s.url, 'POST', `/api/v1/presentations/${id}/duplicate`, { key: member, body: { version: 1 } });
  t.is(c.status, 404, 'a member who cannot see the deck cannot duplicate it');
  const copy = await http(s.url, 'POST', `/api/v1/presentations/${id}/duplicate`, { key: owner, body: { version: 1 } });
  t.is(copy.status, 201, copy.text);
  const p = copy.body.presentation;
  t.is(p.title, 'Source (copy)');
  t.is(p.kind, 'plan');
  t.true(p.interactive);
  t.deepEqual(p.metadata, { a: 1 });
  t.is(p.remixedFrom, id);
  t.is(copy.body.version, 1);
  t.is(copy.body.url, `${s.url}/decks/${p.id}/present`);
  const files = await get(owner, `/api/v1/presentations/${p.id}/files`);
  t.deepEqual(files.body.items.map((f: { sha256: string }) => f.sha256).sort(), [sha('dup v1'), sha('x')].sort());
  t.deepEqual((await get(owner, `/api/v1/presentations/${p.id}/share-links`)).body.items, []);
  const named = await http(s.url, 'POST', `/api/v1/presentations/${id}/duplicate`, { key: owner, body: { title: 'Named copy' } });
  t.is(named.body.presentation.title, 'Named copy');
  t.is((await get(owner, `/api/v1/presentations/${named.body.presentation.id}/files`)).body.items[0].sha256, sha('dup v2'));
  t.is((await http(s.url, 'POST', `/api/v1/presentations/${id}/duplicate`, { key: owner, body: { version: 7 } })).body.error.code, 'version_not_found');
});

test('soft delete: the record is kept, nothing resolves, only owner or admin may', async (t) => {
  const d = await publish(s.url, member, { 'index.html': 'delete me' });
  const id = d.body.presentation.id;
  t.is((await http(s.url, 'DELETE', `/api/v1/presentations/${id}`, { key: other })).status, 404);
  const del = await http(s.url, 'DELETE', `/api/v1/presentations/${id}`, { key: member });
  t.is(del.status, 200);
  t.true(del.body.deleted);
  t.is((await get(member, `/api/v1/presentations/${id}`)).status, 404);
  t.is((await get(admin, `/api/v1/presentations/${id}`)).status, 404);
  t.false((await get(admin, '/api/v1/presentations?limit=100')).body.items.some((x: { id: string }) => x.id === id));
  t.is((await http(s.url, 'DELETE', `/api/v1/presentations/${id}`, { key: member })).status, 404);
  const kept = await s.db.pool.query('select deleted_at from app.decks where id = $1', [id]);
  t.truthy(kept.rows[0].deleted_at);
  t.is((await get(member, `/files/${sha('delete me')}/content`)).status, 404);
});

test('soft delete of someone else\'s deck: the workspace admin and the workspace owner may', async (t) => {
  for (const [who, key] of [['admin', admin], ['owner', owner]] as const) {
    const d = await publish(s.url, other, { 'index.html': `deleted by the ${who}` });
    const id = d.body.presentation.id;
    const del = await http(s.url, 'DELETE', `/api/v1/presentations/${id}`, { key });
    t.is(del.status, 200, who);
    t.is((await get(other, `/api/v1/presentations/${id}`)).status, 404, `gone for its owner too (${who})`);
  }
});

test('GET /files/{id}/content streams a blob you may read; 404 not_found when this replica cannot reach it', async (t) => {
  const content = 'blob content ' + Date.now();
  await publish(s.url, owner, { 'index.html': content });
  const r = await fetch(`${s.url}/files/${sha(content)}/content`, { headers: { authorization: `Bearer ${owner}` } });
  t.is(r.status, 200);
  t.is(await r.text(), content);
  t.is(r.headers.get('x-content-type-options'), 'nosniff');
  t.is((await get(owner, '/files/abc/content')).status, 404);
  rmSync(path.join(s.config.dataDir, 'blobs', sha(content).slice(0, 2), sha(content)));
  const gone = await get(owner, `/files/${sha(content)}/content`);
  t.is(gone.status, 404);
  t.is(gone.body.error.code, 'not_found');
});

test('multi-replica rule 6: local storage does not span replicas (metadata everywhere, content on the uploader)', async (t) => {
  const second = await startTestServer({ db: s.db });
  try {
    const content = 'replica content';
    const d = await publish(s.url, owner, { 'index.html': content });
    const meta = await get(owner, `/api/v1/presentations/${d.body.presentation.id}`);
    t.is(meta.status, 200);
    t.is((await http(second.url, 'GET', `/api/v1/presentations/${d.body.presentation.id}`, { key: owner })).status, 200);
    const other = await http(second.url, 'GET', `/files/${sha(content)}/content`, { key: owner });
    t.is(other.status, 404);
    t.is(other.body.error.code, 'not_found');
    t.is((await http(s.url, 'GET', `/files/${sha(content)}/content`, { key: owner })).text, content);
  } finally {
    await second.close();
  }
});
