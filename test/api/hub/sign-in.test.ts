// The hub's own sign-in: emailed codes through a real SMTP listener and the hub's
// worker, optional two-factor, hub logins stored only as hashes, revocation, and what an
// account reads about itself (row-level security: its own organizations only).
import test from 'ava';
import { seal, sha256 } from '../../../core/crypto.ts';
import { totpAt } from '../../../core/totp.ts';
import { startTestHub, type TestHub } from '../../helpers/hub.ts';
import { http } from '../../helpers/http.ts';
import { TEST_AUTH_SECRET } from '../../helpers/server.ts';
import { codeIn } from '../../../ops/harness/smtp.ts';

const TOTP = 'JBSWY3DPEHPK3PXP';
let hub: TestHub;
let cloudUrl: string;
test.before(async () => {
  hub = await startTestHub();
  cloudUrl = 'https://a.cloud.test';
  await hub.pool.query('select hub_private.register_instance($1, $2, $3)', [cloudUrl, 'Cloud A', sha256('x'.repeat(40))]);
  const acme = await hub.organization('Acme', cloudUrl, ['deck', 'hackathon']);
  const globex = await hub.organization('Globex', cloudUrl, ['deck']);
  await hub.member(acme.id, 'ann@acme.test', 'owner', 'Ann');
  await hub.member(globex.id, 'gus@globex.test', 'member');
  await hub.member(acme.id, 'two@acme.test', 'member');
  await hub.pool.query('select hub_private.set_account_two_factor($1, $2)', ['two@acme.test', seal(TEST_AUTH_SECRET, TOTP)]);
});
test.after.always(() => hub?.close());

async function code(email: string): Promise<string> {
  const before = hub.smtp.mails.length;
  const r = await http(hub.url, 'POST', '/hub/v1/auth/request', { body: { email } });
  if (r.status !== 200) throw new Error(r.text);
  const mails = await hub.smtp.waitFor(before + 1);
  const mail = mails[mails.length - 1];
  if (!mail.to.includes(email.toLowerCase())) throw new Error(`mail went to ${mail.to}`);
  return codeIn(mail);
}

const hubNow = async () => (await hub.pool.query('select extract(epoch from app.now())::float8 as n')).rows[0].n as number;

test.serial('a code for an existing account: one login, stored as sha256 only, that reads the account', async (t) => {
  const c = await code('ANN@acme.test');
  const r = await http(hub.url, 'POST', '/hub/v1/auth/complete', { body: { email: 'ann@acme.test', code: c } });
  t.is(r.status, 201, r.text);
  t.regex(r.body.login, /^hl_[A-Za-z0-9_-]{43}$/);
  t.like(r.body.account, { email: 'ann@acme.test', name: 'Ann' });
  const stored = await hub.pool.query('select token_hash from hub_private.logins');
  t.is(stored.rowCount, 1);
  t.deepEqual(stored.rows[0].token_hash, sha256(r.body.login));
  t.is((await hub.pool.query('select count(*)::int as n from hub_private.login_codes')).rows[0].n, 0, 'the code is spent');
  const again = await http(hub.url, 'POST', '/hub/v1/auth/complete', { body: { email: 'ann@acme.test', code: c } });
  t.is(again.status, 400);
  t.is(again.body.error.code, 'invalid_code');
  const me = await http(hub.url, 'GET', '/hub/v1/login', { key: r.body.login });
  t.is(me.status, 200);
  t.is(me.body.email, 'ann@acme.test');
  t.deepEqual(me.body.organizations.map((o: { name: string }) => o.name), ['Acme']);
  t.like(me.body.organizations[0], { role: 'owner', tools: ['deck', 'hackathon'], instance: { url: cloudUrl, name: 'Cloud A' } });
  t.false(JSON.stringify(hub.calls()).includes(r.body.login), 'the login is never logged');
});

test.serial('an unknown address gets the same answer and no mail; a wrong code counts three attempts', async (t) => {
  const before = hub.smtp.mails.length;
  const r = await http(hub.url, 'POST', '/hub/v1/auth/request', { body: { email: 'nobody@acme.test' } });
  t.is(r.status, 200);
  t.regex(r.body.message, /If a hub account uses this address/);
  const c = await code('ann@acme.test');
  t.is(hub.smtp.mails.length, before + 1, 'only the known address got a mail');
  const wrong = c === '000000' ? '111111' : '000000';
  for (let i = 0; i < 3; i++) {
    // A wrong code for a real account answers byte for byte what an unknown address gets.
    const real = await http(hub.url, 'POST', '/hub/v1/auth/complete', { body: { email: 'ann@acme.test', code: wrong } });
    const unknown = await http(hub.url, 'POST', '/hub/v1/auth/complete', { body: { email: 'nobody@acme.test', code: wrong } });
    t.like(real.body.error, { code: 'invalid_code' });
    t.is(real.body.error.attemptsLeft, undefined);
    t.is(unknown.status, real.status);
    t.is(unknown.text, real.text, `attempt ${i + 1}`);
  }
  const late = await http(hub.url, 'POST', '/hub/v1/auth/complete', { body: { email: 'ann@acme.test', code: c } });
  t.is(late.body.error.code, 'invalid_code', 'the right code is spent after three wrong ones');
});

