// The mail outbox: the default mail driver when EMAIL_DRIVER is unset.
// Every mail the product sends (sign-in codes, invitations) is stored and read by the
// operator with `podium mail list|show` and on /operator/mail (owners of the first
// workspace only); the sign-in answers say where the code went, identically for known and
// unknown addresses; an owner made by `podium setup` without a password signs in by code
// read from the outbox. With EMAIL_DRIVER=smtp nothing is stored.
import test from 'ava';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { main as podiumMain } from '../../cli/podium/main.ts';
import { runInProcess } from '../cli/in-process.ts';
import { parseJson, podium } from '../cli/podium/run.ts';
import { cookieFrom, http, type Res } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, TEST_AUTH_SECRET, type TestServer } from '../helpers/server.ts';
import { codeIn, startSmtp } from '../../ops/harness/smtp.ts';
import { until } from '../../ops/harness/until.ts';
import { drain, runJobs } from '../helpers/worker.ts';
import { makeHome, start as startHackathon } from '../cli/hackathon/run.ts';
import { deckcli, makeHome as deckHome } from '../cli/deckcli/run.ts';

let s: TestServer;
let env: NodeJS.ProcessEnv;
test.before(async () => {
  s = await startTestServer(); // no EMAIL_DRIVER: the outbox
  env = { DATABASE_URL: s.db.url, AUTH_SECRET: TEST_AUTH_SECRET, DATA_DIR: s.config.dataDir, PUBLIC_URL: s.url, LOG_LEVEL: 'silent', PATH: process.env.PATH };
});
test.after.always(() => s?.close());

const op = (...args: string[]) => runInProcess('podium', podiumMain, args, env);
const form = (path: string, fields: Record<string, string>, cookie?: string): Promise<Res> =>
  http(s.url, 'POST', path, { raw: new URLSearchParams(fields).toString(), cookie, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.url } });
const codeOf = (text: string) => /^\s{4}(\d{6})\s*$/m.exec(text)?.[1];
const outboxCount = async () => (await s.db.pool.query('select count(*)::int as n from app_private.mail_outbox')).rows[0].n as number;

/** The newest outbox mail to `to`, read with `podium mail list --json` and `podium mail show --json`. */
async function newestMailTo(to: string): Promise<{ id: string; to: string; subject: string; text: string }> {
  const list = await op('mail', 'list', '--json');
  if (list.code !== 0) throw new Error(list.stderr);
  const item = (JSON.parse(list.stdout).items as { id: string; to: string }[]).find((m) => m.to === to);
  if (!item) throw new Error(`no mail to ${to} in the outbox`);
  const shown = await op('mail', 'show', item.id, '--json');
  if (shown.code !== 0) throw new Error(shown.stderr);
  return JSON.parse(shown.stdout);
}

