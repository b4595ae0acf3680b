// Workspace invitations end to end: the API (and the owner's page) invites, a real worker
// mails through a real SMTP listener, the one-time link is accepted in the browser's way
// (form posts with this instance's Origin), the account is created or attached with the
// role, and every bad use of a link is a clear refusal with nothing half-made. Also the
// operator's `podium member invite`, collaborator claims and the log redaction.
import test from 'ava';
import { main as podiumMain } from '../../cli/podium/main.ts';
import { runInProcess } from '../cli/in-process.ts';
import { publish } from '../helpers/deck.ts';
import { createEvent, eventWorkspace, HOUR, importRoster } from '../helpers/event.ts';
import { cookieFrom, http, setClock, type Res } from '../helpers/http.ts';
import { PASSWORD, pageSignIn, person as pagePerson } from '../helpers/pages.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, TEST_AUTH_SECRET, type TestServer } from '../helpers/server.ts';
import { startSmtp, type ReceivedMail } from '../../ops/harness/smtp.ts';
import { until } from '../../ops/harness/until.ts';

let s: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let wsA: { id: string; name: string }, wsB: { id: string; name: string };
let ownerKey: string, adminKey: string, memberKey: string, ownerBKey: string;
const logLines: string[] = [];

test.before(async () => {
  smtp = await startSmtp();
  s = await startTestServer({ env: { EMAIL_DRIVER: 'smtp', SMTP_URL: smtp.url }, worker: true, logLines });
  wsA = await seed.workspace(s.db.pool, 'Acme');
  await pagePerson(s.db.pool, wsA.id, 'owner@acme.test', 'owner', 'Olive Owner');
  await seed.member(s.db.pool, wsA.id, 'admin@acme.test', 'admin');
  await seed.member(s.db.pool, wsA.id, 'mia@acme.test', 'member');
  ownerKey = (await seed.key(s.db.pool, 'owner@acme.test', 'deck')).key;
  adminKey = (await seed.key(s.db.pool, 'admin@acme.test', 'hackathon')).key;
  memberKey = (await seed.key(s.db.pool, 'mia@acme.test', 'deck')).key;
  wsB = await seed.workspace(s.db.pool, 'Beta');
  await seed.member(s.db.pool, wsB.id, 'boss@beta.test', 'owner');
  ownerBKey = (await seed.key(s.db.pool, 'boss@beta.test', 'deck')).key;
});
test.after.always(async () => {
  await s?.close();
  await smtp?.close();
});

const linkIn = (m: ReceivedMail) => /^\s{4}(http\S+\/invitations\/[A-Za-z0-9_-]+)\s*$/m.exec(m.raw.replace(/=\r?\n/g, ''))?.[1];
const pathOf = (url: string) => new URL(url).pathname;
const subjectOf = (m: ReceivedMail) => /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(m.raw)![1]!.replace(/\r?\n[ \t]/g, ' ').replace(/ +/g, ' ');
/** The next mail to `to` (after `seen` mails to that address). */
async function mailTo(to: string, seen = 0): Promise<ReceivedMail> {
  await until(`mail ${seen + 1} to ${to}`, async () => smtp.mails.filter((m) => m.to.includes(to)).length > seen);
  return smtp.mails.filter((m) => m.to.includes(to))[seen]!;
}
const form = (base: string, path: string, fields: Record<string, string>, cookie?: string, origin: string | null = base): Promise<Res> =>
  http(base, 'POST', path, {
    raw: new URLSearchParams(fields).toString(),
    cookie,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
  });
const invite = (key: string, email: string, role = 'member') => http(s.url, 'POST', '/api/v1/invitations', { key, body: { email, role } });
const roleIn = async (email: string, ws: string) =>
  (await s.db.pool.query('select m.role from app.memberships m join app.users u on u.id = m.user_id where lower(u.email) = lower($1) and m.workspace_id = $2', [email, ws])).rows[0]?.role ?? null;
