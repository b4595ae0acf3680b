// The typed client call: `call('METHOD /path', …)` fills the
// route's placeholders as given, appends the query, sends the body and headers, and answers
// what the server sent (its type from core/wire/routes.ts). The request on the wire is the one
// `request<T>` made before.
import test from 'ava';
import { routePath, WireClient } from '../../client/wire.ts';

function recorder() {
  const seen: { method: string; url: string; body: string | null; headers: Record<string, string> }[] = [];
  const fetch = (async (url: URL, init: RequestInit) => {
    seen.push({ method: init.method!, url: String(url), body: (init.body as string | undefined) ?? null, headers: init.headers as Record<string, string> });
    return new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { seen, client: new WireClient({ baseUrl: 'http://podium.test', key: 'hck_x', userAgent: 'test', fetch }) };
}

test('routePath fills every placeholder as given and refuses a missing one', (t) => {
  t.is(routePath('GET /api/v1/event/chats/:channelId/posts/:postId/replies', { channelId: 'c', postId: 'p' }), '/api/v1/event/chats/c/posts/p/replies');
  t.is(routePath('PUT /api/v1/community/results/:version/release', { version: 3 }), '/api/v1/community/results/3/release');
  t.is(routePath('GET /api/v1/files/:id', { id: 'a%2Fb' }), '/api/v1/files/a%2Fb', 'an encoded value stays as the caller encoded it');
  t.throws(() => routePath('GET /api/v1/files/:id', {}), { message: /no value for :id/ });
});

test('call sends what request<T> sent: method, path, query, body, headers', async (t) => {
  const { seen, client } = recorder();
  await client.call('POST /api/v1/event/chats/:channelId/posts', { params: { channelId: 'c1' }, body: { body: 'hi' }, headers: { 'idempotency-key': 'k' } });
  await client.call('GET /api/v1/event/decks/runs/:runId', { params: { runId: 'r1' }, query: '?log=true' });
  await client.call('GET /api/v1/me');
  await client.request('GET', '/api/v1/me');
  t.deepEqual(seen.map((s) => [s.method, s.url, s.body]), [
    ['POST', 'http://podium.test/api/v1/event/chats/c1/posts', '{"body":"hi"}'],
    ['GET', 'http://podium.test/api/v1/event/decks/runs/r1?log=true', null],
    ['GET', 'http://podium.test/api/v1/me', null],
    ['GET', 'http://podium.test/api/v1/me', null],
  ]);
  t.is(seen[0]!.headers['idempotency-key'], 'k');
  t.is(seen[0]!.headers['content-type'], 'application/json');
});
