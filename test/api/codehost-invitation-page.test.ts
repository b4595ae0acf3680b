// The local code host's invitation as printed: the URL the bootstrap
// record, connect, setup and /event name is a page. Opened without a session it goes to the
// sign-in page and back; signed in it names the repository, the event and the team, and its
// button (Origin-checked) accepts as the caller and lands on /event. Another person's
// invitation, or another workspace's, answers like none, and a bad name is a 404 page.
import test from 'ava';
import { LocalCodeHost } from '../../core/codehost/local.ts';
import { ownRepository } from '../helpers/codehost.ts';
import { assignRepository, createEvent, eventWorkspace, HOUR, importRoster, person, teamIds, type Person } from '../helpers/event.ts';
import { http } from '../helpers/http.ts';
import { PASSWORD, pageSignIn } from '../helpers/pages.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let host: LocalCodeHost;
let ann: Person, ben: Person, bob: Person;
let wsA = '';
let ownerA: Person;
const PAGE = '/codehost/invitations/acme/rocket';

test.before(async () => {
  s = await startTestServer();
  host = new LocalCodeHost(s.config.dataDir, s.db.pool);
  const a = await eventWorkspace(s.db.pool, 'InvPage');
  wsA = a.ws.id;
  ownerA = a.owner;
  const event = await createEvent(s.url, a.owner.key, Date.now() + HOUR);
  await http(s.url, 'PUT', '/api/v1/event/github', { key: a.owner.key, body: { organization: 'acme', template: 'acme/template' } });
  ann = await person(s.db.pool, a.ws.id, 'ann@invpage.test');
  ben = await person(s.db.pool, a.ws.id, 'ben@invpage.test');
  await importRoster(s.url, a.owner.key, [{ email: ann.email, team: 'Rocket' }, { email: ben.email, team: 'Rocket' }]);
  await ownRepository(s.db.pool, event.id, 'acme/rocket');
  await host.createEmpty('acme/rocket');
  await assignRepository(s.db.pool, (await teamIds(s.db.pool, a.ws.id)).Rocket!, 'acme/rocket', 'invited');
  for (const p of [ann, ben]) {
    await http(s.url, 'PUT', '/bootstrap/github', { key: p.key, body: { login: p.email.split('@')[0] + '-gh' } });
    await host.invite('acme/rocket', p.email.split('@')[0] + '-gh', 'maintain');
    await seed.password(s.db.pool, p.userId, PASSWORD);
  }
  // Another workspace with its own event: bob is nobody in A.
  const b = await eventWorkspace(s.db.pool, 'OtherPage');
  await createEvent(s.url, b.owner.key, Date.now() + HOUR);
  bob = await person(s.db.pool, b.ws.id, 'bob@otherpage.test');
  await importRoster(s.url, b.owner.key, [{ email: bob.email, team: 'Comet' }]);
  await seed.password(s.db.pool, bob.userId, PASSWORD);
});
test.after.always(() => s?.close());

const press = (path: string, cookie: string | undefined, origin: string | null) =>
  http(s.url, 'POST', path, { raw: '', cookie, headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) } });

test.serial('the printed URL is the page; without a session it goes to sign-in and back', async (t) => {
  const record = await http(s.url, 'GET', '/bootstrap', { key: ann.key });
  t.like(record.body.repository.access, { standing: 'invited', invitationUrl: `${s.config.publicUrl}${PAGE}` });
  t.true(record.body.repository.access.fix.endsWith(`${s.config.publicUrl}${PAGE}`));
  const anonymous = await http(s.url, 'GET', PAGE);
  t.is(anonymous.status, 303);
  t.is(anonymous.headers.get('location'), `/signin?next=${encodeURIComponent(PAGE)}`);
  t.is((await press(PAGE, undefined, s.url)).status, 303, 'the button without a session goes to sign-in too');
  t.is(await host.standing('acme/rocket', 'ann-gh'), 'invited');
});