test.serial('two-factor accounts: the emailed code is kept until the TOTP code comes with it; a TOTP code works once', async (t) => {
  const c = await code('two@acme.test');
  const first = await http(hub.url, 'POST', '/hub/v1/auth/complete', { body: { email: 'two@acme.test', code: c } });
  t.is(first.status, 403);
  t.is(first.body.error.code, 'two_factor_required');
  const wrongTotp = await http(hub.url, 'POST', '/hub/v1/auth/complete', { body: { email: 'two@acme.test', code: c, twoFactorCode: totpAt(TOTP, (await hubNow()) + 3600) } });
  t.is(wrongTotp.status, 401);
  t.like(wrongTotp.body.error, { code: 'invalid_credentials', attemptsLeft: 2 });
  const totp = totpAt(TOTP, await hubNow());
  const ok = await http(hub.url, 'POST', '/hub/v1/auth/complete', { body: { email: 'two@acme.test', code: c, twoFactorCode: totp } });
  t.is(ok.status, 201, ok.text);
  t.regex(ok.body.login, /^hl_/);
  const c2 = await code('two@acme.test');
  const replay = await http(hub.url, 'POST', '/hub/v1/auth/complete', { body: { email: 'two@acme.test', code: c2, twoFactorCode: totp } });
  t.is(replay.status, 401);
  t.regex(replay.body.error.message, /already used/);
});

test.serial('two accounts of two organizations each read only their own (RLS); a revoked login is refused', async (t) => {
  const ann = await hub.signIn('ann@acme.test');
  const gus = await hub.signIn('gus@globex.test');
  const a = await http(hub.url, 'GET', '/hub/v1/login', { key: ann });
  const g = await http(hub.url, 'GET', '/hub/v1/login', { key: gus });
  t.deepEqual(a.body.organizations.map((o: { name: string }) => o.name), ['Acme']);
  t.deepEqual(g.body.organizations.map((o: { name: string }) => o.name), ['Globex']);
  // As podium_hub with Gus's id, the tables answer Globex's rows only.
  const client = await hub.pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('role', 'podium_hub', true), set_config('hub.account_id', $1, true)`, [g.body.id]);
    t.deepEqual((await client.query('select name from hub.organizations order by name')).rows.map((r) => r.name), ['Globex']);
    t.deepEqual((await client.query('select email from hub.accounts')).rows.map((r) => r.email), ['gus@globex.test']);
    t.is((await client.query(`select count(*)::int as n from hub.memberships m join hub.organizations o on o.id = m.organization_id where o.name = 'Acme'`)).rows[0].n, 0);
    await client.query(`select set_config('hub.account_id', '', true)`);
    t.is((await client.query('select count(*)::int as n from hub.organizations')).rows[0].n, 0, 'no account, no rows');
    await t.throwsAsync(client.query('select * from hub_private.logins'), { message: /permission denied/ });
  } finally {
    await client.query('rollback');
    client.release();
  }
  // Gus cannot make Acme his default organization.
  const acmeId = a.body.organizations[0].id;
  const d = await http(hub.url, 'PUT', '/hub/v1/account/default-organization', { key: gus, body: { organizationId: acmeId } });
  t.is(d.status, 404);
  t.is(d.body.error.code, 'workspace_not_found');
  const out = await http(hub.url, 'DELETE', '/hub/v1/login', { key: gus });
  t.is(out.status, 200);
  const after = await http(hub.url, 'GET', '/hub/v1/login', { key: gus });
  t.is(after.status, 401);
  t.is(after.body.error.code, 'unauthorized');
  t.is((await http(hub.url, 'GET', '/hub/v1/login', { key: 'hl_' + 'x'.repeat(43) })).status, 401);
  t.is((await http(hub.url, 'GET', '/hub/v1/login')).status, 401);
});

test.serial('the account page and the published keys are public; instance routes are not on the hub', async (t) => {
  const page = await http(hub.url, 'GET', '/account');
  t.is(page.status, 200);
  t.regex(page.text, /hackathon workspace default/);
  t.false(page.text.includes('curl'), 'no curl: the CLI sets it');
  const keys = await http(hub.url, 'GET', '/hub/v1/keys');
  t.is(keys.status, 200);
  t.is(keys.body.keys.length, 1);
  t.like(keys.body.keys[0], { kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
  t.false('d' in keys.body.keys[0], 'no private part');
  t.is((await http(hub.url, 'GET', '/api/v1/instance')).status, 404);
  t.is((await http(hub.url, 'GET', '/api/v1/me')).status, 404);
});