const accountOf = async (email: string) => (await s.db.pool.query('select id from app.users where lower(email) = lower($1)', [email])).rows[0]?.id ?? null;

test.serial('invite, mail, accept once with a password: the account exists with the role and is signed in', async (t) => {
  const r = await invite(ownerKey, 'new.person@example.test', 'admin');
  t.is(r.status, 201, r.text);
  t.like(r.body, { kind: 'workspace', email: 'new.person@example.test', role: 'admin', source: 'invite', workspaceId: wsA.id });
  t.true(['sending', 'pending'].includes(r.body.state));
  t.false('mailed' in r.body);
  const mail = await mailTo('new.person@example.test');
  t.is(subjectOf(mail), 'Olive Owner invited you to Acme on Podium');
  const link = linkIn(mail)!;
  t.truthy(link);
  t.true(link.startsWith(`${s.url}/invitations/`));
  const jobs = await s.db.pool.query(`select payload::text as p from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'mail__send'`);
  for (const j of jobs.rows) t.false(j.p.includes(pathOf(link).split('/')[2]!), 'no secret in any job payload');
  const stored = await s.db.pool.query('select token_hash from app_private.invitations where email = $1', ['new.person@example.test']);
  t.is(stored.rows[0].token_hash.length, 32, 'the secret is kept as its sha256 only');
  await until('the invitation to be pending', async () => (await http(s.url, 'GET', '/api/v1/invitations', { key: ownerKey })).body.items[0]?.state === 'pending');

  const page = await http(s.url, 'GET', pathOf(link));
  t.is(page.status, 200);
  t.regex(page.text, /invited <strong>new\.person@example\.test<\/strong> to the workspace <strong>Acme<\/strong> as admin/);
  t.regex(page.headers.get('content-security-policy')!, /default-src 'none'/);
  t.is(await accountOf('new.person@example.test'), null, 'looking creates nothing');

  const short = await form(s.url, pathOf(link), { method: 'password', password: 'short', name: 'New Person' });
  t.is(short.status, 400);
  t.is(await accountOf('new.person@example.test'), null, 'a refused form creates nothing');
  const accepted = await form(s.url, pathOf(link), { method: 'password', password: 'a long enough password', name: 'New Person' });
  t.is(accepted.status, 303);
  t.is(accepted.headers.get('location'), '/decks');
  const cookie = cookieFrom(accepted);
  const me = await http(s.url, 'GET', '/api/v1/me', { cookie });
  t.like(me.body, { via: 'session', user: { email: 'new.person@example.test', name: 'New Person' } });
  t.is(me.body.workspace.id, wsA.id);
  t.is(await roleIn('new.person@example.test', wsA.id), 'admin');
  t.is((await pageSignIn(s.url, 'new.person@example.test', 'a long enough password')).startsWith('podium_session='), true, 'the password works on /signin');

  const twice = await form(s.url, pathOf(link), { method: 'password', password: 'another long password' });
  t.is(twice.status, 410);
  t.regex(twice.text, /already used/);
  t.is((await http(s.url, 'GET', pathOf(link))).status, 410);
  const list = await http(s.url, 'GET', '/api/v1/invitations', { key: ownerKey });
  t.false(list.body.items.some((i: { email: string }) => i.email === 'new.person@example.test'), 'accepted invitations leave the pending list');
  const line = logLines.find((l) => l.includes('/invitations/'));
  t.truthy(line);
  t.regex(line!, /"url":"\/invitations\/\[redacted\]"/);
  t.false(logLines.some((l) => l.includes(pathOf(link).split('/')[2]!)), 'the secret never reaches a log line');
});