let ownerCookie = '';
test.serial('setup without a password (no terminal) says how the owner signs in; the owner signs in by a code read from the outbox', async (t) => {
  t.is(s.config.emailDriver, 'outbox');
  const r = await op('setup', '--workspace', 'Acme', '--email', 'olive@acme.test');
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /^Created workspace Acme \(.+\) with owner olive@acme\.test\nolive@acme\.test is this instance's operator: reads the mail outbox on the web \(\/operator\/mail\), other workspaces' sign-in codes included\. podium operator add\|remove\|list manages who holds it\.\n$/);
  t.is(r.stderr, `olive@acme.test has no password: sign in at ${s.url}/signin/code with an emailed code (it waits in the outbox: npx podium mail list). (setup takes a password on a terminal, or with --password-stdin.)\n`);
  t.is((await s.db.pool.query(`select s.password_hash from app_private.user_secrets s join app.users u on u.id = s.user_id where u.email = 'olive@acme.test'`)).rows[0]?.password_hash ?? null, null);

  // The sign-in page offers the code and says where it goes.
  t.regex((await http(s.url, 'GET', '/signin')).text, /href="\/signin\/code/);
  const asked = await form('/signin/code', { email: 'olive@acme.test', next: '/decks' });
  t.is(asked.status, 200);
  t.true(asked.text.includes('keeps its mail in an outbox instead of sending it: the operator reads it with `npx podium mail list`'), asked.text);
  const unknown = await form('/signin/code', { email: 'nobody@acme.test', next: '/decks' });
  const same = (html: string, email: string) => html.replaceAll(email, 'X').replace(/nonce[-=]"?[A-Za-z0-9+/=]+/g, 'nonce');
  t.is(same(unknown.text, 'nobody@acme.test'), same(asked.text, 'olive@acme.test'), 'the same page for an unknown address');
  await drain(s);
  const mail = await newestMailTo('olive@acme.test');
  t.is(mail.subject, 'Your Podium sign-in code', 'the subject carries no code: lists show subjects');
  const code = codeOf(mail.text);
  t.truthy(code, mail.text);
  t.false((await op('mail', 'list', '--json')).stdout.includes('nobody@acme.test'), 'no mail for an unknown address');

  const done = await form('/signin/code/verify', { email: 'olive@acme.test', code: code!, next: '/decks' });
  t.is(done.status, 303, done.text);
  ownerCookie = cookieFrom(done);
  const me = await http(s.url, 'GET', '/api/v1/me', { cookie: ownerCookie });
  t.is(me.status, 200);
  t.is(me.body.user.email, 'olive@acme.test');
});

test.serial('the CLI sign-in answer says the code is in the outbox, the same for known and unknown addresses; podium mail list and show print it', async (t) => {
  const ws = (await s.db.pool.query(`select id from app.workspaces where name = 'Acme'`)).rows[0].id;
  await seed.member(s.db.pool, ws, 'mia@acme.test', 'member');
  const known = await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: { email: 'mia@acme.test', tool: 'hackathon' } });
  const unknown = await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: { email: 'ghost@acme.test', tool: 'hackathon' } });
  t.is(known.status, 200);
  t.deepEqual(known.body, unknown.body);
  t.is(known.body.delivery, 'outbox');
  t.is(known.body.hint, `This instance keeps its mail in an outbox instead of sending it: the operator reads it with \`npx podium mail list\` or at ${s.url}/operator/mail.`);
  t.true(known.body.message.endsWith(known.body.hint));
  await drain(s);

  const list = await op('mail', 'list');
  t.is(list.code, 0, list.stderr);
  const lines = list.stdout.trim().split('\n');
  t.regex(lines[0]!, /^ID\s+SENT \(UTC\)\s+TO\s+SUBJECT$/);
  t.regex(lines[1]!, /^\d+\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+mia@acme\.test\s+\S/, 'newest first');
  t.false(list.stdout.includes('ghost@acme.test'));
  const id = lines[1]!.split(/\s+/)[0]!;
  const show = await op('mail', 'show', id);
  t.is(show.code, 0, show.stderr);
  t.regex(show.stdout, new RegExp(`^Mail ${id}\\nTo:      mia@acme\\.test\\nSubject: .+\\nSent:    \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\n\\n`));
  const code = codeOf(show.stdout);
  t.truthy(code);
  const key = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'mia@acme.test', code, tool: 'hackathon' } });
  t.is(key.status, 201, key.text);

  // The real bin prints the same list.
  const bin = await podium(s.db, ['mail', 'list', '--json'], { env: { PUBLIC_URL: s.url } });
  t.is(bin.code, 0, bin.stderr);
  t.is(parseJson(bin.stdout).items[0].id, id);
});

