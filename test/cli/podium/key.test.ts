// `podium key create`: keys minted by the operator, stored only as sha256, and working
// against a real API server over the same database.
import { createHash } from 'node:crypto';
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { parseJson, runPodium, type RunResult } from './run.ts';

const KEY_SHAPE = (prefix: string) => new RegExp(`^${prefix}[A-Za-z0-9_-]{43}$`);

let db: TestDatabase;
let acme: { id: string; name: string };
let beta: { id: string; name: string };
test.before(async () => {
  db = await createTestDatabase();
  const must = (r: RunResult) => {
    if (r.code !== 0) throw new Error(`podium failed (${r.code}): ${r.stderr}`);
    return parseJson(r.stdout);
  };
  acme = must(await runPodium(db, ['setup', '--workspace', 'Acme', '--email', 'owner@acme.test', '--name', 'Olive', '--json'])).workspace;
  beta = must(await runPodium(db, ['workspace', 'create', 'Beta', '--json']));
});
test.after.always(() => db?.drop());

async function keyCount(): Promise<number> {
  return (await db.pool.query('select count(*)::int as n from app_private.api_keys')).rows[0].n;
}

async function storedRow(id: string) {
  const { rows } = await db.pool.query('select * from app_private.api_keys where id = $1', [id]);
  return rows[0];
}

/** The key itself appears nowhere in the table; its sha256 is the stored token_hash. */
async function assertStoredOnlyAsHash(t: import('ava').ExecutionContext, id: string, key: string) {
  const row = await storedRow(id);
  t.truthy(row, `key ${id} stored`);
  t.true(Buffer.isBuffer(row.token_hash));
  t.deepEqual(row.token_hash, createHash('sha256').update(key).digest());
  const dump = await db.pool.query(`select string_agg(t::text, ' ') as all from app_private.api_keys t`);
  t.false(dump.rows[0].all.includes(key));
  t.false(dump.rows[0].all.includes(key.slice(key.indexOf('_') + 1)));
  return row;
}

const minted: Record<string, { key: string; id: string }> = {};

test.serial('key create --json answers a dk_ key with the deck read and write scopes', async (t) => {
  const r = await runPodium(db, ['key', 'create', '--email', 'owner@acme.test', '--tool', 'deck', '--json']);
  t.is(r.code, 0, r.stderr);
  t.is(r.stderr, '');
  const out = parseJson(r.stdout);
  t.regex(out.key, KEY_SHAPE('dk_'));
  t.like(out, { tool: 'deck', name: 'deck key', workspaceId: null, expiresAt: null });
  t.deepEqual(out.scopes, ['presentations:read', 'presentations:write']);
  const row = await assertStoredOnlyAsHash(t, out.id, out.key);
  t.like(row, { tool: 'deck', name: 'deck key', workspace_id: null, expires_at: null, created_via: 'operator', revoked_at: null });
  t.deepEqual(row.scopes, ['presentations:read', 'presentations:write']);
  const owner = await db.pool.query(`select id from app.users where email = 'owner@acme.test'`);
  t.is(row.user_id, owner.rows[0].id);
  minted.deck = { key: out.key, id: out.id };
});

test.serial('in human form only the key goes to stdout, the details to stderr', async (t) => {
  const r = await runPodium(db, ['key', 'create', '--email', 'OWNER@acme.test', '--tool', 'deck', '--name', 'laptop']);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /^dk_[A-Za-z0-9_-]{43}\n$/);
  const key = r.stdout.trim();
  const m = /^Key laptop \(([0-9a-f-]{36})\) for OWNER@acme\.test, scopes presentations:read,presentations:write\. It is shown only this once\.\n$/.exec(r.stderr);
  t.truthy(m, r.stderr);
  t.false(r.stderr.includes(key));
  const row = await assertStoredOnlyAsHash(t, m![1], key);
  t.is(row.name, 'laptop');
});

