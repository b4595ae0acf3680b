// The first-run setup link: one workspace and owner, signed in, once.
import test from 'ava';
import { randomToken, sha256 } from '../../core/crypto.ts';
import { cookieFrom, http } from '../helpers/http.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let token: string;
test.before(async () => {
  s = await startTestServer();
  token = randomToken(24);
  await s.db.pool.query('select app_private.issue_setup_token($1)', [sha256(token)]);
});
test.after.always(() => s?.close());

const form = (fields: Record<string, string>, from: Record<string, string> = { origin: s.url }) =>
  fetch(s.url + '/setup', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...from },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

test.serial('/ before setup points at the setup link printed by npm start, never showing a token', async (t) => {
  const r = await http(s.url, 'GET', '/');
  t.is(r.status, 200);
  t.regex(r.text, /This instance is not set up yet/);
  t.regex(r.text, /Open the setup link printed by <code>npm start<\/code>/);
  t.regex(r.text, /npx podium setup --workspace &lt;name&gt; --email &lt;you@example\.com&gt;/);
  t.false(r.text.includes(token));
  t.false(/token=/.test(r.text));
});

test.serial('a wrong token shows no form', async (t) => {
  const r = await http(s.url, 'GET', '/setup?token=nope');
  t.is(r.status, 403);
  t.false(r.text.includes('<form'));
});

test.serial('the form escapes what it echoes and has a strict CSP', async (t) => {
  const r = await http(s.url, 'GET', `/setup?token=${token}`);
  t.is(r.status, 200);
  t.regex(r.headers.get('content-security-policy')!, /default-src 'none'/);
  const bad = await form({ token, workspace: '<script>alert(1)</script>', email: 'nope', password: 'short' });
  t.is(bad.status, 400);
  const html = await bad.text();
  t.false(html.includes('<script>alert(1)</script>'));
  t.true(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
  t.is((await s.db.pool.query('select count(*)::int as n from app.workspaces')).rows[0].n, 0, 'nothing half-written');
});

test.serial('the form post is a browser write: another Origin, or none, is refused and nothing is made', async (t) => {
  const fields = { token, workspace: 'Evil', email: 'mallory@evil.test', password: 'correct horse battery' };
  const refused: Record<string, string>[] = [{ origin: 'https://evil.test' }, {}, { referer: 'https://evil.test/setup' }, { referer: 'not a url' }];
  for (const from of refused) {
    const r = await form(fields, from);
    t.is(r.status, 403, JSON.stringify(from));
    t.regex(await r.text(), /this instance’s own page/);
  }
  t.is((await s.db.pool.query('select count(*)::int as n from app.workspaces')).rows[0].n, 0, 'no workspace');
  t.is((await s.db.pool.query('select count(*)::int as n from app.users')).rows[0].n, 0, 'no account');
  t.is((await http(s.url, 'GET', `/setup?token=${token}`)).status, 200, 'the link is not spent');
});

test.serial('setup creates the workspace and owner, signs in, and the link is spent', async (t) => {
  const r = await form({ token, workspace: 'Acme', email: 'olive@acme.test', name: 'Olive', password: 'correct horse battery' });
  t.is(r.status, 200);
  const me = await http(s.url, 'GET', '/api/v1/me', { cookie: cookieFrom({ headers: r.headers } as never) });
  t.is(me.body.user.email, 'olive@acme.test');
  t.is(me.body.workspace.name, 'Acme');
  t.is(me.body.workspace.role, 'owner');
  // The first owner is the instance operator, and the page says so: the outbox answers that session.
  t.regex(await r.text(), /You are also this instance’s <strong>operator<\/strong>: you read the mail outbox at <a href="\/operator\/mail">/);
  t.is((await http(s.url, 'GET', '/operator/mail', { cookie: cookieFrom({ headers: r.headers } as never) })).status, 200);
  const again = await form({ token, workspace: 'Other', email: 'x@acme.test', password: 'correct horse battery' });
  t.is(again.status, 403);
  t.is((await http(s.url, 'GET', `/setup?token=${token}`)).status, 409);
  const issued = await s.db.pool.query('select app_private.issue_setup_token($1) as issued', [sha256('later')]);
  t.false(issued.rows[0].issued, 'no new setup link once set up');
  const home = await http(s.url, 'GET', '/');
  t.regex(home.text, /Podium is running/);
  t.false(home.text.includes('not set up yet'));
});
