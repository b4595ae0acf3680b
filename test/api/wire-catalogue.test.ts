// The wire contract's catalogue: the registry of routes in
// core/wire/routes.ts joined with the live server's route table (both surfaces, read from the
// onRoute hook's list): every /api/v1 route has its entry and every entry its route; a route
// whose body the registry describes validates with exactly that schema; an answer the registry
// checks (a zod schema, not only a type) is parsed from real answers of every such route.
import test from 'ava';
import type * as z from 'zod';
import { ROUTES, responseDegree, type RouteKey } from '../../core/wire/routes.ts';
import { jsonSchemaOf } from '../../api/routes/wire-schema.ts';
import { createEvent, eventWorkspace, HOUR, importRoster, person, type Person } from '../helpers/event.ts';
import { http } from '../helpers/http.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let hub: TestServer;
let behindHub: TestServer; // an instance behind a hub registers its hub sign-in route too
test.before(async () => {
  s = await startTestServer();
  hub = await startTestServer({ surface: 'hub', env: { SERVICE_ROLE: 'hub' } });
  behindHub = await startTestServer({ db: s.db, env: { HUB_URL: hub.url, HUB_INSTANCE_SECRET: 'x'.repeat(32) } });
});
test.after.always(async () => {
  await behindHub?.close();
  await s?.close();
  await hub?.close();
});

const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const registered = (server: TestServer) => server.api.routes.filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/v1/'));

test('every /api/v1 route of either surface has its registry entry, and every entry its route', (t) => {
  const all = new Set([s, hub, behindHub].flatMap((x) => registered(x).map(keyOf)));
  t.true(registered(s).length > 100, 'the route table is read');
  t.true(all.has('POST /api/v1/cli/auth/hub'), 'the instance behind a hub is read');
  t.deepEqual([...all].filter((k) => !(k in ROUTES)), [], 'a route without its entry in core/wire/routes.ts');
  t.deepEqual(Object.keys(ROUTES).filter((k) => !all.has(k)), [], 'an entry without its route');
  const degrees = { checked: 0, typed: 0, untyped: 0 };
  for (const c of Object.values(ROUTES)) degrees[responseDegree(c.response)]++;
  t.log(`answers: ${degrees.checked} checked by a schema, ${degrees.typed} typed only, ${degrees.untyped} untyped`);
});

test('a route whose body the registry describes validates with that schema', (t) => {
  const byKey = new Map(registered(s).map((r) => [keyOf(r), r]));
  const withBody = Object.entries(ROUTES).filter(([, c]) => 'body' in c) as [RouteKey, { body: z.ZodType }][];
  t.true(withBody.length >= 3);
  for (const [k, c] of withBody) t.deepEqual(byKey.get(k)?.schema?.body, jsonSchemaOf(c.body), k);
});

test('the registry\'s bodies are the JSON schemas the routes always validated with', (t) => {
  const uuid = { type: 'string', format: 'uuid' };
  const text = { type: 'string', minLength: 1, maxLength: 4000 };
  t.deepEqual(jsonSchemaOf(ROUTES['POST /api/v1/event/feed/posts'].body), { type: 'object', additionalProperties: false, required: ['body'], properties: { body: text, threadId: uuid } });
  t.deepEqual(jsonSchemaOf(ROUTES['POST /api/v1/event/posts/:postId/hide'].body), { type: 'object', additionalProperties: false, required: ['reason'], properties: { reason: { type: 'string', minLength: 1, maxLength: 500 } } });
  t.deepEqual(jsonSchemaOf(ROUTES['POST /api/v1/event/requests'].body), { type: 'object', additionalProperties: false, required: ['title', 'body'], properties: { title: { type: 'string', minLength: 1, maxLength: 200 }, body: text } });
});