test.serial('a roster import\'s invitation names the event, its role and team, in the mail and on the page; accepting lands on /event', async (t) => {
  const g = await eventWorkspace(s.db.pool, 'Gamma');
  await createEvent(s.url, g.owner.key, Date.now() + HOUR);
  await importRoster(s.url, g.owner.key, [{ email: 'rosa@example.test', name: 'Rosa', team: 'Rocket' }, { email: 'jules@example.test', role: 'jury' }]);
  const mail = await mailTo('rosa@example.test');
  t.is(subjectOf(mail), 'owner invited you to Spring Hack on Podium');
  t.regex(mail.raw.replace(/=\r?\n/g, '').replace(/\r?\n/g, ' '), /invited you to the event Spring Hack on Podium \(\S+\) as a participant of the team Rocket \(workspace Gamma\)\./);
  const link = linkIn(mail)!;
  const page = await http(s.url, 'GET', pathOf(link));
  t.is(page.status, 200);
  t.regex(page.text, /to the event <strong>Spring Hack<\/strong> as a participant of the team <strong>Rocket<\/strong> \(workspace Gamma\)/);
  const accepted = await form(s.url, pathOf(link), { method: 'password', password: 'a long enough password' });
  t.is(accepted.status, 303);
  t.is(accepted.headers.get('location'), '/event', 'a roster person lands on the event, not /decks');
  const home = await http(s.url, 'GET', '/event', { cookie: cookieFrom(accepted) });
  t.is(home.status, 200);
  t.regex(home.text, /Spring Hack/);
  const jury = await mailTo('jules@example.test');
  t.regex(jury.raw.replace(/=\r?\n/g, '').replace(/\r?\n/g, ' '), /to the event Spring Hack on Podium \(\S+\) as a juror \(workspace Gamma\)\./);
});

test.serial('emailed codes instead of a password: the account has no password and is signed in', async (t) => {
  await invite(adminKey, 'coder@example.test', 'guest');
  const link = linkIn(await mailTo('coder@example.test'))!;
  t.regex((await http(s.url, 'GET', pathOf(link))).text, /Sign in with a code mailed to coder@example\.test/);
  const r = await form(s.url, pathOf(link), { method: 'code' });
  t.is(r.status, 303);
  cookieFrom(r);
  t.is(await roleIn('coder@example.test', wsA.id), 'guest');
  const secrets = await s.db.pool.query('select password_hash from app_private.user_secrets s join app.users u on u.id = s.user_id where u.email = $1', ['coder@example.test']);
  t.is(secrets.rows.length, 0);
});

test.serial('an existing account is attached, never given a password; another signed-in account is refused', async (t) => {
  await pagePerson(s.db.pool, wsB.id, 'ext@example.test', 'member');
  const r = await invite(ownerKey, 'EXT@example.test', 'member');
  t.is(r.status, 201);
  const link = linkIn(await mailTo('EXT@example.test'))!;
  const mia = await pagePerson(s.db.pool, wsA.id, 'other@acme.test', 'member');
  t.truthy(mia);
  const otherCookie = await pageSignIn(s.url, 'other@acme.test');
  const wrong = await http(s.url, 'GET', pathOf(link), { cookie: otherCookie });
  t.is(wrong.status, 403);
  t.regex(wrong.text, /This invitation is for EXT@example\.test, but you are signed in as other@acme\.test/);
  const wrongPost = await form(s.url, pathOf(link), {}, otherCookie);
  t.is(wrongPost.status, 403);
  t.regex(wrongPost.text, /signed in as other@acme\.test/);
  t.is(await roleIn('ext@example.test', wsA.id), null, 'nothing made');
  t.is(await roleIn('other@acme.test', wsB.id), null);

  t.regex((await http(s.url, 'GET', pathOf(link))).text, /An account with this address exists/);
  const attached = await form(s.url, pathOf(link), { method: 'password', password: 'an attacker password!!' });
  t.is(attached.status, 200);
  t.regex(attached.text, /You joined <strong>Acme<\/strong> as member/);
  t.is(attached.headers.getSetCookie().length, 0, 'no session without signing in');
  t.is(await roleIn('ext@example.test', wsA.id), 'member');
  t.is(await roleIn('ext@example.test', wsB.id), 'member', 'the other workspace stays');
  t.truthy(await pageSignIn(s.url, 'ext@example.test', PASSWORD), 'the password is the account\'s own');
  await t.throwsAsync(pageSignIn(s.url, 'ext@example.test', 'an attacker password!!'));
});