test.serial('signed in: the page names repository, event and team; the button needs this Origin, accepts, and lands on /event', async (t) => {
  const cookie = await pageSignIn(s.url, ann.email);
  const page = await http(s.url, 'GET', PAGE, { cookie });
  t.is(page.status, 200, page.text);
  t.regex(page.text, /You are invited to the repository <code>acme\/rocket<\/code> of <strong>Spring Hack<\/strong> for the team <strong>Rocket<\/strong>/);
  t.regex(page.text, /<form action="\/codehost\/invitations\/acme\/rocket" method="post">/);
  t.regex(page.text, /push to it \(maintain\)/);

  // /event links the same page.
  const before = await http(s.url, 'GET', '/event', { cookie });
  t.true(before.text.includes(`<a href="${s.config.publicUrl}${PAGE}">Accept the invitation</a>`), 'the event home links the page');
  const foreign = await press(PAGE, cookie, 'https://evil.test');
  t.is(foreign.status, 403);
  t.is((await press(PAGE, cookie, null)).status, 403, 'no Origin, no Referer: refused');
  t.is(await host.standing('acme/rocket', 'ann-gh'), 'invited', 'nothing accepted by a refused post');

  const accepted = await press(PAGE, cookie, s.url);
  t.is(accepted.status, 303);
  t.is(accepted.headers.get('location'), '/event');
  t.is(await host.standing('acme/rocket', 'ann-gh'), 'member');
  t.is(await host.standing('acme/rocket', 'ben-gh'), 'invited', 'only the caller\'s own invitation');
  const again = await http(s.url, 'GET', PAGE, { cookie });
  t.is(again.status, 200);
  t.regex(again.text, /Invitation accepted/);
  t.is((await press(PAGE, cookie, s.url)).status, 303, 'accepting twice is harmless');
  const event = await http(s.url, 'GET', '/event', { cookie });
  t.is(event.status, 200);
  t.notRegex(event.text, /Accept the invitation/);
});

test.serial('another workspace\'s person, a repository with no invitation and a bad name: 404 pages, nothing accepted', async (t) => {
  const cookie = await pageSignIn(s.url, bob.email);
  const look = await http(s.url, 'GET', PAGE, { cookie });
  t.is(look.status, 404);
  t.regex(look.text, /You have no invitation to this repository/);
  t.notRegex(look.text, /Spring Hack|Rocket/);
  t.is((await press(PAGE, cookie, s.url)).status, 404);
  t.is(await host.standing('acme/rocket', 'ben-gh'), 'invited');
  const annCookie = await pageSignIn(s.url, ann.email);
  t.is((await http(s.url, 'GET', '/codehost/invitations/acme/comet', { cookie: annCookie })).status, 404);
  for (const bad of ['/codehost/invitations/ac%00me/rocket', '/codehost/invitations/acme/..', '/codehost/invitations/-x_y/rocket', `/codehost/invitations/acme/${'r'.repeat(101)}`]) {
    const r = await http(s.url, 'GET', bad, { cookie: annCookie });
    t.true(r.status >= 400 && r.status < 500, `${bad}: ${r.status}`);
  }
  // GraphQL exposes the same read, keyed by the caller: bob's key sees no invitation of ann's.
  const gql = (key: string) => http(s.url, 'POST', '/graphql', { key, body: { query: '{ repositoryInvitation(fullName: "acme/rocket") { repository permission event { name } team } }' } });
  const own = await gql(ann.key);
  t.like(own.body.data?.repositoryInvitation, { repository: 'acme/rocket', permission: 'maintain', event: { name: 'Spring Hack' }, team: 'Rocket' }, JSON.stringify(own.body));
  const q = await gql(bob.key);
  t.falsy(q.body.data?.repositoryInvitation);
  t.regex(JSON.stringify(q.body.errors), /invitation_not_found|no invitation/i);
});

test.serial('inside the workspace: a guest, another team\'s participant and a participant removed from the roster see no invitation and accept nothing', async (t) => {
  const guest = await seed.member(s.db.pool, wsA, 'guest@invpage.test', 'guest');
  await seed.password(s.db.pool, guest.userId, PASSWORD);
  const cat = await person(s.db.pool, wsA, 'cat@invpage.test');
  await seed.password(s.db.pool, cat.userId, PASSWORD);
  // ben was invited to acme/rocket and has not accepted; the roster now drops him and names cat on Comet.
  t.is(await host.standing('acme/rocket', 'ben-gh'), 'invited');
  await importRoster(s.url, ownerA.key, [{ email: ann.email, team: 'Rocket' }, { email: cat.email, team: 'Comet' }]);
  for (const email of ['guest@invpage.test', cat.email, ben.email]) {
    const cookie = await pageSignIn(s.url, email);
    const look = await http(s.url, 'GET', PAGE, { cookie });
    t.is(look.status, 404, email);
    t.notRegex(look.text, /Accept the invitation/, email);
    t.is((await press(PAGE, cookie, s.url)).status, 404, email);
  }
  t.not(await host.standing('acme/rocket', 'ben-gh'), 'member', 'the removed participant accepted nothing');
  t.not(await host.standing('acme/rocket', 'cat-gh'), 'member');
});
