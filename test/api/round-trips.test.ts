// Socket round trips to PostgreSQL per request, counted by the pool (core/db/pool.ts
// roundTrips: one per ReadyForQuery). GET /api/v1/me authenticates, sets who is asking and
// answers from that one exchange: exactly one round trip with a key and with a session, and
// no cache of key validity (a revoked key is refused on the very next request, in one too).
import test from 'ava';
import { roundTrips } from '../../core/db/pool.ts';
import { cookieFrom, http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let base: Awaited<ReturnType<typeof seed.basicWorkspace>>;
let session: string;
test.before(async () => {
  s = await startTestServer();
  base = await seed.basicWorkspace(s.db.pool);
  await seed.password(s.db.pool, base.owner.userId, 'correct horse battery');
  const login = await http(s.url, 'POST', '/api/v1/auth/session', { body: { email: 'owner@acme.test', password: 'correct horse battery' } });
  session = cookieFrom(login);
});
test.after.always(() => s?.close());

/** The round trips the server's pool completed while `fn` ran (nothing else uses it meanwhile). */
async function counted<T>(fn: () => Promise<T>): Promise<{ trips: number; result: T }> {
  const before = roundTrips(s.db.pool);
  const result = await fn();
  return { trips: roundTrips(s.db.pool) - before, result };
}

test.serial('/api/v1/me with a key takes exactly one round trip', async (t) => {
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: base.deckKey.key })).status, 200); // every pooled connection warm
  for (let i = 0; i < 3; i++) {
    const { trips, result } = await counted(() => http(s.url, 'GET', '/api/v1/me', { key: base.deckKey.key }));
    t.is(result.status, 200);
    t.is(result.body.via, 'api_key');
    t.is(trips, 1);
  }
});

test.serial('/api/v1/me with a session takes exactly one round trip', async (t) => {
  t.is((await http(s.url, 'GET', '/api/v1/me', { cookie: session })).status, 200);
  const { trips, result } = await counted(() => http(s.url, 'GET', '/api/v1/me', { cookie: session }));
  t.is(result.status, 200);
  t.is(result.body.via, 'session');
  t.is(trips, 1);
});

test.serial('the count is exported at /metrics and moves with requests', async (t) => {
  const read = async () => {
    const text = (await http(s.url, 'GET', '/metrics')).text;
    const line = text.split('\n').find((l) => l.startsWith('podium_db_round_trips_total '));
    return Number(line?.split(' ')[1]);
  };
  const a = await read();
  await http(s.url, 'GET', '/api/v1/me', { key: base.deckKey.key });
  const b = await read();
  t.true(Number.isFinite(a));
  // the /me request and the scrape's own queue-depth query, at least
  t.true(b - a >= 2);
});

test.serial('a revoked key is refused on the next request, still in one round trip', async (t) => {
  const k = await seed.key(s.db.pool, 'owner@acme.test', 'deck');
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: k.key })).status, 200);
  t.is((await http(s.url, 'DELETE', '/cli/auth/key', { key: k.key })).status, 200);
  const { trips, result } = await counted(() => http(s.url, 'GET', '/api/v1/me', { key: k.key }));
  t.is(result.status, 401);
  t.is(result.body.error.code, 'unauthorized');
  t.is(trips, 1);
});