test.serial('expired after 7 days; a newer mail replaces the link; a revoked one stops working', async (t) => {
  await invite(ownerKey, 'late@example.test');
  const first = linkIn(await mailTo('late@example.test'))!;
  await invite(ownerKey, 'late@example.test', 'guest');
  const second = linkIn(await mailTo('late@example.test', 1))!;
  t.not(first, second);
  const old = await form(s.url, pathOf(first), { method: 'code' });
  t.is(old.status, 404);
  t.regex(old.text, /not valid/);
  await setClock(s.url, 8 * 86400);
  try {
    const page = await http(s.url, 'GET', pathOf(second));
    t.is(page.status, 410);
    t.regex(page.text, /expired/);
    const post = await form(s.url, pathOf(second), { method: 'code' });
    t.is(post.status, 410);
    const listed = await http(s.url, 'GET', '/api/v1/invitations', { key: ownerKey });
    t.is(listed.body.items.find((i: { email: string }) => i.email === 'late@example.test').state, 'expired');
  } finally {
    await setClock(s.url, 0);
  }
  t.is(await accountOf('late@example.test'), null);

  const r = await invite(ownerKey, 'gone@example.test');
  const link = linkIn(await mailTo('gone@example.test'))!;
  const revoked = await http(s.url, 'DELETE', `/api/v1/invitations/${r.body.id}`, { key: adminKey });
  t.is(revoked.status, 200);
  t.is(revoked.body.revoked.state, 'revoked');
  t.is((await form(s.url, pathOf(link), { method: 'code' })).status, 404);
  t.is(await accountOf('gone@example.test'), null);
  const again = await http(s.url, 'DELETE', `/api/v1/invitations/${r.body.id}`, { key: adminKey });
  t.is(again.status, 404);
  t.is(again.body.error.code, 'invitation_not_found');
  for (const bad of ['/invitations/x', '/invitations/' + 'A'.repeat(43)]) t.is((await http(s.url, 'GET', bad)).status, 404);
  const crossSite = await form(s.url, pathOf(second), { method: 'code' }, undefined, 'https://evil.test');
  t.is(crossSite.status, 403);
});

test.serial('who may invite, and bad input', async (t) => {
  const byMember = await invite(memberKey, 'x@example.test');
  t.is(byMember.status, 403);
  t.is(byMember.body.error.code, 'owner_or_admin_required');
  t.is((await http(s.url, 'GET', '/api/v1/invitations', { key: memberKey })).body.error.code, 'owner_or_admin_required');
  const adminOwner = await invite(adminKey, 'boss2@example.test', 'owner');
  t.is(adminOwner.status, 403);
  t.is(adminOwner.body.error.code, 'invitation_role_refused');
  t.is((await invite(ownerKey, 'boss2@example.test', 'owner')).status, 201, 'an owner invites an owner');
  const member = await invite(ownerKey, 'MIA@acme.test');
  t.is(member.status, 409);
  t.is(member.body.error.code, 'already_member');
  t.is((await invite(ownerKey, 'not-an-email')).body.error.code, 'invalid_input');
  const role = await invite(ownerKey, 'x@example.test', 'superuser');
  t.is(role.status, 400);
  t.is(role.body.error.code, 'invalid_input');
  t.is((await http(s.url, 'POST', '/api/v1/invitations', { key: ownerKey, body: { email: 'x@example.test' } })).status, 400);
  const readOnly = (await seed.key(s.db.pool, 'owner@acme.test', 'deck', { scopes: ['presentations:read'] })).key;
  const scoped = await invite(readOnly, 'x@example.test');
  t.is(scoped.status, 403);
  t.is(scoped.body.error.code, 'insufficient_scope');
  t.is((await http(s.url, 'DELETE', '/api/v1/invitations/not-a-uuid', { key: ownerKey })).status, 400);
  const gql = await http(s.url, 'POST', '/graphql', { key: readOnly, body: { query: 'mutation { inviteMember(input: { email: "x@example.test", role: "member" }) { clientMutationId } }' } });
  t.is(gql.body.errors?.[0]?.extensions?.code, 'insufficient_scope');
  t.is((await s.db.pool.query(`select count(*)::int as n from app_private.invitations where email = 'x@example.test'`)).rows[0].n, 0);
});

