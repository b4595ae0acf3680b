// docs/WIRE.md names every endpoint: each route the full server (REST, pages, share links, git,
// webhooks) and the hub (SERVICE_ROLE=hub) register appears in it by its whole path, written
// with any placeholder style (`:id`, `{id}`, `<id>`). A new route without its documentation
// fails here by name.
import test from 'ava';
import { readFileSync } from 'node:fs';
import { codeSpans } from '../helpers/markdown.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let hub: TestServer;
test.before(async () => {
  s = await startTestServer();
  hub = await startTestServer({ surface: 'hub', env: { SERVICE_ROLE: 'hub' } });
});
test.after.always(async () => {
  await s?.close();
  await hub?.close();
});

/** A path with every placeholder, and a content hash in an asset's name, as `_`. */
const normalize = (p: string) =>
  p
    .replace(/-[0-9a-f]{16}\.js$/, '-_.js')
    .replace(/\{[^}]+\}|<[^>]+>|:[A-Za-z][A-Za-z0-9]*/g, '_')
    .replace(/\*$/, '_');

/** The paths the doc writes in code spans, normalized, each as a whole (not a prefix or suffix of a longer one). */
function documentedPaths(doc: string): Set<string> {
  const out = new Set<string>();
  for (const span of codeSpans(doc)) {
    for (const m of span.matchAll(/(?:^|[\s|(])(\/[^\s|)?,[]*)/g)) out.add(normalize(m[1]).replace(/[.:;]+$/, ''));
  }
  return out;
}

for (const [surface, server] of [['full', () => s], ['hub', () => hub]] as const) {
  test(`every route of the ${surface} surface is in docs/WIRE.md`, (t) => {
    const documented = documentedPaths(readFileSync('docs/WIRE.md', 'utf8'));
    const routes = server().api.routes.filter((r) => r.method !== 'HEAD'); // fastify derives each HEAD from its GET
    t.true(routes.length > (surface === 'full' ? 200 : 10), `${routes.length} routes`);
    const missing = routes.filter((r) => !documented.has(normalize(r.url))).map((r) => `${r.method} ${r.url}`);
    t.deepEqual(missing, [], 'routes docs/WIRE.md does not name');
  });
}

test('the check sees a route the doc lacks', (t) => {
  const documented = documentedPaths('`GET /api/v1/projects/{id}` and `POST /api/v1/projects/:id/archive`; the page `/event/posts/<postId>/pin`');
  t.true(documented.has(normalize('/api/v1/projects/:id')));
  t.true(documented.has(normalize('/api/v1/projects/:id/archive')));
  t.true(documented.has(normalize('/event/posts/:postId/pin')));
  t.false(documented.has(normalize('/api/v1/projects/:id/unarchive')), 'not named: not documented');
  t.false(documented.has(normalize('/api/v1/projects')), 'a prefix of a documented path is not documented');
  t.false(documented.has(normalize('/posts/:postId/pin')), 'a suffix is not either');
});