test.serial('--tool hackathon answers an hck_ key with the hackathon scopes', async (t) => {
  const r = await runPodium(db, ['key', 'create', '--email', 'owner@acme.test', '--tool', 'hackathon', '--json']);
  t.is(r.code, 0, r.stderr);
  const out = parseJson(r.stdout);
  t.regex(out.key, KEY_SHAPE('hck_'));
  t.is(out.tool, 'hackathon');
  t.deepEqual(out.scopes, ['hackathon:read', 'hackathon:write']);
  const row = await assertStoredOnlyAsHash(t, out.id, out.key);
  t.deepEqual(row.scopes, ['hackathon:read', 'hackathon:write']);
  minted.hackathon = { key: out.key, id: out.id };
});

test.serial('--scopes picks the scopes of the tool', async (t) => {
  const r = await runPodium(db, ['key', 'create', '--email', 'owner@acme.test', '--tool', 'deck', '--scopes', 'presentations:read, data:export', '--json']);
  t.is(r.code, 0, r.stderr);
  const out = parseJson(r.stdout);
  t.deepEqual(out.scopes, ['presentations:read', 'data:export']);
  t.deepEqual((await storedRow(out.id)).scopes, ['presentations:read', 'data:export']);
});

test.serial('hackathon scopes on a deck key exit 2 with invalid_scopes and mint nothing', async (t) => {
  const before = await keyCount();
  const r = await runPodium(db, ['key', 'create', '--email', 'owner@acme.test', '--tool', 'deck', '--scopes', 'hackathon:read', '--json']);
  t.is(r.code, 2);
  t.is(r.stdout, '');
  const err = parseJson(r.stderr).error;
  t.is(err.code, 'invalid_scopes');
  t.regex(err.message, /got hackathon:read/);
  t.false(r.stderr.includes('dk_'));
  t.is(await keyCount(), before);
});

test.serial('--workspace pins the key to that workspace (by name)', async (t) => {
  const r = await runPodium(db, ['key', 'create', '--email', 'owner@acme.test', '--tool', 'deck', '--workspace', 'acme', '--json']);
  t.is(r.code, 0, r.stderr);
  const out = parseJson(r.stdout);
  t.is(out.workspaceId, acme.id);
  t.is((await storedRow(out.id)).workspace_id, acme.id);
  minted.pinned = { key: out.key, id: out.id };
});

test.serial('--workspace pins by id too, and only to a workspace of the account', async (t) => {
  const byId = await runPodium(db, ['key', 'create', '--email', 'owner@acme.test', '--tool', 'hackathon', '--workspace', acme.id, '--json']);
  t.is(byId.code, 0, byId.stderr);
  t.is(parseJson(byId.stdout).workspaceId, acme.id);
  const before = await keyCount();
  const notMine = await runPodium(db, ['key', 'create', '--email', 'owner@acme.test', '--tool', 'deck', '--workspace', 'Beta', '--json']);
  t.is(notMine.code, 2);
  t.is(parseJson(notMine.stderr).error.code, 'not_a_member');
  const unknown = await runPodium(db, ['key', 'create', '--email', 'owner@acme.test', '--tool', 'deck', '--workspace', 'Nowhere', '--json']);
  t.is(unknown.code, 2);
  t.is(parseJson(unknown.stderr).error.code, 'workspace_not_found');
  t.is(await keyCount(), before);
  t.truthy(beta.id);
});

test.serial('--workspace without a value exits 1 instead of minting an unpinned key', async (t) => {
  const before = await keyCount();
  for (const args of [
    ['--tool', 'deck', '--workspace'],
    ['--workspace', '--tool', 'deck'],
  ]) {
    const r = await runPodium(db, ['key', 'create', '--email', 'owner@acme.test', ...args]);
    t.is(r.code, 1, args.join(' '));
    t.is(r.stdout, '');
    t.regex(r.stderr, /--workspace needs a value/);
  }
  t.is(await keyCount(), before);
});