test.serial('two workspaces: B neither lists, revokes nor learns of A\'s invitations', async (t) => {
  const a = await invite(ownerKey, 'secret.hire@example.test');
  const listB = await http(s.url, 'GET', '/api/v1/invitations?limit=100', { key: ownerBKey });
  t.is(listB.status, 200);
  t.false(JSON.stringify(listB.body).includes('secret.hire'));
  const listA = await http(s.url, 'GET', '/api/v1/invitations?limit=100', { key: ownerKey });
  t.true(JSON.stringify(listA.body).includes('secret.hire'));
  const revoke = await http(s.url, 'DELETE', `/api/v1/invitations/${a.body.id}`, { key: ownerBKey });
  t.is(revoke.status, 404);
  t.is(revoke.body.error.code, 'invitation_not_found');
  const gql = (key: string) => http(s.url, 'POST', '/graphql', { key, body: { query: '{ listInvitations(limit: 100) { id email role state invitedBy { email } } }' } });
  t.true(JSON.stringify((await gql(ownerKey)).body).includes('secret.hire'), 'the query reaches invitations');
  t.false(JSON.stringify((await gql(ownerBKey)).body).includes('secret.hire'));
  const ownerCookie = await pageSignIn(s.url, 'owner@acme.test');
  t.false((await http(s.url, 'GET', '/workspace/invitations', { cookie: ownerCookie, headers: { 'podium-workspace': wsB.id } })).text.includes('secret.hire'));
});

test.serial('the owner\'s page invites, lists and revokes; a member is refused', async (t) => {
  const cookie = await pageSignIn(s.url, 'owner@acme.test');
  const sent = await form(s.url, '/workspace/invitations', { email: 'paged@example.test', role: 'guest' }, cookie);
  t.is(sent.status, 200);
  t.regex(sent.text, /Invitation mailed to paged@example\.test \(guest\)/);
  t.regex(sent.text, /<td>paged@example\.test<\/td><td>guest<\/td>/);
  await mailTo('paged@example.test');
  const refused = await form(s.url, '/workspace/invitations', { email: 'mia@acme.test', role: 'member' }, cookie);
  t.is(refused.status, 409);
  t.regex(refused.text, /mia@acme\.test is already a member of this workspace/);
  const id = (await s.db.pool.query(`select id from app_private.invitations where email = 'paged@example.test'`)).rows[0].id;
  const crossSite = await form(s.url, `/workspace/invitations/${id}/revoke`, {}, cookie, 'https://evil.test');
  t.is(crossSite.status, 403);
  const revoke = await form(s.url, `/workspace/invitations/${id}/revoke`, {}, cookie);
  t.is(revoke.status, 303);
  t.notRegex((await http(s.url, 'GET', '/workspace/invitations', { cookie })).text, /paged@example\.test/);
  await pagePerson(s.db.pool, wsA.id, 'plain@acme.test', 'member');
  const plain = await http(s.url, 'GET', '/workspace/invitations', { cookie: await pageSignIn(s.url, 'plain@acme.test') });
  t.is(plain.status, 403);
  t.is((await http(s.url, 'GET', '/workspace/invitations')).status, 303, 'signed out: to /signin');
});