test.serial('hackathon login and deckcli auth login-request say the code waits in the outbox; one code from it signs in both clients (issue 40)', async (t) => {
  const { env: home, config } = makeHome();
  const seen = (await s.db.pool.query(`select count(*)::int as n from app_private.mail_outbox where to_address = 'mia@acme.test'`)).rows[0].n as number;
  const p = startHackathon(['login', '--api-url', s.url, '--email', 'mia@acme.test'], home);
  await until('the code in the outbox', async () => {
    await runJobs(s);
    return (await s.db.pool.query(`select count(*)::int as n from app_private.mail_outbox where to_address = 'mia@acme.test'`)).rows[0].n > seen;
  }, 60_000, 100);
  p.write(codeOf((await newestMailTo('mia@acme.test')).text)! + '\n');
  const r = await p.done;
  t.is(r.code, 0, r.stderr);
  t.true(r.stderr.includes(`If mia@acme.test has an account on ${s.url}, a sign-in code is on its way (one code for hackathon and deckcli).\nThis instance keeps its mail in an outbox instead of sending it: the operator reads it with \`npx podium mail list\` or at ${s.url}/operator/mail.\n`), r.stderr);
  // One mail relayed by hand, and deckcli is signed in too: its key works, with the deck scopes.
  t.is((await s.db.pool.query(`select count(*)::int as n from app_private.mail_outbox where to_address = 'mia@acme.test'`)).rows[0].n, seen + 1);
  t.regex(r.stdout, /^deckcli is signed in to .* too/m);
  const deckKey = JSON.parse(readFileSync(path.join(config, 'podium', 'tools', 'deckcli.json'), 'utf8')).profiles[new URL(s.url).host].apiKey;
  t.deepEqual((await http(s.url, 'GET', '/api/v1/me', { key: deckKey })).body.key.scopes, ['presentations:read', 'presentations:write']);

  const d = await deckcli(['auth', 'login-request', '--email', 'mia@acme.test', '--api-url', s.url], deckHome().env);
  t.is(d.code, 0, d.stderr);
  t.regex(d.stdout, /a sign-in code is on its way\. It works for 10 minutes and 3 attempts\. This instance keeps its mail in an outbox instead of sending it: the operator reads it with `npx podium mail list`/);
});

test.serial('podium mail refusals: a missing, malformed or unknown id, a bad --limit', async (t) => {
  const none = await op('mail', 'show');
  t.is(none.code, 1);
  t.regex(none.stderr, /name the mail: podium mail show <id>/);
  const bad = await op('mail', 'show', 'abc');
  t.is(bad.code, 2);
  t.regex(bad.stderr, /the mail id is a number from podium mail list, got abc/);
  const unknown = await op('mail', 'show', '999999', '--json');
  t.is(unknown.code, 2);
  t.like(JSON.parse(unknown.stderr).error, { code: 'not_found' });
  t.regex(JSON.parse(unknown.stderr).error.message, /no mail 999999 in the outbox/);
  const limit = await op('mail', 'list', '--limit', '0');
  t.is(limit.code, 2);
  t.regex(limit.stderr, /--limit must be a whole number from 1 to 1000, got 0/);
});

test.serial('invitations land in the outbox with their link', async (t) => {
  const ownerKey = (await seed.key(s.db.pool, 'olive@acme.test', 'deck')).key;
  const r = await http(s.url, 'POST', '/api/v1/invitations', { key: ownerKey, body: { email: 'new.person@example.test', role: 'member' } });
  t.is(r.status, 201, r.text);
  await drain(s);
  const mail = await newestMailTo('new.person@example.test');
  t.regex(mail.subject, /invited you to Acme/);
  t.regex(mail.text, new RegExp(`${s.url.replace(/[.]/g, '\\.')}/invitations/[A-Za-z0-9_-]+`));
});

test.serial('podium mail list --to keeps the mails to one address, whatever its case', async (t) => {
  const all = JSON.parse((await op('mail', 'list', '--json')).stdout).items as { to: string }[];
  t.true(all.some((m) => m.to !== 'new.person@example.test'), 'the outbox holds mail to others too');
  const r = await op('mail', 'list', '--to', 'NEW.Person@example.test', '--json');
  t.is(r.code, 0, r.stderr);
  const items = JSON.parse(r.stdout).items as { to: string }[];
  t.true(items.length >= 1);
  t.true(items.every((m) => m.to === 'new.person@example.test'));
  t.regex((await op('mail', 'list', '--to', 'nobody@example.test')).stdout, /No mail to nobody@example\.test in the outbox\./);
});