test.serial('--expires-in-days 7 sets expires_at seven days ahead', async (t) => {
  const r = await runPodium(db, ['key', 'create', '--email', 'owner@acme.test', '--tool', 'deck', '--expires-in-days', '7', '--json']);
  t.is(r.code, 0, r.stderr);
  const out = parseJson(r.stdout);
  const row = await storedRow(out.id);
  const expiresAt = new Date(row.expires_at).getTime();
  const ahead = expiresAt - Date.now();
  t.true(Math.abs(ahead - 7 * 86400_000) < 5 * 60_000, `expires in ${ahead} ms`);
  t.is(new Date(out.expiresAt).getTime(), expiresAt);
  const human = await runPodium(db, ['key', 'create', '--email', 'owner@acme.test', '--tool', 'deck', '--expires-in-days', '7']);
  t.is(human.code, 0, human.stderr);
  t.regex(human.stderr, /, expires \d{4}-\d\d-\d\dT/);
});

test.serial('--expires-in-days that is not a whole number in range exits 2', async (t) => {
  const before = await keyCount();
  const x = await runPodium(db, ['key', 'create', '--email', 'owner@acme.test', '--tool', 'deck', '--expires-in-days', 'x']);
  t.is(x.code, 2);
  t.regex(x.stderr, /--expires-in-days must be a whole number, got x/);
  const zero = await runPodium(db, ['key', 'create', '--email', 'owner@acme.test', '--tool', 'deck', '--expires-in-days', '0', '--json']);
  t.is(zero.code, 2);
  t.is(parseJson(zero.stderr).error.code, 'invalid_expiry');
  t.is(await keyCount(), before);
});

test.serial('an unknown email exits 2 and mints nothing', async (t) => {
  const before = await keyCount();
  const r = await runPodium(db, ['key', 'create', '--email', 'nobody@acme.test', '--tool', 'deck']);
  t.is(r.code, 2);
  t.is(r.stdout, '');
  t.regex(r.stderr, /no account with email nobody@acme\.test/);
  t.is(await keyCount(), before);
});

test.serial('--tool is required and must be deck or hackathon', async (t) => {
  const none = await runPodium(db, ['key', 'create', '--email', 'owner@acme.test']);
  t.is(none.code, 1);
  t.regex(none.stderr, /--tool is required/);
  const bad = await runPodium(db, ['key', 'create', '--email', 'owner@acme.test', '--tool', 'slides']);
  t.is(bad.code, 2);
  t.regex(bad.stderr, /--tool must be deck or hackathon, got slides/);
});

test.serial('every minted key is stored only as its sha256', async (t) => {
  const { rows } = await db.pool.query('select token_hash from app_private.api_keys');
  t.true(rows.length >= 6);
  for (const r of rows) t.is(r.token_hash.length, 32);
  for (const { key } of Object.values(minted)) {
    t.is((await db.pool.query('select 1 from app_private.api_keys where token_hash = $1', [createHash('sha256').update(key).digest()])).rowCount, 1);
  }
});

test.serial('the minted keys work against a real server on the same database', async (t) => {
  let s: TestServer | undefined;
  try {
    s = await startTestServer({ db });
    const deck = await http(s.url, 'GET', '/api/v1/me', { key: minted.deck.key });
    t.is(deck.status, 200, deck.text);
    t.is(deck.body.via, 'api_key');
    t.like(deck.body.user, { email: 'owner@acme.test', name: 'Olive' });
    t.like(deck.body.key, { id: minted.deck.id, tool: 'deck', workspaceId: null });
    t.deepEqual(deck.body.key.scopes, ['presentations:read', 'presentations:write']);
    t.like(deck.body.workspace, { id: acme.id, name: 'Acme', role: 'owner' });

    const hack = await http(s.url, 'GET', '/api/v1/me', { key: minted.hackathon.key });
    t.is(hack.status, 200, hack.text);
    t.is(hack.body.via, 'api_key');
    t.deepEqual(hack.body.key.scopes, ['hackathon:read', 'hackathon:write']);

    const pinned = await http(s.url, 'GET', '/api/v1/me', { key: minted.pinned.key });
    t.is(pinned.status, 200, pinned.text);
    t.is(pinned.body.key.workspaceId, acme.id);
    t.is(pinned.body.workspace.id, acme.id);

    // A key shaped like ours but never minted is refused: the server really checks the hash.
    const forged = await http(s.url, 'GET', '/api/v1/me', { key: 'dk_' + minted.deck.key.slice(3).split('').reverse().join('') });
    t.is(forged.status, 401);
  } finally {
    await s?.close();
  }
});
