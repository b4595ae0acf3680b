// One scope check: app_private.require_scope is the only place that refuses a
// credential for its scope (insufficient_scope); deck, event and account functions all use it.
import test from 'ava';
import type pg from 'pg';
import { asOwnerFor, asUser } from '../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import * as seed from '../../ops/harness/seed.ts';

let db: TestDatabase;
let ws: { id: string };
let owner: string;

test.before(async () => {
  db = await createTestDatabase();
  ws = await seed.workspace(db.pool, 'Alpha');
  owner = (await seed.member(db.pool, ws.id, 'owner@a.test', 'owner')).userId;
});
test.after.always(() => db?.drop());

interface PgError { detail?: string; hint?: string; message: string }
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: PgError) => e);

/** The helper itself, as the security-definer functions calling it run it: the owner role, the caller's scopes. */
const requireScope = (held: string[], ...wanted: string[]): Promise<PgError | null> =>
  refusal(asOwnerFor(db.pool, owner, ws.id, 'owner', held)((c) =>
    c.query(`select app_private.require_scope(${wanted.map((_, i) => `$${i + 1}::text`).join(', ')})`, wanted)));

test('require_scope passes a credential holding the scope and refuses one without it, naming it', async (t) => {
  t.is(await requireScope(['hackathon:read', 'hackathon:write'], 'hackathon:write'), null);
  const e = await requireScope(['hackathon:read'], 'hackathon:write');
  t.is(e?.detail, 'insufficient_scope');
  t.is(e?.message, 'This key lacks the scope hackathon:write');
  t.deepEqual(JSON.parse(e!.hint!), { needed: ['hackathon:write'] });
});

test('require_scope with several scopes passes on any one of them and names them all when none is held', async (t) => {
  t.is(await requireScope(['presentations:write'], 'presentations:write', 'hackathon:write'), null);
  t.is(await requireScope(['hackathon:write'], 'presentations:write', 'hackathon:write'), null);
  const e = await requireScope(['presentations:read', 'hackathon:read'], 'presentations:write', 'hackathon:write');
  t.is(e?.detail, 'insufficient_scope');
  t.is(e?.message, 'This key lacks the scope presentations:write or hackathon:write');
  t.deepEqual(JSON.parse(e!.hint!), { needed: ['presentations:write', 'hackathon:write'] });
});

const as = (scopes: string[]) => <T>(fn: (c: pg.PoolClient) => Promise<T>) => asUser(db.pool, owner, ws.id, 'owner', scopes)(fn);

test('event functions refuse through it, worded as every other scope refusal', async (t) => {
  const e = await refusal(as(['hackathon:read'])((c) => c.query(`select app.create_team('rocket', 'Rocket')`)));
  t.is(e?.detail, 'insufficient_scope');
  t.is(e?.message, 'This key lacks the scope hackathon:write');
  const read = await refusal(as(['presentations:read'])((c) => c.query(`select app.current_event()`)));
  t.is(read?.message, 'This key lacks the scope hackathon:read');
});

test('the default workspace takes either tool\'s write scope through it', async (t) => {
  const e = await refusal(as(['presentations:read', 'hackathon:read'])((c) => c.query(`select app.set_default_workspace($1)`, [ws.id])));
  t.is(e?.detail, 'insufficient_scope');
  t.is(e?.message, 'This key lacks the scope presentations:write or hackathon:write');
  t.deepEqual(JSON.parse(e!.hint!), { needed: ['presentations:write', 'hackathon:write'] });
  t.is(await refusal(as(['hackathon:write'])((c) => c.query(`select app.set_default_workspace($1)`, [ws.id]))), null);
  t.is(await refusal(as(['presentations:write'])((c) => c.query(`select app.set_default_workspace($1)`, [ws.id]))), null);
});

test('no other function raises insufficient_scope, and require_event_scope is gone', async (t) => {
  const { rows } = await db.pool.query(`select p.oid::regprocedure::text as f from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('app', 'app_private') and (p.prosrc ~ 'insufficient_scope' or p.prosrc ~ 'require_event_scope' or p.proname = 'require_event_scope')`);
  t.deepEqual(rows.map((r) => r.f), ['app_private.require_scope(text[])']);
});
