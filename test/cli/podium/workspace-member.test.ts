// `podium workspace create` and `podium member add`, after a `podium setup`.
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { parseJson, runPodium } from './run.ts';

let db: TestDatabase;
let acme: { id: string; name: string };
test.before(async () => {
  db = await createTestDatabase();
  const r = await runPodium(db, ['setup', '--workspace', 'Acme', '--email', 'owner@acme.test', '--json']);
  if (r.code !== 0) throw new Error(`setup failed (${r.code}): ${r.stderr}`);
  acme = parseJson(r.stdout).workspace;
});
test.after.always(() => db?.drop());

async function membership(email: string, workspaceId: string): Promise<string | null> {
  const { rows } = await db.pool.query(
    'select m.role from app.memberships m join app.users u on u.id = m.user_id where lower(u.email) = lower($1) and m.workspace_id = $2',
    [email, workspaceId],
  );
  return rows[0]?.role ?? null;
}

let beta: { id: string; name: string; organizationId: string | null };
test.serial('workspace create prints the new workspace as JSON', async (t) => {
  const r = await runPodium(db, ['workspace', 'create', 'Beta', '--json']);
  t.is(r.code, 0, r.stderr);
  t.is(r.stderr, '');
  beta = parseJson(r.stdout);
  t.is(beta.name, 'Beta');
  t.is(beta.organizationId, null);
  t.regex(beta.id, /^[0-9a-f-]{36}$/);
  const { rows } = await db.pool.query('select id, name, organization_id from app.workspaces where id = $1', [beta.id]);
  t.deepEqual(rows, [{ id: beta.id, name: 'Beta', organization_id: null }]);
});

test.serial('workspace create of an existing name, in any case, exits 5 with workspace_exists', async (t) => {
  const r = await runPodium(db, ['workspace', 'create', 'beta', '--json']);
  t.is(r.code, 5);
  t.is(r.stdout, '');
  t.is(parseJson(r.stderr).error.code, 'workspace_exists');
  const human = await runPodium(db, ['workspace', 'create', 'BETA']);
  t.is(human.code, 5);
  t.regex(human.stderr, /^podium: A workspace named BETA already exists \(workspace_exists\)\n$/);
  const { rows } = await db.pool.query(`select name from app.workspaces where lower(name) = 'beta'`);
  t.deepEqual(rows, [{ name: 'Beta' }]);
});

test.serial('workspace create in human form, with --organization', async (t) => {
  const r = await runPodium(db, ['workspace', 'create', 'Gamma Team', '--organization', 'org_123']);
  t.is(r.code, 0, r.stderr);
  const m = /^Created workspace Gamma Team \(([0-9a-f-]{36})\)\n$/.exec(r.stdout);
  t.truthy(m, r.stdout);
  const { rows } = await db.pool.query('select name, organization_id from app.workspaces where id = $1', [m![1]]);
  t.deepEqual(rows, [{ name: 'Gamma Team', organization_id: 'org_123' }]);
});

test.serial('workspace create takes exactly one name', async (t) => {
  for (const args of [['workspace', 'create'], ['workspace', 'create', 'Gamma', 'Team']]) {
    const r = await runPodium(db, args);
    t.is(r.code, 1, args.join(' '));
    t.regex(r.stderr, /name exactly one workspace/);
  }
  t.is((await db.pool.query('select count(*)::int as n from app.workspaces')).rows[0].n, 3);
});

test.serial('member add by workspace name creates the account and its membership', async (t) => {
  const r = await runPodium(db, ['member', 'add', 'Acme', 'dev@acme.test', '--role', 'admin']);
  t.is(r.code, 0, r.stderr);
  t.is(r.stdout, 'dev@acme.test is admin of Acme\n');
  t.is(await membership('dev@acme.test', acme.id), 'admin');
  const { rows } = await db.pool.query(`select default_workspace_id from app.users where email = 'dev@acme.test'`);
  t.deepEqual(rows, [{ default_workspace_id: acme.id }]);
});

