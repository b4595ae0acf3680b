// The event pages over plain HTTP: what each role gets on /event, /event/team and
// /event/feed, what a member of another workspace and a workspace member off the roster get
// (refusals in words, nothing of the event leaked), escaping, the countdown from the server
// clock, and the form actions (Origin checked, SQL's refusals as pages).
import test from 'ava';
import { http } from '../../helpers/http.ts';
import { eventWorld, NASTY, type EventWorld } from '../../helpers/event-pages.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { HOUR } from '../../helpers/event.ts';

let s: TestServer;
let w: EventWorld;
test.before(async () => {
  s = await startTestServer();
  w = await eventWorld(s.url, s.db.pool);
});
test.after.always(() => s?.close());

const get = (path: string, cookie?: string) => http(s.url, 'GET', path, { cookie });
const form = (path: string, cookie: string, fields: Record<string, string>, origin: string | null = s.url) =>
  http(s.url, 'POST', path, {
    cookie,
    raw: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
  });

test('no session: every event page redirects to the sign-in with a local next', async (t) => {
  for (const p of ['/event', '/event/team', '/event/feed']) {
    const r = await get(p);
    t.is(r.status, 303, p);
    t.is(r.headers.get('location'), `/signin?next=${encodeURIComponent(p)}`);
  }
});

test('participant: home with phase, countdown from the server clock, programme, pins escaped, team, submission', async (t) => {
  const r = await get('/event', w.cookies.ann);
  t.is(r.status, 200, r.text.slice(0, 300));
  t.regex(r.headers.get('content-security-policy') ?? '', /script-src 'self'/);
  t.true(r.text.includes('Spring Hack'));
  t.true(r.text.includes('>building<'));
  // Server time is start + 1 h, build end start + 24 h: 23 hours left by the server's clock
  // (the test clock runs two hours ahead of the machine's: the page never used the latter).
  const left = Number(/data-countdown="(\d+)"/.exec(r.text)![1]);
  t.true(left > 22.9 * HOUR && left <= 23 * HOUR, `left ${left}`);
  t.regex(r.text, /Build ends<\/strong>/);
  t.true(r.text.includes('Opening talk'));
  t.true(r.text.includes('Welcome! &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;'));
  t.false(r.text.includes(NASTY));
  t.regex(r.text, /Your team: <a href="\/event\/team">Rocket<\/a>/);
  t.regex(r.text, /No repository assigned yet/);
  t.regex(r.text, /Submission<\/dt><dd><span class="badge">waiting/);
  t.false(r.text.includes('Comet'), "another team's name is not on a participant's page");
  t.regex(r.text, /href="\/decks\/keys"/, 'the key dialog is linked');
});

test('participant: own team page; another team refused in words without its content', async (t) => {
  const r = await get('/event/team', w.cookies.ann);
  t.is(r.status, 200);
  t.true(r.text.includes('Team Rocket'));
  t.regex(r.text, /Save showcase/);
  t.regex(r.text, /Team chat/);
  t.regex(r.text, /Receipts \(last 50\)/);
  t.regex(r.text, /Demo deck/);
  const other = await get(`/event/team?team=${w.teams.Comet}`, w.cookies.ann);
  t.is(other.status, 403);
  t.false(other.text.includes('Comet'));
  t.regex(other.text, /Not allowed/);
});

test('jury: home with programme and no feed; feed and team pages refused in words', async (t) => {
  const home = await get('/event', w.cookies.jury);
  t.is(home.status, 200);
  t.true(home.text.includes('Opening talk'));
  t.false(home.text.includes('Welcome!'), 'jury is not shown feed posts');
  t.false(home.text.includes('href="/event/feed"'));
  for (const p of ['/event/feed', '/event/team', `/event/team?team=${w.teams.Rocket}`]) {
    const r = await get(p, w.cookies.jury);
    t.is(r.status, 403, p);
    t.false(r.text.includes('Welcome!'));
  }
});

test('advisor: a team page holds the team chat only; organizer: every team, showcase and submissions', async (t) => {
  const adv = await get(`/event/team?team=${w.teams.Rocket}`, w.cookies.advisor);
  t.is(adv.status, 200, adv.text.slice(0, 500));
  t.regex(adv.text, /Team chat/);
  t.false(adv.text.includes('Save showcase'));
  t.false(adv.text.includes('Receipts'));
  const home = await get('/event', w.cookies.owner);
  t.is(home.status, 200);
  t.true(home.text.includes(`/event/team?team=${w.teams.Comet}`));
  t.true(home.text.includes(`/event/team?team=${w.teams.Rocket}`));
  const comet = await get(`/event/team?team=${w.teams.Comet}`, w.cookies.owner);
  t.is(comet.status, 200);
  t.true(comet.text.includes('Team Comet'));
  t.regex(comet.text, /Save showcase/);
  t.regex(comet.text, /Receipts/);
});

