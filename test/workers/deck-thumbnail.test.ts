// Thumbnails: committing a version enqueues deck__thumbnail in the same transaction (job
// key thumbnail:<deck>:<version>); without Chromium the worker makes a sharp title card.
// The PNG is a blob served at /decks/<id>/versions/<n>/thumbnail.png to who may see the
// deck, cached by ETag. Row-level security on app.deck_thumbnails: allow and deny.
import test from 'ava';
import sharp from 'sharp';
import { asUser } from '../helpers/as.ts';
import { publish } from '../helpers/deck.ts';
import { http } from '../helpers/http.ts';
import { pageSignIn, PASSWORD, person } from '../helpers/pages.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { queuedJobs, runJobs } from '../helpers/worker.ts';
import { titleCard } from '../../workers/thumbnails.ts';

let s: TestServer;
let key: string;
let ownerId: string;
let ws: string;
test.before(async () => {
  s = await startTestServer({ env: { CHROMIUM_PATH: 'off' } });
  const b = await seed.basicWorkspace(s.db.pool);
  key = b.deckKey.key;
  ownerId = b.owner.userId;
  ws = b.ws.id;
  await seed.password(s.db.pool, ownerId, PASSWORD);
});
test.after.always(() => s?.close());

/** The thumbnail row, once the due jobs have run (runJobs returns with the queue drained). */
async function thumbnailRow(deck: string, version: number) {
  const { rows } = await s.db.pool.query('select sha256, renderer from app.deck_thumbnails where deck_id = $1 and version = $2', [deck, version]);
  if (!rows[0]) throw new Error(`no thumbnail for ${deck} v${version} after the queue drained`);
  return rows[0] as { sha256: string; renderer: string };
}

test.serial('a push enqueues the job in its transaction and returns without waiting for it', async (t) => {
  const p = await publish(s.url, key, { 'index.html': '<h1>hello</h1>' }, { title: 'Queued deck' });
  t.is(p.status, 201);
  const id = p.body.presentation.id;
  const { rows } = await s.db.pool.query(`select task_identifier, key from graphile_worker.jobs where key = $1`, [`thumbnail:${id}:1`]);
  t.is(rows.length, 1, 'queued with its job key, and no worker is running yet');
  t.is(rows[0].task_identifier, 'deck__thumbnail');
  t.is((await s.db.pool.query('select 1 from app.deck_thumbnails where deck_id = $1', [id])).rowCount, 0);
});

test.serial('without Chromium the task makes a 320x180 title card, served cached to people who may see the deck', async (t) => {
  const p = await publish(s.url, key, { 'index.html': '<h1>x</h1>' }, { title: 'Quarterly <review> & plans for the whole long year' });
  const id = p.body.presentation.id;
  const ran = await runJobs(s);
  t.deepEqual(ran, [{ task: 'deck__thumbnail', ok: true }, { task: 'deck__thumbnail', ok: true }], 'the first test\'s job and this one, each once');
  t.deepEqual(await queuedJobs(s.db.pool), []);
  const row = await thumbnailRow(id, 1);
  t.is(row.renderer, 'title-card');
  const cookie = await pageSignIn(s.url, 'owner@acme.test');
  const res = await fetch(`${s.url}/decks/${id}/versions/1/thumbnail.png`, { headers: { cookie } });
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'image/png');
  t.is(res.headers.get('etag'), `"${row.sha256}"`);
  t.regex(res.headers.get('cache-control') ?? '', /^private, max-age=\d+/);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  t.is(meta.width, 320);
  t.is(meta.height, 180);
  const again = await fetch(`${s.url}/decks/${id}/versions/1/thumbnail.png`, { headers: { cookie, 'if-none-match': `"${row.sha256}"` } });
  t.is(again.status, 304);
  t.is((await http(s.url, 'GET', `/decks/${id}/versions/9/thumbnail.png`, { cookie })).status, 404);
  t.is((await http(s.url, 'GET', `/decks/${id}/versions/1/thumbnail.png`)).status, 401);
  const other = await seed.workspace(s.db.pool, 'Other');
  await person(s.db.pool, other.id, 'out@other.test', 'owner');
  const outsider = await pageSignIn(s.url, 'out@other.test');
  t.is((await http(s.url, 'GET', `/decks/${id}/versions/1/thumbnail.png`, { cookie: outsider })).status, 404);
  // The queued job of the first test ran too; the second version gets its own.
  const v2 = await publish(s.url, key, { 'index.html': '<h1>two</h1>' }, { deck: id, baseVersion: 1 });
  t.is(v2.status, 201);
  await runJobs(s);
  t.truthy(await thumbnailRow(id, 2));
});

test('title cards escape the title into the SVG and differ per title', async (t) => {
  const a = await titleCard('</text><script>x</script> & "q"');
  const b = await titleCard('Another title');
  t.is((await sharp(a).metadata()).width, 320);
  t.false(a.equals(b));
});

test.serial('RLS on app.deck_thumbnails: the owner sees the row, another workspace and a key without presentations:read do not', async (t) => {
  const p = await publish(s.url, key, { 'index.html': 'rls' }, { title: 'RLS deck' });
  const id = p.body.presentation.id;
  await runJobs(s);
  await thumbnailRow(id, 1);
  const mine = await asUser(s.db.pool, ownerId, ws, 'owner', ['presentations:read'])((c) => c.query('select 1 from app.deck_thumbnails where deck_id = $1', [id]));
  t.is(mine.rowCount, 1);
  const hackathonKey = await asUser(s.db.pool, ownerId, ws, 'owner', ['hackathon:read', 'presentations:write'])((c) => c.query('select 1 from app.deck_thumbnails where deck_id = $1', [id]));
  t.is(hackathonKey.rowCount, 0);
  const other = await seed.workspace(s.db.pool, 'Stranger');
  const { userId } = await seed.member(s.db.pool, other.id, 'stranger@x.test', 'owner');
  const theirs = await asUser(s.db.pool, userId, other.id, 'owner', ['presentations:read'])((c) => c.query('select 1 from app.deck_thumbnails where deck_id = $1', [id]));
  t.is(theirs.rowCount, 0);
});
