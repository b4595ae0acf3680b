// Typed GraphQL for functions answering JSON (api/graphql-shapes.ts): a function's `@shape`
// names the composite type its field answers; the answer is checked against the type
// (app_private.json_shaped) so a key the type lacks fails the read instead of vanishing.
import test from 'ava';
import { parseShapeTag } from '../../api/graphql-shapes.ts';
import { http } from '../helpers/http.ts';
import { liveSchema, readShaped, sameAsJson, shapeDifferences } from '../helpers/graphql.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let db: TestDatabase;
let s: TestServer;
let key: string;
test.before(async () => {
  db = await createTestDatabase();
  // Three functions only this test's database has: one that fits its type, one list, and one
  // whose answer has a key its type lacks (a type fallen behind its function).
  await db.pool.query(`
    create type app.zz_probe_item as (id uuid, label text, tags text[], meta jsonb);
    create type app.zz_probe as (id uuid, "fullName" text, items app.zz_probe_item[], "seenAt" timestamptz);
    create function app.zz_probe() returns jsonb language sql stable as $$
      select jsonb_build_object('id', '6f1c9d3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', 'fullName', 'Ada', 'seenAt', '2026-11-29T03:00:00Z',
        'items', jsonb_build_array(jsonb_build_object('id', '7a1c9d3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', 'label', 'one', 'tags', '["a","b"]'::jsonb, 'meta', '{"free": {"form": 1}}'::jsonb)))
    $$;
    comment on function app.zz_probe() is E'@shape app.zz_probe\\nA probe that fits its type.';
    create function app.zz_probe_list() returns jsonb language sql stable as $$
      select jsonb_build_array(jsonb_build_object('id', '7a1c9d3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', 'label', 'one'), jsonb_build_object('label', 'two'))
    $$;
    comment on function app.zz_probe_list() is E'@shape app.zz_probe_item[]\\nA list probe.';
    create function app.zz_probe_drift() returns jsonb language sql stable as $$
      select jsonb_build_object('id', '6f1c9d3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', 'items', jsonb_build_array(jsonb_build_object('label', 'x', 'colour', 'red')))
    $$;
    comment on function app.zz_probe_drift() is E'@shape app.zz_probe\\nA probe whose answer outgrew its type.';
    grant execute on function app.zz_probe(), app.zz_probe_list(), app.zz_probe_drift() to podium_app;`);
  s = await startTestServer({ db });
  const ws = await seed.workspace(s.db.pool, 'Shapes');
  await seed.member(s.db.pool, ws.id, 'owner@shapes.test', 'owner', 'Owner');
  key = (await seed.key(s.db.pool, 'owner@shapes.test', 'deck', { workspaceId: ws.id })).key;
});
test.after.always(() => s?.close());

test('@shape names schema.type or schema.type[]; anything else stops the schema build', (t) => {
  t.deepEqual(parseShapeTag('app.team_card'), { schema: 'app', name: 'team_card', list: false });
  t.deepEqual(parseShapeTag('app.team_card[]'), { schema: 'app', name: 'team_card', list: true });
  t.is(parseShapeTag(undefined), null);
  t.throws(() => parseShapeTag('team_card'), { message: /schema\.name/ });
  t.throws(() => parseShapeTag(true), { message: /schema\.name/ });
});

test('a shaped field is typed: nested types and lists selectable, `id` stays `id`, free-form jsonb stays JSON', async (t) => {
  const schema = await liveSchema(s.url, key);
  const probe = await readShaped(s.url, key, schema, 'zzProbe');
  t.deepEqual(probe, {
    id: '6f1c9d3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', fullName: 'Ada', seenAt: probe.seenAt,
    items: [{ id: '7a1c9d3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', label: 'one', tags: ['a', 'b'], meta: { free: { form: 1 } } }],
  });
  t.is(Date.parse(probe.seenAt), Date.parse('2026-11-29T03:00:00Z'));
  const list = await readShaped(s.url, key, schema, 'zzProbeList');
  t.deepEqual(list.map((i: { label: string }) => i.label), ['one', 'two']);
  t.is(list[1].id, null, 'a key the answer leaves out reads as null');
  t.deepEqual(list[1].tags, null, 'a list of scalars too');
});

test('an answer with a key its type lacks fails the read, naming the key, instead of dropping it', async (t) => {
  const r = await http(s.url, 'POST', '/graphql', { key, body: { query: '{ zzProbeDrift { id items { label } } }' } });
  t.truthy(r.body.errors, r.text);
  const direct = await t.throwsAsync(db.pool.query(`select app_private.json_shaped(app.zz_probe_drift(), 'app.zz_probe')`));
  t.regex(direct!.message, /app\.zz_probe_item has no field "colour"/);
  const fits = await db.pool.query(`select app_private.json_shaped(app.zz_probe(), 'app.zz_probe') as r`);
  t.is(fits.rows[0].r.fullName, 'Ada', 'an answer that fits is handed back unchanged');
  await t.throwsAsync(db.pool.query(`select app_private.json_shaped('"text"', 'app.zz_probe')`), { message: /expects an object/ });
});

test('myWorkspaces answers typed, the same as GET /api/v1/workspaces', async (t) => {
  const schema = await liveSchema(s.url, key);
  const typed = await readShaped(s.url, key, schema, 'myWorkspaces');
  const rest = await http(s.url, 'GET', '/api/v1/workspaces', { key });
  t.is(rest.status, 200, rest.text);
  t.is(typed.length, 1);
  sameAsJson(t, typed, rest.body.items, 'myWorkspaces');
});

test('the comparison names what differs: a missing field, another value, an instant in another notation agrees', (t) => {
  t.deepEqual(shapeDifferences({ a: 1, at: '2026-11-29T03:00:00+00:00', n: '12' }, { a: 1, at: '2026-11-29T03:00:00.000Z', n: 12 }), []);
  t.deepEqual(shapeDifferences({ a: 2 }, { a: 1, b: 'x' }), ['$.a: typed 2, JSON 1', '$.b: not selectable in GraphQL']);
  t.deepEqual(shapeDifferences({ a: null, b: 'x' }, { b: 'x' }), []);
  t.deepEqual(shapeDifferences({ a: 'y' }, {}), ['$.a: typed "y", JSON has none']);
  t.deepEqual(shapeDifferences({ items: [] }, {}), [], 'a list of objects the JSON leaves out reads empty');
  t.deepEqual(shapeDifferences({ items: [{ a: 1 }] }, {}), ['$.items: typed [{"a":1}], JSON has none']);
});