test('another workspace and a member off the roster see nothing of the event', async (t) => {
  const eve = await get('/event', w.cookies.eve);
  t.is(eve.status, 200);
  t.false(eve.text.includes('Rocket'));
  t.false(eve.text.includes('Opening talk'));
  t.false(eve.text.includes('Welcome!'));
  for (const team of [w.teams.Rocket, w.teams.Comet]) {
    const r = await get(`/event/team?team=${team}`, w.cookies.eve);
    t.is(r.status, 404, r.text.slice(0, 300));
    t.false(r.text.includes('Rocket') || r.text.includes('Comet'));
  }
  const feed = await get('/event/feed', w.cookies.eve);
  t.false(feed.text.includes('Welcome!'));
  const post = await form(`/event/chats/${w.feedChannel}/posts`, w.cookies.eve, { body: 'from outside', back: '/event/feed' });
  t.is(post.status, 404);
  t.regex(post.text, /channel/i);
  for (const p of ['/event', '/event/team', '/event/feed']) {
    const r = await get(p, w.cookies.stranger);
    t.is(r.status, 403, p);
    t.regex(r.text, /roster/i);
    t.false(r.text.includes('Opening talk'));
  }
  const feedPosts = (await http(s.url, 'GET', '/api/v1/event/feed/posts', { key: w.ownerKey })).body.items as { body: string }[];
  t.false(feedPosts.some((p) => p.body === 'from outside'));
});

test('form actions: Origin checked, a post and a showcase saved, refusals as pages', async (t) => {
  const foreign = await form(`/event/chats/${w.feedChannel}/posts`, w.cookies.ann, { body: 'cross-site', back: '/event/feed' }, 'https://evil.test');
  t.is(foreign.status, 403);
  const none = await form(`/event/chats/${w.feedChannel}/posts`, w.cookies.ann, { body: 'no origin', back: '/event/feed' }, null);
  t.is(none.status, 403);
  const ok = await form(`/event/chats/${w.feedChannel}/posts`, w.cookies.ann, { body: 'line one\r\nline two', back: '/event/feed' });
  t.is(ok.status, 303);
  t.is(ok.headers.get('location'), '/event/feed');
  const posts = (await http(s.url, 'GET', '/api/v1/event/feed/posts', { key: w.ownerKey })).body.items as { body: string }[];
  t.true(posts.some((p) => p.body === 'line one\nline two'));
  t.false(posts.some((p) => p.body === 'cross-site' || p.body === 'no origin'));
  const feed = await get('/event/feed', w.cookies.bob);
  t.true(feed.text.includes('line one\nline two'));

  const empty = await form(`/event/chats/${w.feedChannel}/posts`, w.cookies.ann, { body: '   ', back: '/event/feed' });
  t.is(empty.status, 400);
  t.regex(empty.text, /body/i);
  const away = await form(`/event/chats/${w.feedChannel}/posts`, w.cookies.ann, { body: 'hi', back: 'https://evil.test/' });
  t.is(away.headers.get('location'), '/event', 'back is a local /event path or /event');

  const saved = await form('/event/showcase', w.cookies.ann, { team: w.teams.Rocket, product: 'Rocketeer', tagline: 'Fast', description: 'a\r\nb', back: '/event/team' });
  t.is(saved.status, 303);
  const sc = await http(s.url, 'GET', `/api/v1/event/showcase?team=${w.teams.Rocket}`, { key: w.ownerKey });
  t.is(sc.body.product, 'Rocketeer');
  t.is(sc.body.description, 'a\nb');
  const long = await form('/event/showcase', w.cookies.ann, { team: w.teams.Rocket, product: 'x'.repeat(25), back: '/event/team' });
  t.is(long.status, 400);
  const notYours = await form('/event/showcase', w.cookies.ann, { team: w.teams.Comet, product: 'Mine now', back: '/event/team' });
  t.is(notYours.status, 403);
  const jury = await form('/event/showcase', w.cookies.jury, { team: w.teams.Rocket, product: 'Jury' , back: '/event/team' });
  t.is(jury.status, 403);
  const cometChat = (await http(s.url, 'GET', '/api/v1/event/chats', { key: w.ownerKey })).body.items.find((c: any) => c.kind === 'team' && c.team.name === 'Comet');
  const intoComet = await form(`/event/chats/${cometChat.id}/posts`, w.cookies.ann, { body: 'sneaky', back: '/event/team' });
  t.is(intoComet.status, 404);
  t.false(intoComet.text.includes('Comet'));
});