test.serial('collaborator claims: an address with no account gets a link; accepting creates the account and the deck is in "Invited to"', async (t) => {
  const deck = (await publish(s.url, ownerKey, { 'index.html': '<h1>Board</h1>' }, { title: 'Board deck' })).body.presentation.id;
  const c = await http(s.url, 'POST', `/api/v1/presentations/${deck}/collaborators`, { key: ownerKey, body: { email: 'reader@example.test' } });
  t.is(c.status, 201, c.text);
  const mail = await mailTo('reader@example.test');
  t.regex(mail.raw.replace(/=\r?\n/g, ''), /Olive Owner invited you to read the deck "Board deck"/);
  const link = linkIn(mail)!;
  const r = await form(s.url, pathOf(link), { method: 'password', password: 'reader password 123' });
  t.is(r.status, 303);
  t.is(r.headers.get('location'), `/decks/${deck}`);
  const cookie = cookieFrom(r);
  t.is(await roleIn('reader@example.test', wsA.id), null, 'a collaborator is not a workspace member');
  const decks = await http(s.url, 'GET', '/decks', { cookie });
  t.regex(decks.text, /<h2 id="invited-to">Invited to<\/h2><ul class="cards"><li>.*Board deck/s);
  t.is((await http(s.url, 'GET', `/decks/${deck}`, { cookie })).status, 200);
  const collab = await http(s.url, 'GET', `/api/v1/presentations/${deck}/collaborators`, { key: ownerKey });
  t.like(collab.body.items[0], { email: 'reader@example.test', claimed: true, invitation: { state: 'accepted' } });
  t.is((await form(s.url, pathOf(link), { method: 'code' })).status, 410, 'once');
  // An address that already has an account is claimed on sign-in as before: no mail.
  const before = smtp.mails.length;
  await http(s.url, 'POST', `/api/v1/presentations/${deck}/collaborators`, { key: ownerKey, body: { email: 'mia@acme.test' } });
  // A mail is only ever queued with an invitation, in the request's own transaction: none was made.
  t.is((await s.db.pool.query(`select count(*)::int as n from app_private.invitations where email = 'mia@acme.test'`)).rows[0].n, 0);
  t.is(smtp.mails.length, before);
});

test.serial('podium member invite: the operator invites; already a member exits 5', async (t) => {
  const env = { DATABASE_URL: s.db.url, AUTH_SECRET: TEST_AUTH_SECRET, DATA_DIR: s.config.dataDir, LOG_LEVEL: 'silent', PATH: process.env.PATH };
  const r = await runInProcess('podium', podiumMain, ['member', 'invite', 'Acme', 'op@example.test', '--role', 'member'], env);
  t.is(r.code, 0, r.stderr);
  t.is(r.stdout, 'Invited op@example.test to Acme as member; a worker mails the link (it works once, for 7 days)\n');
  const mail = await mailTo('op@example.test');
  t.regex(subjectOf(mail), /^An administrator of http:\/\/127\.0\.0\.1:\d+ invited you to Acme on Podium$/);
  const link = linkIn(mail)!;
  t.is((await form(s.url, pathOf(link), { method: 'code' })).status, 303);
  t.is(await roleIn('op@example.test', wsA.id), 'member');
  const again = await runInProcess('podium', podiumMain, ['member', 'invite', wsA.id, 'op@example.test', '--role', 'admin'], env);
  t.is(again.code, 5);
  t.regex(again.stderr, /already a member of this workspace \(already_member\)/);
  t.is((await runInProcess('podium', podiumMain, ['member', 'invite', 'Acme', 'nope', '--role', 'member'], env)).code, 2);
  t.is((await runInProcess('podium', podiumMain, ['member', 'invite', 'Acme', 'x@example.test', '--role', 'boss'], env)).code, 2);
  t.is((await runInProcess('podium', podiumMain, ['member', 'invite', 'Nowhere', 'x@example.test', '--role', 'member'], env)).code, 2);
});
