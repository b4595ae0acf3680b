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
  t.true(r.text.includes('Welcome! &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#x27;'));
  t.false(r.text.includes(NASTY));
  t.regex(r.text, /Your team: <a href="\/event\/team">Rocket<\/a>/);
  t.regex(r.text, /No repository assigned yet/);
  t.regex(r.text, /Submission<\/dt><dd><span class="badge">waiting/);
  t.regex(r.text, /<dt>Decks<\/dt><dd>Your repository becomes a jury deck and a community deck at the freeze: hackathon decks preview shows what they will say<\/dd>/);
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
  t.regex(r.text, /<h2 id="members-h">Members<\/h2><ul class="members"><li>Ann Lee <span class="muted">ann@acme.test<\/span>/);
  t.false(r.text.includes('Bob Ray'), "another team's members are not on the page");
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
  t.false(adv.text.includes('Members'), 'advisors read the team chat, not the member list');
  const home = await get('/event', w.cookies.owner);
  t.is(home.status, 200);
  t.true(home.text.includes(`/event/team?team=${w.teams.Comet}`));
  t.true(home.text.includes(`/event/team?team=${w.teams.Rocket}`));
  // The organizer's Teams table says where each team stands during the build, not only "waiting".
  t.regex(home.text, /<th scope="col">Team<\/th><th scope="col">Repository<\/th><th scope="col">Readiness<\/th><th scope="col">Last push<\/th><th scope="col">Submission<\/th>/);
  t.regex(home.text, new RegExp(`team=${w.teams.Rocket}">Rocket</a></td><td>(<code>[^<]+</code>|not provisioned yet)</td><td>(planned|created|invited|ready|attention|unassigned)[^<]*</td><td>(none yet|<time[^>]*>[^<]+</time>[^<]*<code>[0-9a-f]{12}</code>[^<]*)</td><td>(waiting|capturing|frozen|missing|error)</td>`));
  const comet = await get(`/event/team?team=${w.teams.Comet}`, w.cookies.owner);
  t.is(comet.status, 200);
  t.true(comet.text.includes('Team Comet'));
  t.true(comet.text.includes('Bob Ray'));
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

  // A back path above U+00FF: the post is made once and the answer is the 303, percent-encoded (not a 500 after the post).
  const wide = await form(`/event/chats/${w.feedChannel}/posts`, w.cookies.ann, { body: 'wide back', back: '/event/feed?from=Ā😀' });
  t.is(wide.status, 303, wide.text.slice(0, 200));
  t.is(wide.headers.get('location'), '/event/feed?from=%C4%80%F0%9F%98%80');
  const wideCount = ((await http(s.url, 'GET', '/api/v1/event/feed/posts', { key: w.ownerKey })).body.items as { body: string }[]).filter((p) => p.body === 'wide back').length;
  t.is(wideCount, 1);

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

const requestIdByTitle = async (title: string) =>
  ((await http(s.url, 'GET', '/api/v1/event/requests', { key: w.ownerKey })).body.items as { id: string; title: string; status: string; threadChannelId: string }[]).find((r) => r.title === title)!;

test('help requests: opened from the page, the advisors\' queue oldest first, claim, unclaim, resolve, reopen; refusals in words', async (t) => {
  t.is((await form('/event/requests', w.cookies.ann, { title: 'Docker will not start', body: 'It says\r\nno space', back: '/event/requests' })).status, 303);
  t.is((await form('/event/requests', w.cookies.bob, { title: 'Comet needs <help>', body: 'please', back: '/event/requests' })).status, 303);
  const annReq = await requestIdByTitle('Docker will not start');
  const bobReq = await requestIdByTitle('Comet needs <help>');

  const mine = await get('/event/requests', w.cookies.ann);
  t.is(mine.status, 200);
  t.true(mine.text.includes('Docker will not start'));
  t.false(mine.text.includes('Comet needs'), "another team's request is not listed");
  const queue = await get('/event/requests', w.cookies.advisor);
  t.regex(queue.text, /Request queue/);
  const openSection = queue.text.slice(queue.text.indexOf('Open (oldest first)'), queue.text.indexOf('id="q-claimed"'));
  t.true(openSection.indexOf('Docker will not start') < openSection.indexOf('Comet needs &lt;help&gt;'), 'oldest first');
  t.false(queue.text.includes('Comet needs <help>'));
  t.is((await get('/event/requests', w.cookies.jury)).status, 403);
  t.is((await get('/event/requests', w.cookies.eve)).text.includes('Docker'), false);

  const byOrganizer = await form(`/event/requests/${annReq.id}/claim`, w.cookies.owner, { back: '/event/requests' });
  t.is(byOrganizer.status, 403, 'organizers do not claim');
  t.is((await form(`/event/requests/${annReq.id}/claim`, w.cookies.advisor, { back: '/event/requests' })).status, 303);
  t.is((await requestIdByTitle('Docker will not start')).status, 'claimed');
  const claimedView = await get('/event/requests', w.cookies.advisor);
  t.regex(claimedView.text, /claimed by Avery Advisor/);
  t.is((await form(`/event/requests/${annReq.id}/unclaim`, w.cookies.advisor, { back: '/event/requests' })).status, 303);
  t.is((await requestIdByTitle('Docker will not start')).status, 'open');
  t.is((await form(`/event/requests/${annReq.id}/claim`, w.cookies.advisor, { back: '/event/requests' })).status, 303);
  t.is((await form(`/event/requests/${annReq.id}/resolve`, w.cookies.ann, { back: '/event/requests' })).status, 303);
  t.is((await requestIdByTitle('Docker will not start')).status, 'resolved');
  const closedThread = await form(`/event/chats/${annReq.threadChannelId}/posts`, w.cookies.ann, { body: 'one more', back: `/event/chats/${annReq.threadChannelId}` });
  t.is(closedThread.status, 409, 'a resolved thread is read-only');
  t.is((await form(`/event/requests/${annReq.id}/reopen`, w.cookies.ann, { back: '/event/requests' })).status, 303);
  t.is((await requestIdByTitle('Docker will not start')).status, 'open');
  t.is((await form(`/event/requests/${bobReq.id}/resolve`, w.cookies.ann, { back: '/event/requests' })).status, 404, "another team's request does not exist for Ann");

  const thread = await get(`/event/chats/${annReq.threadChannelId}`, w.cookies.ann);
  t.is(thread.status, 200);
  t.regex(thread.text, /Thread: Docker will not start/);
  t.true(thread.text.includes('It says\nno space'));
  t.is((await get(`/event/chats/${annReq.threadChannelId}`, w.cookies.bob)).status, 404);
  t.is((await get(`/event/chats/${annReq.threadChannelId}`, w.cookies.eve)).status, 404);
  t.is((await get('/event/chats/not-a-uuid', w.cookies.ann)).status, 400);
});