test.serial('member add by workspace id, with --json', async (t) => {
  const r = await runPodium(db, ['member', 'add', beta.id, 'dev@acme.test', '--role', 'member', '--json']);
  t.is(r.code, 0, r.stderr);
  const out = parseJson(r.stdout);
  t.like(out, { workspaceId: beta.id, workspace: 'Beta', email: 'dev@acme.test', role: 'member' });
  t.is(await membership('dev@acme.test', beta.id), 'member');
  t.is(await membership('dev@acme.test', acme.id), 'admin');
  t.is((await db.pool.query(`select count(*)::int as n from app.users where lower(email) = 'dev@acme.test'`)).rows[0].n, 1);
});

test.serial('member add matches the workspace name case-insensitively', async (t) => {
  const r = await runPodium(db, ['member', 'add', 'aCME', 'guest@acme.test', '--role', 'guest', '--name', 'Gus']);
  t.is(r.code, 0, r.stderr);
  t.is(r.stdout, 'guest@acme.test is guest of Acme\n');
  t.is(await membership('guest@acme.test', acme.id), 'guest');
  const { rows } = await db.pool.query(`select name from app.users where email = 'guest@acme.test'`);
  t.deepEqual(rows, [{ name: 'Gus' }]);
});

test.serial('--role wizard exits 2 and changes nothing', async (t) => {
  const r = await runPodium(db, ['member', 'add', 'Acme', 'dev@acme.test', '--role', 'wizard']);
  t.is(r.code, 2);
  t.is(r.stdout, '');
  t.regex(r.stderr, /--role must be one of owner, admin, member, guest, got wizard/);
  t.is(await membership('dev@acme.test', acme.id), 'admin');
});

test.serial('a missing --role, or none given a value, exits 1', async (t) => {
  const none = await runPodium(db, ['member', 'add', 'Acme', 'dev@acme.test']);
  t.is(none.code, 1);
  t.regex(none.stderr, /--role is required/);
  const empty = await runPodium(db, ['member', 'add', 'Acme', 'dev@acme.test', '--role']);
  t.is(empty.code, 1);
  t.regex(empty.stderr, /--role/);
  t.is(await membership('dev@acme.test', acme.id), 'admin');
});

test.serial('member add to an unknown workspace fails with workspace_not_found and creates no account', async (t) => {
  const r = await runPodium(db, ['member', 'add', 'Nowhere', 'new@acme.test', '--role', 'member', '--json']);
  t.not(r.code, 0);
  t.is(r.code, 2);
  t.is(r.stdout, '');
  t.like(parseJson(r.stderr), { error: { code: 'workspace_not_found', message: 'No workspace named Nowhere' } });
  const human = await runPodium(db, ['member', 'add', '00000000-0000-4000-8000-000000000000', 'new@acme.test', '--role', 'member']);
  t.is(human.code, 2);
  t.regex(human.stderr, /^podium: No workspace named 00000000-0000-4000-8000-000000000000 \(workspace_not_found\)\n$/);
  t.is((await db.pool.query(`select count(*)::int as n from app.users where email = 'new@acme.test'`)).rows[0].n, 0);
});

test.serial('member add of an address that is not one exits 2', async (t) => {
  const r = await runPodium(db, ['member', 'add', 'Acme', 'not-an-address', '--role', 'member']);
  t.is(r.code, 2);
  t.regex(r.stderr, /not an email address: not-an-address/);
});

test.serial('re-adding a member changes the role, keeping one membership', async (t) => {
  const r = await runPodium(db, ['member', 'add', 'Acme', 'DEV@acme.test', '--role', 'guest']);
  t.is(r.code, 0, r.stderr);
  t.is(r.stdout, 'dev@acme.test is guest of Acme\n');
  t.is(await membership('dev@acme.test', acme.id), 'guest');
  const { rows } = await db.pool.query(
    `select count(*)::int as n from app.memberships m join app.users u on u.id = m.user_id where u.email = 'dev@acme.test' and m.workspace_id = $1`,
    [acme.id],
  );
  t.is(rows[0].n, 1);
  const back = await runPodium(db, ['member', 'add', 'Acme', 'dev@acme.test', '--role', 'owner']);
  t.is(back.code, 0, back.stderr);
  t.is(await membership('dev@acme.test', acme.id), 'owner');
});
