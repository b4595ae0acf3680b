// Views: entry loads only, de-duplicated per browser within VIEW_DEDUPE_WINDOW_MINUTES,
// every request without cookies counts; placement and source per view; last opened.
import test from 'ava';
import { publish } from '../../helpers/deck.ts';
import { cookieFrom, http, setClock } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let key: string;
let id: string;
test.before(async () => {
  s = await startTestServer({ env: { VIEW_DEDUPE_WINDOW_MINUTES: '10' } });
  key = (await seed.basicWorkspace(s.db.pool)).deckKey.key;
  id = (await publish(s.url, key, { 'index.html': '<h1>x</h1>', 'app.js': 'x', 'downloads/a.txt': 'a' })).body.presentation.id;
});
test.after.always(() => s?.close());

async function link(body: Record<string, unknown> = {}) {
  const r = await http(s.url, 'POST', `/api/v1/presentations/${id}/share-links`, { key, body });
  return { path: r.body.url.slice(s.url.length) as string, linkId: r.body.token.id as string };
}
const viewsOf = async (linkId: string) => (await s.db.pool.query('select * from app.deck_views where link_id = $1 order by viewed_at', [linkId])).rows;

test.serial('requests without cookies count every time; a browser counts once per window', async (t) => {
  const l = await link();
  await http(s.url, 'GET', l.path);
  await http(s.url, 'GET', l.path);
  t.is((await viewsOf(l.linkId)).length, 2);
  const first = await http(s.url, 'GET', l.path);
  const cookie = cookieFrom(first, 'podium_v');
  t.is((await viewsOf(l.linkId)).length, 3);
  await http(s.url, 'GET', l.path, { cookie });
  await http(s.url, 'GET', l.path, { cookie });
  t.is((await viewsOf(l.linkId)).length, 3, 'the same browser within the window counts once');
  await setClock(s.url, 9 * 60);
  await http(s.url, 'GET', l.path, { cookie });
  t.is((await viewsOf(l.linkId)).length, 3);
  await setClock(s.url, 20 * 60 + 1);
  await http(s.url, 'GET', l.path, { cookie });
  t.is((await viewsOf(l.linkId)).length, 4, 'after the window it counts again');
  await setClock(s.url, 0);
});

test('only entry loads count: files, assets, downloads and zips do not', async (t) => {
  const l = await link();
  await http(s.url, 'GET', l.path + 'index.html');
  await http(s.url, 'GET', l.path + 'app.js');
  await http(s.url, 'GET', l.path + 'downloads/a.txt');
  await http(s.url, 'GET', l.path + 'downloads.zip');
  t.is((await viewsOf(l.linkId)).length, 0);
  await http(s.url, 'GET', l.path);
  t.is((await viewsOf(l.linkId)).length, 1);
});

test('placement and source are recorded per view; the views listing has a summary with last opened', async (t) => {
  const l = await link();
  await http(s.url, 'GET', l.path + '?embed=1&placement=pricing-page');
  await http(s.url, 'GET', l.path + '?placement=newsletter');
  const rows = await viewsOf(l.linkId);
  t.deepEqual(rows.map((r) => [r.source, r.placement]).sort(), [['embed', 'pricing-page'], ['link', 'newsletter']]);
  const r = await http(s.url, 'GET', `/api/v1/presentations/${id}/views?limit=1`, { key });
  t.is(r.status, 200);
  t.is(r.body.items.length, 1);
  t.truthy(r.body.nextCursor);
  t.true(r.body.summary.views >= 2);
  t.truthy(r.body.summary.lastOpenedAt);
  t.deepEqual(Object.keys(r.body.items[0]).sort(), ['id', 'linkId', 'linkName', 'placement', 'source', 'version', 'viewedAt']);
  const row = (await s.db.pool.query('select view_count, last_opened_at from app.share_links where id = $1', [l.linkId])).rows[0];
  t.is(row.view_count, 2);
  t.truthy(row.last_opened_at);
});

test.serial('the hot path: a cached link and file cost no query at all', async (t) => {
  const l = await link();
  await http(s.url, 'GET', l.path + 'app.js'); // warms link, file and blob caches
  const pool = s.db.pool as unknown as { query: (...a: unknown[]) => unknown };
  const real = pool.query;
  let queries = 0;
  pool.query = (...a: unknown[]) => {
    queries++;
    return real.apply(s.db.pool, a);
  };
  try {
    const r = await http(s.url, 'GET', l.path + 'app.js');
    t.is(r.status, 200);
    t.is(r.text, 'x');
  } finally {
    pool.query = real;
  }
  t.is(queries, 0);
});
