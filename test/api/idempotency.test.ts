// Idempotency-Key: a retried create answers the first reply and creates nothing more;
// concurrent twins create once; the same key with another body is refused.
import test from 'ava';
import Fastify, { type FastifyInstance } from 'fastify';
import { idempotent } from '../../api/routes/support.ts';
import { toAppError } from '../../api/errors.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import * as seed from '../../ops/harness/seed.ts';

let db: TestDatabase;
let app: FastifyInstance;
let base: string;
test.before(async () => {
  db = await createTestDatabase();
  const ws = await seed.workspace(db.pool, 'Acme');
  const other = await seed.workspace(db.pool, 'Globex');
  const u = await seed.member(db.pool, ws.id, 'a@acme.test', 'owner');
  await seed.member(db.pool, other.id, 'a@acme.test', 'owner'); // the same person, in two workspaces
  // A throwaway table in this test's own database stands in for any create.
  await db.pool.query(`create table app.test_things (id serial primary key, name text); grant select, insert on app.test_things to podium_app; grant usage on sequence app.test_things_id_seq to podium_app`);
  app = Fastify();
  app.decorateRequest('caller', null as never);
  app.addHook('onRequest', async (req) => {
    const workspaceId = req.headers['x-test-workspace'] === 'other' ? other.id : ws.id;
    req.caller = { userId: u.userId, workspaceId, workspaceRole: 'owner', keyId: null, sessionId: null, scopes: [], via: 'session' };
  });
  app.setErrorHandler(async (err, _req, reply) => {
    const e = toAppError(err);
    return reply.status(e.status).send(e.toJSON());
  });
  app.post<{ Body: { name: string } }>('/things', async (req, reply) => {
    const r = await idempotent(req, db.pool, async (c) => {
      const { rows } = await c.query(`insert into app.test_things (name) values ($1) returning id, name, current_setting('app.workspace_id') as ws`, [req.body.name]);
      return { status: 201, body: rows[0] };
    });
    return reply.status(r.status).header('idempotent-replayed', String(r.replayed)).send(r.body);
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
test.after.always(async () => {
  await app?.close();
  await db?.drop();
});

const post = (name: string, key?: string, workspace: 'acme' | 'other' = 'acme') =>
  fetch(base + '/things', { method: 'POST', headers: { 'content-type': 'application/json', 'x-test-workspace': workspace, ...(key ? { 'idempotency-key': key } : {}) }, body: JSON.stringify({ name }) });
const count = async (name: string) => (await db.pool.query('select count(*)::int as n from app.test_things where name = $1', [name])).rows[0].n;

test('a retry with the same key replays the first answer and creates nothing more', async (t) => {
  const a = await post('one', 'k-1');
  const b = await post('one', 'k-1');
  t.is(a.status, 201);
  t.is(b.status, 201);
  t.deepEqual(await b.json(), await a.json());
  t.is(b.headers.get('idempotent-replayed'), 'true');
  t.is(await count('one'), 1);
});

test('twenty concurrent twins create exactly once', async (t) => {
  const answers = await Promise.all(Array.from({ length: 20 }, () => post('twin', 'k-twin')));
  const bodies = await Promise.all(answers.map((r) => r.json()));
  t.true(answers.every((r) => r.status === 201));
  t.is(new Set(bodies.map((b) => b.id)).size, 1);
  t.is(await count('twin'), 1);
});

test('the same key with a different body is refused and writes nothing', async (t) => {
  await post('first', 'k-2');
  const r = await post('second', 'k-2');
  t.is(r.status, 422);
  t.is((await r.json()).error.code, 'idempotency_key_reused');
  t.is(await count('second'), 0);
});

test('without the header every call creates', async (t) => {
  await post('free');
  await post('free');
  t.is(await count('free'), 2);
});

test('the same key and body in another workspace of the same person is a create of its own, not a replay', async (t) => {
  const a = await post('shared', 'k-ws');
  const b = await post('shared', 'k-ws', 'other');
  t.is(b.status, 201);
  t.is(b.headers.get('idempotent-replayed'), 'false');
  const [ja, jb] = [await a.json(), await b.json()];
  t.not(jb.id, ja.id);
  t.not(jb.ws, ja.ws);
  t.is(await count('shared'), 2);
  // And each workspace still replays its own.
  t.deepEqual(await (await post('shared', 'k-ws', 'other')).json(), jb);
});