test('feed moderation, reactions and replies through the page forms', async (t) => {
  const r = await http(s.url, 'POST', '/api/v1/event/feed/posts', { key: w.ownerKey, body: { body: 'moderate me' } });
  const id = r.body.id as string;
  const back = { back: '/event/feed' };
  t.is((await form(`/event/posts/${id}/pin`, w.cookies.ann, back)).status, 403, 'participants do not pin');
  t.is((await form(`/event/posts/${id}/react`, w.cookies.ann, { ...back, emoji: '👍' })).status, 303);
  let feed = await get('/event/feed', w.cookies.bob);
  t.regex(feed.text, /👍 1/);
  t.is((await form(`/event/chats/${w.feedChannel}/posts`, w.cookies.bob, { body: 'a reply', threadId: id, back: `/event/chats/${w.feedChannel}/posts/${id}` })).status, 303);
  const thread = await get(`/event/chats/${w.feedChannel}/posts/${id}`, w.cookies.ann);
  t.is(thread.status, 200);
  t.true(thread.text.includes('moderate me'));
  t.true(thread.text.includes('a reply'));
  feed = await get('/event/feed', w.cookies.ann);
  t.regex(feed.text, /Reply \(1 reply\)/);

  const organizerFeed = await get('/event/feed', w.cookies.owner);
  t.true(organizerFeed.text.includes(`/event/posts/${id}/pin`), 'organizers get the moderation forms');
  t.false(feed.text.includes(`/event/posts/${id}/pin`), 'participants do not');
  t.is((await form(`/event/posts/${id}/pin`, w.cookies.owner, back)).status, 303);
  t.regex((await get('/event', w.cookies.ann)).text, /moderate me/, 'pinned: on the event home');
  t.is((await form(`/event/posts/${id}/unpin`, w.cookies.owner, back)).status, 303);
  t.is((await form(`/event/posts/${id}/hide`, w.cookies.owner, { ...back, reason: '' })).status, 400, 'a reason is needed');
  t.is((await form(`/event/posts/${id}/hide`, w.cookies.owner, { ...back, reason: 'off topic' })).status, 303);
  t.false((await get('/event/feed', w.cookies.ann)).text.includes('moderate me'), 'hidden from participants');
  t.regex((await get('/event/feed', w.cookies.owner)).text, /hidden: off topic/);
  t.is((await form(`/event/posts/${id}/pin`, w.cookies.owner, back)).status, 409, 'post_hidden');
  t.is((await form(`/event/posts/${id}/restore`, w.cookies.owner, back)).status, 303);
  const restored = await get('/event/feed', w.cookies.ann);
  t.true(restored.text.includes('moderate me'));
  t.is((await form(`/event/posts/${id}/hide`, w.cookies.eve, { ...back, reason: 'x' })).status, 404, 'another workspace: no such post');
});

test('gallery: every role but strangers sees every team with its state words', async (t) => {
  for (const who of ['ann', 'jury', 'advisor', 'owner'] as const) {
    const r = await get('/event/gallery', w.cookies[who]);
    t.is(r.status, 200, who);
    t.true(r.text.includes('Rocket') && r.text.includes('Comet'), who);
    t.regex(r.text, /<span class="badge">(none|pending)<\/span>/, who);
  }
  t.false((await get('/event/gallery', w.cookies.eve)).text.includes('Rocket'));
  t.is((await get('/event/gallery', w.cookies.stranger)).status, 403);
});