test.serial('the outbox page: instance operators only (setup made the first owner one), never a workspace role', async (t) => {
  // Signed out: to the sign-in page.
  const anon = await http(s.url, 'GET', '/operator/mail');
  t.is(anon.status, 303);
  t.regex(anon.headers.get('location')!, /^\/signin\?next=%2Foperator%2Fmail/);
  // An owner of the first workspace reads the list and each mail.
  const list = await http(s.url, 'GET', '/operator/mail', { cookie: ownerCookie });
  t.is(list.status, 200);
  t.regex(list.text, /new\.person@example\.test/);
  const id = /href="\/operator\/mail\/(\d+)"/.exec(list.text)![1];
  const one = await http(s.url, 'GET', `/operator/mail/${id}`, { cookie: ownerCookie });
  t.is(one.status, 200);
  t.regex(one.text, /<pre class="mail">/);
  t.is((await http(s.url, 'GET', '/operator/mail/0', { cookie: ownerCookie })).status, 404);
  t.is((await http(s.url, 'GET', '/operator/mail/99999999', { cookie: ownerCookie })).status, 404);
  t.is((await http(s.url, 'GET', '/operator/mail/1%27', { cookie: ownerCookie })).status, 404);

  // A member of the first workspace, a second owner of it, and the owner of another
  // workspace: 403 on every /operator route, no mail shown.
  const ws = (await s.db.pool.query(`select id from app.workspaces where name = 'Acme'`)).rows[0].id;
  const admin = await seed.member(s.db.pool, ws, 'admin@acme.test', 'admin');
  await seed.password(s.db.pool, admin.userId, 'correct horse battery');
  const owner2 = await seed.member(s.db.pool, ws, 'owen@acme.test', 'owner');
  await seed.password(s.db.pool, owner2.userId, 'correct horse battery');
  const other = await seed.workspace(s.db.pool, 'Beta');
  const boss = await seed.member(s.db.pool, other.id, 'boss@beta.test', 'owner');
  await seed.password(s.db.pool, boss.userId, 'correct horse battery');
  for (const email of ['admin@acme.test', 'owen@acme.test', 'boss@beta.test']) {
    const cookie = cookieFrom(await http(s.url, 'POST', '/api/v1/auth/session', { body: { email, password: 'correct horse battery' } }));
    for (const path of ['/operator/mail', `/operator/mail/${id}`]) {
      const r = await http(s.url, 'GET', path, { cookie });
      t.is(r.status, 403, `${email} ${path}`);
      t.regex(r.text, /Only the instance’s operator reads the mail outbox/);
      t.false(r.text.includes('@example.test'), 'no recipient shown');
    }
  }
  // An API key is not a page session.
  const key = (await seed.key(s.db.pool, 'olive@acme.test', 'deck')).key;
  t.is((await http(s.url, 'GET', '/operator/mail', { key })).status, 303);
});

