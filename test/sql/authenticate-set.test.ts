// app_private.authenticate_set, the statement api/auth/batch.ts sends, answers every
// request of a set exactly as app_private.authenticate answers it alone: the plain live key or
// session in its default workspace by one join, every other case through authenticate itself.
// Each case below is run alone and inside one mixed batch; the function-call statistics of the
// transaction show which path answered (track_functions), so the join cannot pass by sending
// everything to the fallback. authenticate_batch (jsonb), kept for a release still
// running during an upgrade, is held to the same answers.
import test from 'ava';
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import * as seed from '../../ops/harness/seed.ts';

let db: TestDatabase;
let all: Case[];
test.before(async () => {
  db = await createTestDatabase();
  all = await cases();
});
test.after.always(() => db?.drop());

const randomHash = () => createHash('sha256').update(randomBytes(32)).digest();
const keyHash = (key: string) => createHash('sha256').update(key).digest();

interface Case {
  name: string;
  key?: Buffer | null;
  session?: Buffer | null;
  workspace?: string | null;
  org?: string | null;
  /** answered by the join (authenticate not called) */
  joined: boolean;
}

/** The set functions held to authenticate's answers: the one the API sends, and the one kept for an upgrade. */
const SETS = ['authenticate_set', 'authenticate_batch'] as const;
type SetFunction = (typeof SETS)[number];

/** The batch's answers by index, and how many times it called app_private.authenticate. */
async function batch(c: pg.PoolClient, cases: Case[], fn: SetFunction): Promise<{ answers: unknown[]; fallbackCalls: number }> {
  await c.query('begin');
  try {
    await c.query(`set local track_functions = 'pl'`);
    // The counter holds calls not yet reported (it may include earlier transactions'): the
    // difference inside this transaction is this batch's.
    const calls = async () => (await c.query(`select coalesce(pg_stat_get_xact_function_calls('app_private.authenticate(bytea,bytea,uuid,text)'::regprocedure), 0)::int as n`)).rows[0].n as number;
    const before = await calls();
    const { rows } = await c.query(
      `select i, identity from app_private.${fn}($1::bytea[], $2::bytea[], $3::uuid[], $4::text[])`,
      [cases.map((x) => x.key ?? null), cases.map((x) => x.session ?? null), cases.map((x) => x.workspace ?? null), cases.map((x) => x.org ?? null)],
    );
    const fallbackCalls = (await calls()) - before;
    const answers = new Array<unknown>(cases.length).fill(undefined);
    for (const r of rows) answers[r.i - 1] = r.identity;
    return { answers, fallbackCalls };
  } finally {
    await c.query('rollback');
  }
}

async function alone(x: Case): Promise<unknown> {
  const { rows } = await db.pool.query('select app_private.authenticate($1, $2, $3, $4) as r', [x.key ?? null, x.session ?? null, x.workspace ?? null, x.org ?? null]);
  return rows[0].r;
}

