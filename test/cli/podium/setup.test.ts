// `podium setup`: the first workspace and its owner, once. Refusals first (nothing may be
// created by them), then the setup, then the second setup that must be refused.
import test from 'ava';
import argon2 from 'argon2';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { parseJson, podium, runPodium } from './run.ts';

const PASSWORD = 'correct horse battery staple';
const SETUP = ['setup', '--workspace', 'Acme', '--email', 'owner@acme.test', '--name', 'Olive', '--password-stdin', '--json'];

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

async function counts() {
  const { rows } = await db.pool.query(
    `select (select count(*) from app.workspaces)::int as workspaces, (select count(*) from app.users)::int as users,
            (select count(*) from app.memberships)::int as memberships, (select count(*) from app_private.user_secrets)::int as secrets`,
  );
  return rows[0] as { workspaces: number; users: number; memberships: number; secrets: number };
}
const NOTHING = { workspaces: 0, users: 0, memberships: 0, secrets: 0 };

test.serial('a password shorter than 12 characters exits 2 and creates nothing', async (t) => {
  const r = await runPodium(db, SETUP, { stdin: 'short pass\n' });
  t.is(r.code, 2, r.stderr);
  t.is(r.stdout, '');
  t.regex(parseJson(r.stderr).error.message, /at least 12 characters/);
  t.false(r.stderr.includes('short pass'));
  t.deepEqual(await counts(), NOTHING);
});

test.serial('--password-stdin with nothing on stdin exits 2 and creates nothing', async (t) => {
  const r = await runPodium(db, SETUP.filter((a) => a !== '--json'), { stdin: '' });
  t.is(r.code, 2, r.stderr);
  t.regex(r.stderr, /^podium: --password-stdin: stdin was empty$/m);
  t.deepEqual(await counts(), NOTHING);
});

test.serial('an --email that is not an address exits 2 and creates nothing', async (t) => {
  const r = await runPodium(db, ['setup', '--workspace', 'Acme', '--email', 'owner.acme.test']);
  t.is(r.code, 2);
  t.is(r.stdout, '');
  t.regex(r.stderr, /--email is not an email address: owner\.acme\.test/);
  t.deepEqual(await counts(), NOTHING);
});

test.serial('a missing --workspace exits 1 naming it', async (t) => {
  const r = await runPodium(db, ['setup', '--email', 'owner@acme.test'], { stdin: PASSWORD + '\n' });
  t.is(r.code, 1);
  t.regex(r.stderr, /--workspace is required/);
  t.deepEqual(await counts(), NOTHING);
});

test.serial('--workspace given without a value exits 1 naming it', async (t) => {
  const r = await runPodium(db, ['setup', '--workspace', '--email', 'owner@acme.test']);
  t.is(r.code, 1);
  t.regex(r.stderr, /--workspace/);
  t.deepEqual(await counts(), NOTHING);
});

let setup: any;
// The real bin, its password on a real pipe: the newline that ends it is not part of it.
test.serial('setup creates the workspace and its owner, printing them as JSON', async (t) => {
  const r = await podium(db, SETUP, { stdin: PASSWORD + '\n' });
  t.is(r.code, 0, r.stderr);
  t.is(r.stderr, '');
  setup = parseJson(r.stdout);
  t.is(setup.workspace.name, 'Acme');
  t.regex(setup.workspace.id, /^[0-9a-f-]{36}$/);
  t.is(setup.workspace.organizationId, null);
  t.is(setup.owner.email, 'owner@acme.test');
  t.is(setup.owner.name, 'Olive');
  t.regex(setup.owner.id, /^[0-9a-f-]{36}$/);
  t.false(r.stdout.includes(PASSWORD));

  const ws = await db.pool.query('select id, name from app.workspaces');
  t.deepEqual(ws.rows, [{ id: setup.workspace.id, name: 'Acme' }]);
  const u = await db.pool.query('select id, email, name, default_workspace_id from app.users');
  t.deepEqual(u.rows, [{ id: setup.owner.id, email: 'owner@acme.test', name: 'Olive', default_workspace_id: setup.workspace.id }]);
  const m = await db.pool.query('select workspace_id, user_id, role from app.memberships');
  t.deepEqual(m.rows, [{ workspace_id: setup.workspace.id, user_id: setup.owner.id, role: 'owner' }]);
});

test.serial('the password is stored only as an argon2id hash', async (t) => {
  const { rows } = await db.pool.query('select user_id, password_hash, totp_secret_sealed from app_private.user_secrets');
  t.is(rows.length, 1);
  t.is(rows[0].user_id, setup.owner.id);
  t.is(rows[0].totp_secret_sealed, null);
  const hash: string = rows[0].password_hash;
  t.true(hash.startsWith('$argon2id$'), hash);
  t.false(hash.includes(PASSWORD));
  t.true(await argon2.verify(hash, PASSWORD));
  t.false(await argon2.verify(hash, PASSWORD + '\n'));
  const dump = await db.pool.query(`select string_agg(t::text, ' ') as all from app_private.user_secrets t`);
  t.false(dump.rows[0].all.includes(PASSWORD));
});

test.serial('a second setup exits 5 with already_set_up, on stderr as JSON with --json', async (t) => {
  const r = await runPodium(db, SETUP, { stdin: PASSWORD + '\n' });
  t.is(r.code, 5);
  t.is(r.stdout, '');
  const err = parseJson(r.stderr);
  t.is(err.error.code, 'already_set_up');
  t.regex(err.error.message, /already set up/);
  t.deepEqual(await counts(), { workspaces: 1, users: 1, memberships: 1, secrets: 1 });
});

test.serial('a second setup without --json exits 5 with a one-line message', async (t) => {
  const r = await runPodium(db, ['setup', '--workspace', 'Other', '--email', 'other@acme.test']);
  t.is(r.code, 5);
  t.is(r.stdout, '');
  t.regex(r.stderr, /^podium: This instance is already set up; .*podium workspace create.*\n$/);
  t.deepEqual(await counts(), { workspaces: 1, users: 1, memberships: 1, secrets: 1 });
  const ws = await db.pool.query('select name from app.workspaces');
  t.deepEqual(ws.rows, [{ name: 'Acme' }]);
});
