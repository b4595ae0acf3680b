// Hostile input never reaches a 500 on the hub either: every route of the hub (read from its
// route table, so a route added later is swept too) and the instance's relay route are fed
// NUL bytes, lone surrogates, wrong types, over-long strings, malformed JSON and odd
// credentials, and must answer below 500 (a 4xx in the wire error shape) without changing a row.
import test from 'ava';
import { startTestHub, type TestHub } from '../../helpers/hub.ts';
import type { TestServer } from '../../helpers/server.ts';

let hub: TestHub;
let cloud: TestServer & { secret: string };
let login: string;
test.before(async () => {
  hub = await startTestHub();
  cloud = await hub.instance('Cloud');
  const org = await hub.organization('Acme', cloud.url, ['deck']);
  await hub.member(org.id, 'ann@acme.test', 'owner');
  login = await hub.signIn('ann@acme.test');
});
test.after.always(() => hub?.close());

const HOSTILE: unknown[] = ['a\u0000b', 'a\ud800b', 'x'.repeat(5000), 1e308, -1, true, null, [], {}, { nested: 'a\u0000' }];

async function counts(): Promise<string> {
  const { rows } = await hub.pool.query(`select (select count(*) from hub.accounts) a, (select count(*) from hub.organizations) o, (select count(*) from hub_private.grants) g,
    (select count(*) from hub_private.logins where revoked_at is null) l, (select count(*) from hub_private.signing_keys) k`);
  const c = await cloud.db.pool.query(`select (select count(*) from app_private.api_keys) k, (select count(*) from app.users) u`);
  return JSON.stringify([rows[0], c.rows[0]]);
}

test('every hub route and the relay answer hostile input with a 4xx in the wire shape, and change nothing', async (t) => {
  const routes = [
    ...hub.api.routes.filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/v1/test/')).map((r) => ({ base: hub.url, ...r })),
    ...cloud.api.routes.filter((r) => r.url === '/api/v1/cli/auth/hub').map((r) => ({ base: cloud.url, ...r })),
  ];
  t.true(routes.some((r) => r.url === '/hub/v1/exchange') && routes.some((r) => r.url === '/api/v1/cli/auth/hub'), 'the route tables were read');
  const before = await counts();
  const problems: string[] = [];
  let sent = 0;
  for (const route of routes) {
    const props = Object.keys(((route.schema?.body as { properties?: Record<string, unknown> })?.properties) ?? { x: 1 });
    const bodies: string[] = ['{', '"just a string"', '{"__proto__":{"x":1}}', JSON.stringify({ sweep: 'a\u0000b' })];
    for (const p of props) for (const v of HOSTILE) bodies.push(JSON.stringify({ [p]: v }));
    const auths = [undefined, 'Bearer hl_' + 'a\u0000'.repeat(3), 'Bearer ' + 'x'.repeat(300), `Bearer ${login}`, 'Basic abc'];
    for (const [i, body] of (route.method === 'GET' || route.method === 'DELETE' ? [undefined] : bodies).entries()) {
      for (const authorization of auths) {
        // Signing out for real is no hostile input: the valid login only where it changes nothing.
        if (route.method === 'DELETE' && authorization === `Bearer ${login}`) continue;
        const headers: Record<string, string> = {};
        if (authorization && !authorization.includes('\u0000')) headers.authorization = authorization;
        if (body !== undefined) headers['content-type'] = 'application/json';
        const query = i === 0 ? '?q=a%00b&r=%ED%A0%80' : '';
        const res = await fetch(route.base + route.url + query, { method: route.method, headers, body });
        sent++;
        const text = await res.text();
        if (res.status >= 500) problems.push(`${route.method} ${route.url} ${res.status} ${body?.slice(0, 60)}: ${text.slice(0, 200)}`);
        else if (res.status >= 400 && (res.headers.get('content-type') ?? '').includes('json') && !JSON.parse(text).error?.code) {
          problems.push(`${route.method} ${route.url} ${res.status} without the error shape`);
        }
      }
    }
  }
  t.deepEqual(problems, []);
  t.is(await counts(), before, 'no row changed');
  t.log(`${sent} hostile requests over ${routes.length} routes`);
});