test('organizer pages: refused to every other role; schedule with the expected version; roster lock, import; submissions; vote', async (t) => {
  for (const p of ['/event/admin', '/event/admin/roster', '/event/admin/submissions', '/event/admin/vote', '/event/admin/ballots']) {
    for (const who of ['ann', 'advisor', 'jury', 'stranger'] as const) t.is((await get(p, w.cookies[who])).status, 403, `${p} ${who}`);
    t.false((await get(p, w.cookies.eve)).text.includes('Rocket'), `${p}: nothing of Acme for another workspace's organizer`);
  }
  const admin = await get('/event/admin', w.cookies.owner);
  t.is(admin.status, 200);
  const version = Number(/name="expectedVersion" value="(\d+)"/.exec(admin.text)![1]);
  const values = Object.fromEntries([...admin.text.matchAll(/<input id="f-(\w+)"[^>]*? value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  const schedule = { name: values.name!, timezone: values.timezone!, startsAt: values.startsAt!, buildEndsAt: values.buildEndsAt!, voteOpensAt: values.voteOpensAt!, voteClosesAt: values.voteClosesAt!, back: '/event/admin' };
  const stale = await form('/event/admin/schedule', w.cookies.owner, { ...schedule, expectedVersion: String(version - 1) });
  t.is(stale.status, 409);
  t.regex(stale.text, new RegExp(`${version}`), 'the refusal names the current version');
  const moved = new Date(Date.parse(schedule.buildEndsAt) + 60_000).toISOString();
  const noReason = await form('/event/admin/schedule', w.cookies.owner, { ...schedule, buildEndsAt: moved, expectedVersion: String(version) });
  t.is(noReason.status, 400, 'reason_required while running');
  t.regex(noReason.text, /reason/i);
  t.is((await form('/event/admin/schedule', w.cookies.owner, { ...schedule, expectedVersion: String(version) })).status, 303);
  t.is((await http(s.url, 'GET', '/api/v1/event', { key: w.ownerKey })).body.version, version + 1);
  t.is((await form('/event/admin/schedule', w.cookies.ann, { ...schedule, expectedVersion: String(version + 1) })).status, 403);

  const roster = await get('/event/admin/roster', w.cookies.owner);
  t.is(roster.status, 200);
  t.true(roster.text.includes('ann@acme.test') && roster.text.includes('Not locked'));
  t.is((await form('/event/admin/roster/lock', w.cookies.owner, { back: '/event/admin/roster' })).status, 303);
  t.regex((await get('/event/admin/roster', w.cookies.owner)).text, /Locked since/);
  const rows = [
    { email: 'ann@acme.test', name: 'Ann Lee', team: 'Rocket' }, { email: 'bob@acme.test', name: 'Bob Ray', team: 'Comet' },
    { email: 'avery@acme.test', role: 'advisor' }, { email: 'jules@acme.test', role: 'jury' },
  ];
  t.is((await form('/event/admin/roster/import', w.cookies.owner, { roster: JSON.stringify({ participants: rows }), back: '/event/admin/roster' })).status, 409, 'roster_locked');
  t.is((await form('/event/admin/roster/unlock', w.cookies.owner, { back: '/event/admin/roster' })).status, 303);
  t.is((await form('/event/admin/roster/import', w.cookies.owner, { roster: '{not json', back: '/event/admin/roster' })).status, 400);
  t.is((await form('/event/admin/roster/import', w.cookies.owner, { roster: JSON.stringify(rows), back: '/event/admin/roster' })).status, 303);
  t.is((await form('/event/admin/roster/lock', w.cookies.ann, { back: '/event/admin/roster' })).status, 403);

  const subs = await get('/event/admin/submissions', w.cookies.owner);
  t.is(subs.status, 200);
  t.true(subs.text.includes('Rocket') && subs.text.includes('Comet'));
  t.regex(subs.text, /Intake is open/);

  t.is((await get('/event/admin/vote', w.cookies.owner)).status, 409, 'vote_off while the section is off');
  t.is((await form('/event/admin/vote-section', w.cookies.owner, { on: 'true', back: '/event/admin' })).status, 303);
  try {
    const vote = await get('/event/admin/vote', w.cookies.owner);
    t.is(vote.status, 200, vote.text.slice(0, 400));
    t.regex(vote.text, /Eligibility \(draft, not locked\)/);
    t.regex(vote.text, /\d+ candidates \(\d+ excluded\), 2 voters \(0 excluded\)/);
    t.is((await get('/event/admin/ballots', w.cookies.owner)).status, 409, 'eligibility_not_locked');
  } finally {
    await form('/event/admin/vote-section', w.cookies.owner, { on: 'false', back: '/event/admin' });
  }
});