test('every answer the registry checks parses from a real answer of its route', async (t) => {
  const a = await eventWorkspace(s.db.pool, 'Wire');
  const owner = a.owner;
  const ann: Person = await person(s.db.pool, a.ws.id, 'ann@wire.test');
  const ada: Person = await person(s.db.pool, a.ws.id, 'ada@wire.test');
  await createEvent(s.url, owner.key, Date.now() - HOUR);
  await importRoster(s.url, owner.key, [{ email: 'ann@wire.test', team: 'Rocket' }, { email: 'ada@wire.test', role: 'advisor' }]);
  const seen = new Set<string>();
  const ask = async (who: Person, key: RouteKey, path: string, body?: unknown) => {
    const [method] = key.split(' ');
    const r = await http(s.url, method!, path, { key: who.key, ...(body === undefined ? {} : { body }) });
    if (r.status >= 300) throw new Error(`${key}: ${r.status} ${r.text}`);
    const parsed = ROUTES[key].response.safeParse(r.body);
    t.true(parsed.success, `${key}: ${parsed.success ? '' : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    seen.add(key);
    return r.body;
  };
  const chats = await ask(ann, 'GET /api/v1/event/chats', '/api/v1/event/chats');
  const team = chats.items.find((c: { kind: string }) => c.kind === 'team').id as string;
  await ask(ann, 'GET /api/v1/event/chats/:channelId', `/api/v1/event/chats/${team}`);
  const root = await ask(ann, 'POST /api/v1/event/chats/:channelId/posts', `/api/v1/event/chats/${team}/posts`, { body: 'hello' });
  await ask(ann, 'POST /api/v1/event/chats/:channelId/posts', `/api/v1/event/chats/${team}/posts`, { body: 'a reply', threadId: root.id });
  await ask(ann, 'GET /api/v1/event/chats/:channelId/posts', `/api/v1/event/chats/${team}/posts`);
  await ask(ann, 'GET /api/v1/event/chats/:channelId/posts/:postId/replies', `/api/v1/event/chats/${team}/posts/${root.id}/replies`);
  await ask(ann, 'GET /api/v1/event/feed', '/api/v1/event/feed');
  const post = await ask(owner, 'POST /api/v1/event/feed/posts', '/api/v1/event/feed/posts', { body: 'news' });
  await ask(ann, 'GET /api/v1/event/feed/posts', '/api/v1/event/feed/posts');
  await ask(owner, 'POST /api/v1/event/posts/:postId/pin', `/api/v1/event/posts/${post.id}/pin`);
  await ask(owner, 'POST /api/v1/event/posts/:postId/unpin', `/api/v1/event/posts/${post.id}/unpin`);
  await ask(ann, 'PUT /api/v1/event/posts/:postId/reactions/:emoji', `/api/v1/event/posts/${post.id}/reactions/${encodeURIComponent('👍')}`);
  await ask(ann, 'DELETE /api/v1/event/posts/:postId/reactions/:emoji', `/api/v1/event/posts/${post.id}/reactions/${encodeURIComponent('👍')}`);
  await ask(owner, 'POST /api/v1/event/posts/:postId/hide', `/api/v1/event/posts/${post.id}/hide`, { reason: 'off topic' });
  await ask(owner, 'POST /api/v1/event/posts/:postId/restore', `/api/v1/event/posts/${post.id}/restore`);
  const request = await ask(ann, 'POST /api/v1/event/requests', '/api/v1/event/requests', { title: 'Stuck', body: 'the build fails' });
  await ask(owner, 'GET /api/v1/event/requests', '/api/v1/event/requests');
  await ask(owner, 'GET /api/v1/event/requests/:id', `/api/v1/event/requests/${request.id}`);
  for (const verb of ['claim', 'unclaim', 'resolve', 'reopen'] as const) {
    await ask({ claim: ada, unclaim: ada, resolve: owner, reopen: ann }[verb], `POST /api/v1/event/requests/:id/${verb}`, `/api/v1/event/requests/${request.id}/${verb}`);
  }
  const checked = (Object.keys(ROUTES) as RouteKey[]).filter((k) => responseDegree(ROUTES[k].response) === 'checked');
  t.deepEqual(checked.filter((k) => !seen.has(k)), [], 'every checked answer is sampled here');
});
