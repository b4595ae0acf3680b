// One login-code spend: app_private.login_code_spend holds the expiry, the three
// attempts and the spending of an emailed code; login_code_complete (CLI key) and
// login_code_for_session (browser) both go through it.
import test from 'ava';
import { createHash } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import * as seed from '../../ops/harness/seed.ts';

let db: TestDatabase;
let ws: { id: string };

const hash = (s: string) => createHash('sha256').update(s).digest();

test.before(async () => {
  db = await createTestDatabase();
  ws = await seed.workspace(db.pool, 'Alpha');
});
test.after.always(() => db?.drop());

let n = 0;
/** A fresh account with an emailed code for `tool` (each test its own, so they run side by side). */
async function person(tool: string, code = '123456', twoFactor = false): Promise<{ email: string; userId: string }> {
  const email = `p${++n}@a.test`;
  const { userId } = await seed.member(db.pool, ws.id, email);
  if (twoFactor) await db.pool.query(`update app.users set two_factor_enabled = true where id = $1`, [userId]);
  await db.pool.query(`select app_private.login_code_request($1, $2, $3, 'sealed')`, [email, tool, hash(code)]);
  return { email, userId };
}
const spend = async (email: string, tool: string, code: string, renew = 'request') =>
  (await db.pool.query(`select app_private.login_code_spend($1, $2, $3, $4) as r`, [email, tool, hash(code), renew])).rows[0].r;
const codesOf = async (userId: string) => (await db.pool.query(`select count(*)::int as n from app_private.login_codes where user_id = $1`, [userId])).rows[0].n;

test('the right code answers the account and is spent: it never works twice', async (t) => {
  const p = await person('deck');
  t.deepEqual(await spend(p.email, 'deck', '123456'), { userId: p.userId });
  t.is(await codesOf(p.userId), 0);
  t.like(await spend(p.email, 'deck', '123456'), { error: 'invalid_code', message: 'The code is wrong or has expired; request a new one' });
});

const attemptsOf = async (userId: string) => (await db.pool.query(`select attempts from app_private.login_codes where user_id = $1`, [userId])).rows[0]?.attempts;

test('a wrong code counts: the third deletes the code; each answers like an address with no account (000266)', async (t) => {
  const p = await person('hackathon');
  const nobody = await spend('nobody@a.test', 'hackathon', '000000');
  t.deepEqual(nobody, { error: 'invalid_code', message: 'The code is wrong or has expired; request a new one' });
  t.deepEqual(await spend(p.email, 'hackathon', '000000'), nobody);
  t.is(await attemptsOf(p.userId), 1);
  t.deepEqual(await spend(p.email, 'hackathon', '000000'), nobody);
  t.is(await attemptsOf(p.userId), 2);
  t.deepEqual(await spend(p.email, 'hackathon', '000000'), nobody);
  t.is(await codesOf(p.userId), 0);
  t.like(await spend(p.email, 'hackathon', '123456'), { error: 'invalid_code' }, 'the right code after the last attempt is refused');
});

test('an expired code is refused and deleted, even when right', async (t) => {
  const p = await person('deck');
  await db.pool.query(`update app_private.login_codes set expires_at = app.now() where user_id = $1`, [p.userId]);
  t.deepEqual(await spend(p.email, 'deck', '123456'), { error: 'invalid_code', message: 'The code is wrong or has expired; request a new one' });
  t.is(await codesOf(p.userId), 0);
});

test('a code is spent only by its tool, and an unknown address gets the same answer as a wrong code', async (t) => {
  const p = await person('deck');
  t.like(await spend(p.email, 'hackathon', '123456'), { error: 'invalid_code' });
  t.is(await codesOf(p.userId), 1, 'another tool\'s attempt leaves the code alone');
  t.deepEqual(await spend('nobody@a.test', 'deck', '123456'), { error: 'invalid_code', message: 'The code is wrong or has expired; request a new one' });
  t.deepEqual(await spend(p.email.toUpperCase(), 'deck', '123456'), { userId: p.userId }, 'the address is normalised');
});

test('login_code_complete spends through it and makes the key; two-factor accounts are sent to the browser', async (t) => {
  const complete = async (email: string, code: string) => (await db.pool.query(
    `select app_private.login_code_complete($1, 'deck', $2, $3, 'laptop', null) as r`, [email, hash(code), hash(`key-${email}`)])).rows[0].r;
  const p = await person('deck');
  t.deepEqual(await complete(p.email, '000000'), { error: 'invalid_code', message: 'The code is wrong or has expired; request a new one' });
  const done = await complete(p.email, '123456');
  t.is(done.user.id, p.userId);
  t.truthy(done.key.id);
  t.like(await complete(p.email, '123456'), { error: 'invalid_code', message: 'The code is wrong or has expired; request a new one' });
  const tf = await person('deck', '654321', true);
  t.is((await complete(tf.email, '654321')).error, 'two_factor_required');
  t.is(await codesOf(tf.userId), 0, 'the code is spent before the two-factor answer');
});