test.serial('requests authenticating together share one statement and one round trip, each with its own answer', async (t) => {
  const { AuthBatcher } = await import('../../api/auth/batch.ts');
  const { hash } = await import('node:crypto');
  const other = await seed.basicWorkspace(s.db.pool, 'Other', 'other@acme.test');
  const revoked = await seed.key(s.db.pool, 'owner@acme.test', 'deck');
  await s.db.pool.query('update app_private.api_keys set revoked_at = app.now() where id = $1', [revoked.id]);
  const batcher = new AuthBatcher(s.db.pool);
  await batcher.authenticate(null, null, null, null); // a warm connection
  const h = (k: string) => hash('sha256', k, 'buffer');
  const { trips, result } = await counted(() => Promise.all([
    batcher.authenticate(h(base.deckKey.key), null, null, null),
    batcher.authenticate(h(other.deckKey.key), null, null, null),
    batcher.authenticate(h(revoked.key), null, null, null),
    batcher.authenticate(h('dk_' + 'A'.repeat(43)), null, null, null),
    batcher.authenticate(h(base.hackKey.key), null, other.ws.id, null),
    batcher.authenticate(h(base.deckKey.key), null, null, null),
  ]));
  t.is(trips, 1);
  const [mine, theirs, gone, unknown, elsewhere, again] = result;
  t.is(mine?.user.email, 'owner@acme.test');
  t.is(mine?.workspace?.id, base.ws.id);
  t.is(theirs?.user.email, 'other@acme.test');
  t.is(theirs?.workspace?.id, other.ws.id);
  t.is(gone, null);
  t.is(unknown, null);
  t.is(elsewhere?.workspace, null, 'a workspace the owner is not in');
  t.truthy(elsewhere?.workspaceError);
  t.is(again?.key?.id, mine?.key?.id);
});

test.serial('one request whose arguments PostgreSQL refuses does not fail the others authenticating with it', async (t) => {
  const { AuthBatcher } = await import('../../api/auth/batch.ts');
  const { hash } = await import('node:crypto');
  const batcher = new AuthBatcher(s.db.pool);
  const [good, bad] = await Promise.allSettled([
    batcher.authenticate(hash('sha256', base.deckKey.key, 'buffer'), null, null, null),
    batcher.authenticate(hash('sha256', base.deckKey.key, 'buffer'), null, 'not-a-uuid', null),
  ]);
  t.is(good.status, 'fulfilled');
  t.is(good.status === 'fulfilled' ? good.value?.user.email : null, 'owner@acme.test');
  t.is(bad.status, 'rejected');
});

test.serial('withCaller: begin and who is asking in one round trip, the rule, commit; the settings arrive as they are', async (t) => {
  const { withCaller } = await import('../../core/db/pool.ts');
  const odd = "o'brien\\x"; // a quote and a backslash: quoted, not interpreted
  const caller = { userId: base.owner.userId, workspaceId: base.ws.id, workspaceRole: odd, keyId: null, sessionId: null, scopes: ['presentations:read', "it's"], via: 'session' as const };
  await withCaller(s.db.pool, caller, async () => {}); // a warm connection
  const { trips, result } = await counted(() => withCaller(s.db.pool, caller, async (c) => (await c.query(
    `select current_user as role, current_setting('app.user_id') as user_id, current_setting('app.workspace_id') as ws,
            current_setting('app.workspace_role') as ws_role, current_setting('app.key_id') as key_id, current_setting('app.scopes') as scopes`,
  )).rows[0]));
  t.is(trips, 3, 'begin with the settings, the rule, commit');
  t.deepEqual(result, { role: 'podium_app', user_id: base.owner.userId, ws: base.ws.id, ws_role: odd, key_id: '', scopes: "presentations:read,it's" });
});

test.serial('withCaller: the settings end with the transaction, and an error in the rule rolls back what it wrote', async (t) => {
  const { createPool, withCaller } = await import('../../core/db/pool.ts');
  const one = createPool(s.db.url, 1); // one connection: the checks below read the one withCaller used
  try {
    const caller = { userId: base.owner.userId, workspaceId: base.ws.id, workspaceRole: 'owner', keyId: null, sessionId: null, scopes: [], via: 'session' as const };
    await withCaller(one, caller, async () => {});
    const { rows: [after] } = await one.query(`select current_user as role, coalesce(current_setting('app.user_id', true), '') as user_id`);
    t.not(after.role, 'podium_app');
    t.is(after.user_id, '', 'nothing carried into the connection\'s next use');
    await t.throwsAsync(withCaller(one, caller, async (c) => {
      await c.query(`select set_config('app.probe', 'written', false)`);
      await c.query('select 1/0');
    }), { message: /division by zero/ });
    const { rows: [r] } = await one.query(`select coalesce(current_setting('app.probe', true), '') as probe`);
    t.is(r.probe, '', 'rolled back');
  } finally {
    await one.end();
  }
});