test.serial('podium operator add|remove|list gives and takes the power on purpose; every read of a mail is recorded and listed by podium mail audit; a shared instance is warned', async (t) => {
  const listed = await op('operator', 'list', '--json');
  t.is(listed.code, 0, listed.stderr);
  t.like(JSON.parse(listed.stdout).items, [{ email: 'olive@acme.test', addedBy: 'setup' }]);

  // Two workspaces on the outbox: the page says plainly what the operator can read.
  const ownerPage = await http(s.url, 'GET', '/operator/mail', { cookie: ownerCookie });
  t.regex(ownerPage.text, /This instance holds \d+ workspaces and keeps its mail in the outbox: every instance operator \(podium operator list\) can read every tenant&#x27;s sign-in codes/);

  // Reads: on the web (the operator's session) and with podium mail show; the list page reads no text and is not recorded.
  const id = /href="\/operator\/mail\/(\d+)"/.exec(ownerPage.text)![1]!;
  t.is((await http(s.url, 'GET', `/operator/mail/${id}`, { cookie: ownerCookie })).status, 200);
  t.is((await op('mail', 'show', id)).code, 0);
  const audit = await op('mail', 'audit', '--json');
  t.is(audit.code, 0, audit.stderr);
  const reads = JSON.parse(audit.stdout).items as { mailId: string; reader: string; via: string; readAt: string }[];
  t.like(reads[0], { mailId: id, via: 'cli' });
  t.regex(reads[0]!.reader, /^podium CLI \(.+@.+\)$/);
  t.like(reads[1], { mailId: id, via: 'web', reader: 'olive@acme.test' });
  const human = await op('mail', 'audit');
  t.regex(human.stdout, /^READ \(UTC\)\s+MAIL\s+TO\s+VIA\s+READER\n/);
  t.regex(human.stdout, new RegExp(`\\s${id}\\s+\\S+\\s+web\\s+olive@acme\\.test\\n`));

  // A second owner of the first workspace reads nothing until given the power, and loses it again.
  const owen = cookieFrom(await http(s.url, 'POST', '/api/v1/auth/session', { body: { email: 'owen@acme.test', password: 'correct horse battery' } }));
  t.is((await http(s.url, 'GET', `/operator/mail/${id}`, { cookie: owen })).status, 403);
  const add = await op('operator', 'add', 'OWEN@acme.test');
  t.is(add.code, 0, add.stderr);
  t.is(add.stdout, "owen@acme.test is now an instance operator: reads the mail outbox at /operator/mail, every workspace's sign-in codes included.\n");
  t.is((await op('operator', 'add', 'owen@acme.test')).stdout, 'owen@acme.test already is an instance operator.\n');
  t.is((await http(s.url, 'GET', `/operator/mail/${id}`, { cookie: owen })).status, 200);
  const table = await op('operator', 'list');
  t.regex(table.stdout, /^EMAIL\s+SINCE \(UTC\)\s+GIVEN BY\nolive@acme\.test\s+\S+ \S+\s+setup\nowen@acme\.test\s+\S+ \S+\s+podium CLI \(.+\)\n$/);
  const removed = await op('operator', 'remove', 'owen@acme.test');
  t.is(removed.stdout, 'owen@acme.test is no longer an instance operator.\n');
  t.is((await op('operator', 'remove', 'owen@acme.test')).stdout, 'owen@acme.test was not an instance operator: nothing changed.\n');
  t.is((await http(s.url, 'GET', `/operator/mail/${id}`, { cookie: owen })).status, 403);

  // Refusals: no address, not an address, no such account.
  t.is((await op('operator', 'add')).code, 1);
  const bad = await op('operator', 'add', 'not-an-address');
  t.is(bad.code, 2);
  t.regex(bad.stderr, /not an email address: not-an-address/);
  const nobody = await op('operator', 'add', 'nobody@nowhere.test', '--json');
  t.is(nobody.code, 2);
  t.like(JSON.parse(nobody.stderr).error, { code: 'account_not_found' });
  t.regex(JSON.parse(nobody.stderr).error.message, /No account nobody@nowhere\.test on this instance/);
});

test('the outbox is private: podium_app reads no body and stores nothing; row security shows the list to an operator\'s session only; GraphQL has no field for it', async (t) => {
  const { rows } = await s.db.pool.query(`select has_table_privilege('podium_app', 'app_private.mail_outbox', 'select') as sel,
      has_column_privilege('podium_app', 'app_private.mail_outbox', 'subject', 'select') as subject,
      has_column_privilege('podium_app', 'app_private.mail_outbox', 'body', 'select') as body,
      has_function_privilege('podium_app', 'app_private.mail_outbox_store(text, text, text)', 'execute') as store,
      has_function_privilege('podium_app', 'app_private.mail_read(bigint, uuid, text, text)', 'execute') as show,
      has_function_privilege('podium_app', 'app_private.operator_add(text, text)', 'execute') as add,
      has_table_privilege('podium_app', 'app_private.instance_operators', 'select') as operators,
      has_table_privilege('podium_app', 'app_private.mail_reads', 'select') as reads`);
  t.deepEqual(rows[0], { sel: false, subject: true, body: false, store: false, show: false, add: false, operators: false, reads: false });
  // As podium_app with a workspace owner's live session who is no operator: no row; the mail's text: refused.
  const ws = (await s.db.pool.query(`select id from app.workspaces where name = 'Acme'`)).rows[0].id;
  const owen = (await seed.member(s.db.pool, ws, 'owen2@acme.test', 'owner')).userId;
  const session = (await s.db.pool.query(`insert into app_private.sessions (token_hash, user_id, expires_at) values (decode(md5(random()::text), 'hex'), $1, now() + interval '1 hour') returning id`, [owen])).rows[0].id;
  const c = await s.db.pool.connect();
  try {
    await c.query('begin');
    await c.query(`select set_config('role', 'podium_app', true), set_config('app.user_id', $1, true), set_config('app.session_id', $2, true), set_config('app.workspace_id', $3, true), set_config('app.workspace_role', 'owner', true)`, [owen, session, ws]);
    t.is((await c.query('select count(*)::int as n from app_private.mail_outbox')).rows[0].n, 0);
    await c.query('savepoint probe');
    await t.throwsAsync(c.query('select body from app_private.mail_outbox'), { message: /permission denied/ });
    await c.query('rollback to savepoint probe');
    await t.throwsAsync(c.query(`select app_private.operator_mail_open((select max(id) from app_private.mail_outbox))`), { message: /Only an instance operator reads the mail outbox/ });
  } finally {
    await c.query('rollback');
    c.release();
  }
  const key = (await seed.key(s.db.pool, 'olive@acme.test', 'deck')).key;
  const r = await http(s.url, 'POST', '/graphql', { key, body: { query: '{ __schema { types { name fields { name } } } }' } });
  t.false(JSON.stringify(r.body).toLowerCase().includes('outbox'));
});

test('EMAIL_DRIVER=smtp sends through SMTP, says delivery email, and keeps nothing in the outbox', async (t) => {
  const smtp = await startSmtp();
  const mailed = await startTestServer({ env: { EMAIL_DRIVER: 'smtp', SMTP_URL: smtp.url } });
  try {
    const ws = await seed.workspace(mailed.db.pool, 'Gamma');
    await seed.member(mailed.db.pool, ws.id, 'gil@gamma.test', 'owner');
    const r = await http(mailed.url, 'POST', '/api/v1/cli/auth/request', { body: { email: 'gil@gamma.test' } });
    t.is(r.status, 200);
    t.is(r.body.delivery, 'email');
    t.false('hint' in r.body);
    t.is(r.body.message, 'If an account uses this address, a sign-in code is on its way. It works for 10 minutes and 3 attempts.');
    await drain(mailed);
    t.is(smtp.mails.length, 1);
    t.regex(codeIn(smtp.mails[0]!), /^\d{6}$/);
    t.is((await mailed.db.pool.query('select count(*)::int as n from app_private.mail_outbox')).rows[0].n, 0);
    const page = await http(mailed.url, 'POST', '/signin/code', { raw: new URLSearchParams({ email: 'gil@gamma.test' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: mailed.url } });
    t.false(page.text.includes('outbox'));
  } finally {
    await mailed.close();
    await smtp.close();
  }
  t.true((await outboxCount()) > 0, 'the default server kept its own');
});