test('login_code_for_session spends the browser code through it, in the page\'s wording', async (t) => {
  const forSession = async (email: string, code: string) =>
    (await db.pool.query(`select app_private.login_code_for_session($1, $2) as r`, [email, hash(code)])).rows[0].r;
  const p = await person('browser', '111111', true);
  t.deepEqual(await forSession(p.email, '000000'), { error: 'invalid_code', message: 'The code is wrong or has expired; ask for a new one' });
  t.deepEqual(await forSession('nobody@a.test', '000000'), { error: 'invalid_code', message: 'The code is wrong or has expired; ask for a new one' });
  t.deepEqual(await forSession(p.email, '111111'), { userId: p.userId, twoFactor: true });
  t.deepEqual(await forSession(p.email, '111111'), { error: 'invalid_code', message: 'The code is wrong or has expired; ask for a new one' });
});

test('the spend logic is written once: neither sign-in path touches the codes table itself', async (t) => {
  const { rows } = await db.pool.query(`select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'app_private' and p.prosrc like '%login_codes%' and p.prosrc like '%attempts%' order by 1`);
  t.deepEqual(rows.map((r) => r.proname), ['login_code_request', 'login_code_spend']);
});

test('one policy for the instance and the hub: lifetime, attempts and the sentences of a miss are written once (000241)', async (t) => {
  const { rows } = await db.pool.query(`select n.nspname || '.' || p.proname as f, p.prosrc from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('app_private', 'hub_private') order by 1`);
  const saying = (re: RegExp) => rows.filter((r) => re.test(r.prosrc)).map((r) => r.f);
  t.deepEqual(saying(/attempt\(s\) left|last attempt/), ['app_private.login_code_miss']);
  t.deepEqual(saying(/wrong or has expired/), ['app_private.login_code_expired']);
  t.deepEqual(saying(/login_codes[\s\S]*interval|interval[\s\S]*login_codes/), [], 'no code lifetime written beside a codes table');
  const miss = async (before: number | null) => (await db.pool.query(`select app_private.login_code_miss($1, 'Wrong code', 'request') as r`, [before])).rows[0].r;
  t.deepEqual(await miss(0), { error: 'invalid_code', message: 'Wrong code; 2 attempt(s) left', attemptsLeft: 2 });
  t.deepEqual(await miss(2), { error: 'invalid_code', message: 'Wrong code, and that was the last attempt; request a new code', attemptsLeft: 0 });
  t.deepEqual(await miss(7), { error: 'invalid_code', message: 'Wrong code, and that was the last attempt; request a new code', attemptsLeft: 0 }, 'never negative');
});

test('login_code_complete_tools spends a code for both tools once and makes one key per tool, each its own tool\'s (000285)', async (t) => {
  const completeTools = async (email: string, tools: string[], code: string, names = tools.map((x) => `${x} key`)) => (await db.pool.query(
    `select app_private.login_code_complete_tools($1, $2, $3, $4, $5, null) as r`, [email, tools, hash(code), tools.map((x) => hash(`key-${email}-${x}`)), names])).rows[0].r;
  const p = await person('deck+hackathon');
  t.like(await completeTools(p.email, ['deck'], '123456'), { error: 'invalid_code' }, 'the deck code is another code');
  const done = await completeTools(p.email, ['hackathon', 'deck'], '123456');
  t.deepEqual(done.keys.map((k: { tool: string; scopes: string[]; name: string }) => [k.tool, k.scopes, k.name]), [
    ['hackathon', ['hackathon:read', 'hackathon:write'], 'hackathon key'],
    ['deck', ['presentations:read', 'presentations:write'], 'deck key'],
  ]);
  t.is(done.user.id, p.userId);
  t.like(await completeTools(p.email, ['deck', 'hackathon'], '123456'), { error: 'invalid_code' }, 'spent once');
  for (const [tools, names] of [[[], []], [['deck', 'deck'], ['a', 'b']], [['deck', 'browser'], ['a', 'b']], [['deck', 'hackathon'], ['a']]] as const) {
    await t.throwsAsync(completeTools(p.email, [...tools], '123456', [...names]), { message: /Tools must be deck and\/or hackathon/ }, JSON.stringify([tools, names]));
  }
});

test('erasing an account drops a code mail for both tools not sent yet (000285)', async (t) => {
  const p = await person('deck+hackathon');
  const jobs = async () => (await db.pool.query(`select count(*)::int as n from graphile_worker._private_jobs where key = $1`, [`login_code:${p.userId}:deck+hackathon`])).rows[0].n;
  t.is(await jobs(), 1);
  await db.pool.query(`select app_private.erase_account($1, '\\x01')`, [p.email]);
  t.is(await jobs(), 0);
  t.is(await codesOf(p.userId), 0);
});