async function cases(): Promise<Case[]> {
  const p = db.pool;
  const acme = await seed.workspace(p, 'Acme');
  const beta = await seed.workspace(p, 'Beta', 'beta-org');
  const owner = await seed.member(p, acme.id, 'owner@acme.test', 'owner', 'Olive');
  await seed.member(p, beta.id, 'owner@acme.test', 'member');
  const plain = await seed.key(p, 'owner@acme.test', 'deck');
  const pinned = await seed.key(p, 'owner@acme.test', 'hackathon', { workspaceId: beta.id, scopes: ['hackathon:read'] });
  const expiring = await seed.key(p, 'owner@acme.test', 'deck', { expiresInDays: 3 });
  const revoked = await seed.key(p, 'owner@acme.test', 'deck');
  await p.query('update app_private.api_keys set revoked_at = now() where id = $1', [revoked.id]);
  const expired = await seed.key(p, 'owner@acme.test', 'deck');
  await p.query(`update app_private.api_keys set expires_at = now() - interval '1 minute' where id = $1`, [expired.id]);
  // Pinned to a workspace the user has since left: authenticates, with no workspace.
  const left = await seed.workspace(p, 'Left');
  await seed.member(p, left.id, 'owner@acme.test', 'member');
  const pinnedLeft = await seed.key(p, 'owner@acme.test', 'deck', { workspaceId: left.id });
  await p.query('delete from app.memberships where workspace_id = $1 and user_id = $2', [left.id, owner.userId]);
  // A user with no default workspace: the first membership answers (authenticate's fallback).
  const drifter = await seed.member(p, beta.id, 'drifter@beta.test', 'member');
  await p.query('update app.users set default_workspace_id = null where id = $1', [drifter.userId]);
  const drifterKey = await seed.key(p, 'drifter@beta.test', 'deck');
  // A member of no workspace at all.
  const loner = await seed.member(p, left.id, 'loner@left.test', 'member');
  const lonerKey = await seed.key(p, 'loner@left.test', 'deck');
  await p.query('delete from app.memberships where user_id = $1', [loner.userId]);

  const session = async (userId: string, expires: string, demoPass: string | null = null) => {
    const h = randomHash();
    await p.query(`insert into app_private.sessions (token_hash, user_id, expires_at, demo_pass_id) values ($1, $2, now() + $3::interval, $4)`, [h, userId, expires, demoPass]);
    return h;
  };
  const live = await session(owner.userId, '1 day');
  const stale = await session(owner.userId, '-1 minute');
  const guest = await seed.member(p, acme.id, 'guest@acme.test', 'guest');
  const { rows: [pass] } = await p.query(
    `insert into app_private.demo_passes (workspace_id, user_id, token_hash, expires_at, created_by) values ($1, $2, $3, now() + interval '1 hour', $4) returning id`,
    [acme.id, guest.userId, randomHash(), owner.userId],
  );
  const demo = await session(guest.userId, '1 hour', pass.id);

  return [
    { name: 'a live key in its default workspace', key: keyHash(plain.key), joined: true },
    { name: 'a key pinned to a workspace of its user', key: keyHash(pinned.key), joined: true },
    { name: 'a key that expires later', key: keyHash(expiring.key), joined: true },
    { name: 'a live session in its default workspace', session: live, joined: true },
    { name: 'a key and a session: the key decides', key: keyHash(pinned.key), session: live, joined: true },
    { name: 'a revoked key', key: keyHash(revoked.key), joined: false },
    { name: 'an expired key', key: keyHash(expired.key), joined: false },
    { name: 'an unknown key', key: randomHash(), joined: false },
    { name: 'a key pinned to a workspace its user left', key: keyHash(pinnedLeft.key), joined: false },
    { name: 'a user with no default workspace', key: keyHash(drifterKey.key), joined: false },
    { name: 'a user in no workspace', key: keyHash(lonerKey.key), joined: false },
    { name: 'a key asking for a workspace of its user', key: keyHash(plain.key), workspace: beta.id, joined: false },
    { name: 'a key asking for an organization', key: keyHash(plain.key), org: 'beta-org', joined: false },
    { name: 'a key asking for a workspace not its user\'s', key: keyHash(plain.key), workspace: left.id, joined: false },
    { name: 'a pinned key asking for another workspace', key: keyHash(pinned.key), workspace: acme.id, joined: false },
    { name: 'an expired session', session: stale, joined: false },
    { name: 'a demo session', session: demo, joined: false },
    { name: 'an unknown session', session: randomHash(), joined: false },
    { name: 'no credential', joined: false },
  ];
}

for (const fn of SETS) {
  test(`each request alone: ${fn} answers what authenticate answers, by the join only for the plain case`, async (t) => {
    const c = await db.pool.connect();
    try {
      for (const x of all) {
        const { answers, fallbackCalls } = await batch(c, [x], fn);
        t.deepEqual(answers[0], await alone(x), x.name);
        t.is(fallbackCalls, x.joined ? 0 : 1, `${x.name}: ${x.joined ? 'the join' : 'authenticate'} answers`);
      }
      // The plain cases do authenticate: none of them is a null answer that matches by accident.
      for (const x of all.filter((y) => y.joined)) t.truthy(((await alone(x)) as { workspace?: unknown } | null)?.workspace, x.name);
    } finally {
      c.release();
    }
  });

  test(`${fn}: one mixed batch, repeats included: each index gets its own answer`, async (t) => {
    const mixed = [...all, ...all.slice().reverse()];
    const c = await db.pool.connect();
    try {
      const { answers, fallbackCalls } = await batch(c, mixed, fn);
      t.is(answers.length, mixed.length);
      for (const [n, x] of mixed.entries()) t.deepEqual(answers[n], await alone(x), `${n}: ${x.name}`);
      t.is(fallbackCalls, mixed.filter((x) => !x.joined).length);
    } finally {
      c.release();
    }
  });
}
