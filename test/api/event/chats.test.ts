// Chats, the feed and help requests over the wire (docs/WIRE.md): shapes and paging, every
// error code of the area with its status, jury refused on every route, the posting rate
// across two API replicas on one database, idempotent retries, bad input (nothing half
// written), another team's chat, and two workspaces (B reads, writes and lists nothing of
// A's, over REST and GraphQL).
import test from 'ava';
import { pushFixture, sendDelivery } from '../../helpers/codehost.ts';
import { assignRepository, createEvent, eventWorkspace, HOUR, importRoster, person, teamIds, type Person } from '../../helpers/event.ts';
import { http, setClock } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { unfitLiveRows } from '../../helpers/live-contract.ts';

let s: TestServer;
let owner: Person, ann: Person, amy: Person, bob: Person, ada: Person, abe: Person, jules: Person, annReader: Person;
let bOwner: Person;
let rocket: string, eventA: string;
let general: string, rocketChat: string, cometChat: string, bGeneral: string;
let clockOffset = 0;

test.before(async () => {
  s = await startTestServer();
  const a = await eventWorkspace(s.db.pool, 'Alpha');
  owner = a.owner;
  ann = await person(s.db.pool, a.ws.id, 'ann@alpha.test');
  amy = await person(s.db.pool, a.ws.id, 'amy@alpha.test');
  bob = await person(s.db.pool, a.ws.id, 'bob@alpha.test');
  ada = await person(s.db.pool, a.ws.id, 'ada@alpha.test');
  abe = await person(s.db.pool, a.ws.id, 'abe@alpha.test');
  jules = await person(s.db.pool, a.ws.id, 'jules@alpha.test');
  annReader = { ...ann, key: (await seed.key(s.db.pool, 'ann@alpha.test', 'hackathon', { scopes: ['hackathon:read'] })).key };
  eventA = (await createEvent(s.url, owner.key, Date.now() + 2 * HOUR)).id;
  await importRoster(s.url, owner.key, [
    { email: 'ann@alpha.test', team: 'Rocket' }, { email: 'amy@alpha.test', team: 'Rocket' }, { email: 'bob@alpha.test', team: 'Comet' },
    { email: 'ada@alpha.test', role: 'advisor' }, { email: 'abe@alpha.test', role: 'advisor' }, { email: 'jules@alpha.test', role: 'jury' },
  ]);
  rocket = (await teamIds(s.db.pool, a.ws.id)).Rocket!;
  const b = await eventWorkspace(s.db.pool, 'Beta');
  bOwner = b.owner;
  await createEvent(s.url, bOwner.key, Date.now() + 2 * HOUR);
  const chans = (await get(owner, '/api/v1/event/chats')).body.items;
  general = chans.find((c: any) => c.kind === 'general').id;
  rocketChat = chans.find((c: any) => c.name === 'Rocket').id;
  cometChat = chans.find((c: any) => c.name === 'Comet').id;
  bGeneral = (await get(bOwner, '/api/v1/event/feed')).body.channel.id;
});
// The rows these changes wrote to the live log fit their kinds' schemas (core/wire/live.ts).
test.after('every live row written here fits its kind\'s schema', async (t) => {
  t.deepEqual(await unfitLiveRows(s.db.pool), []);
});
test.after.always(() => s?.close());
// Each test starts a minute later on the server clock, so the posting rate counts only its own posts.
test.beforeEach(async () => {
  clockOffset += 61;
  await setClock(s.url, clockOffset);
});

const get = (who: Person, path: string) => http(s.url, 'GET', path, { key: who.key });
const send = (who: Person, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => http(s.url, method, path, { key: who.key, body, headers });
const post = (who: Person, channel: string, body: string, threadId?: string) => send(who, 'POST', `/api/v1/event/chats/${channel}/posts`, threadId ? { body, threadId } : { body });
const postCount = async () => (await s.db.pool.query('select count(*)::int as n from app.chat_posts')).rows[0].n as number;
const NO_ID = '00000000-0000-4000-8000-000000000000';

function refusal(t: any, r: { status: number; body: any; text: string }, status: number, code: string, what = '') {
  t.is(r.status, status, `${what} ${r.text}`);
  t.is(r.body?.error?.code, code, `${what} ${r.text}`);
}

test.serial('chats list, post and read: shapes, newest first with a cursor; replies oldest first with a cursor', async (t) => {
  const list = await get(ann, '/api/v1/event/chats');
  t.is(list.status, 200);
  t.deepEqual(list.body.items.map((c: any) => [c.kind, c.name]), [['general', 'General'], ['team', 'Rocket']]);
  t.is(list.body.nextCursor, null);
  t.like(list.body.items[1], { id: rocketChat, team: { id: rocket, name: 'Rocket' }, request: null });
  const made = [];
  for (const body of ['one', 'two', 'three']) {
    const r = await post(ann, rocketChat, body);
    t.is(r.status, 201, r.text);
    made.push(r.body);
  }
  t.like(made[0], { channelId: rocketChat, kind: 'post', author: { id: ann.userId, name: 'ann' }, role: 'participant', body: 'one', replyCount: 0 });
  const p1 = await get(amy, `/api/v1/event/chats/${rocketChat}/posts?limit=2`);
  t.deepEqual(p1.body.items.map((p: any) => p.body), ['three', 'two']);
  t.truthy(p1.body.nextCursor);
  const p2 = await get(amy, `/api/v1/event/chats/${rocketChat}/posts?limit=2&cursor=${p1.body.nextCursor}`);
  t.deepEqual(p2.body.items.map((p: any) => p.body), ['one']);
  t.is(p2.body.nextCursor, null);
  for (const body of ['r1', 'r2', 'r3']) t.is((await post(ada, rocketChat, body, made[0].id)).status, 201);
  const r1 = await get(ann, `/api/v1/event/chats/${rocketChat}/posts/${made[0].id}/replies?limit=2`);
  t.is(r1.status, 200, r1.text);
  t.like(r1.body.root, { id: made[0].id, replyCount: 3 });
  t.deepEqual(r1.body.items.map((p: any) => [p.body, p.role]), [['r1', 'advisor'], ['r2', 'advisor']]);
  const r2 = await get(ann, `/api/v1/event/chats/${rocketChat}/posts/${made[0].id}/replies?limit=2&cursor=${r1.body.nextCursor}`);
  t.deepEqual(r2.body.items.map((p: any) => p.body), ['r3']);
  t.is(r2.body.nextCursor, null);
  const view = await get(ann, `/api/v1/event/chats/${rocketChat}`);
  t.like(view.body, { channel: { id: rocketChat, kind: 'team', name: 'Rocket' }, pinned: [] });
});

test.serial('the feed: post, list, show with pins newest first; hide and restore by post id on any channel (organizers); the reason organizers only', async (t) => {
  const a = (await send(bob, 'POST', '/api/v1/event/feed/posts', { body: 'feed one' })).body;
  const b = (await send(ada, 'POST', '/api/v1/event/feed/posts', { body: 'feed two' })).body;
  t.is(a.channelId, general);
  const list = await get(ann, '/api/v1/event/feed/posts?limit=2');
  t.deepEqual(list.body.items.map((p: any) => p.body), ['feed two', 'feed one']);
  t.is((await send(owner, 'POST', `/api/v1/event/posts/${a.id}/pin`)).body.pinned, true);
  t.is((await send(owner, 'POST', `/api/v1/event/posts/${b.id}/pin`)).body.pinned, true);
  const show = await get(bob, '/api/v1/event/feed');
  t.is(show.body.channel.name, 'General');
  t.deepEqual(show.body.pinned.map((p: any) => p.id), [b.id, a.id]);
  t.is((await send(owner, 'POST', `/api/v1/event/posts/${a.id}/unpin`)).body.pinned, false);
  // A team chat's post, moderated by id.
  const c = (await post(bob, cometChat, 'comet post')).body;
  await send(amy, 'PUT', `/api/v1/event/posts/${b.id}/reactions/${encodeURIComponent('🎉')}`);
  const hidden = await send(owner, 'POST', `/api/v1/event/posts/${c.id}/hide`, { reason: 'Off topic' });
  t.like(hidden.body, { hidden: true, hiddenReason: 'Off topic' });
  t.true((await get(owner, `/api/v1/event/chats/${cometChat}/posts`)).body.items.some((p: any) => p.id === c.id && p.hiddenReason === 'Off topic'));
  t.false((await get(bob, `/api/v1/event/chats/${cometChat}/posts`)).body.items.some((p: any) => p.id === c.id), 'hidden from the team');
  t.false((await get(ada, `/api/v1/event/chats/${cometChat}/posts`)).body.items.some((p: any) => p.id === c.id), 'hidden from advisors');
  refusal(t, await send(owner, 'POST', `/api/v1/event/posts/${c.id}/pin`), 409, 'post_hidden');
  const restored = await send(owner, 'POST', `/api/v1/event/posts/${c.id}/restore`);
  t.like(restored.body, { hidden: false, hiddenReason: null, reactions: [] });
  const h2 = await send(owner, 'POST', `/api/v1/event/posts/${b.id}/hide`, { reason: 'Again' });
  t.like(h2.body, { pinned: false, reactions: [] }, 'hiding unpins and clears reactions');
  t.like((await send(owner, 'POST', `/api/v1/event/posts/${b.id}/restore`)).body, { reactions: [] });
  // the live rows of a REST hide carry the reason for organizers only
  const live = (await s.db.pool.query(`select roles, payload from app_private.live_events where kind = 'post.hidden' and payload ->> 'postId' = $1 order by id`, [b.id])).rows;
  t.deepEqual(live.map((r) => [r.roles, r.payload.reason ?? null]), [[['organizer'], 'Again'], [['participant', 'advisor'], null]]);
});

test.serial('every error code of the area answers its status; unknown post ids the spec\'s sentence', async (t) => {
  refusal(t, await get(ann, `/api/v1/event/chats/${NO_ID}/posts`), 404, 'channel_not_found');
  refusal(t, await get(ann, `/api/v1/event/chats/${cometChat}/posts`), 404, 'channel_not_found', 'another team\'s chat read');
  refusal(t, await post(ann, cometChat, 'hi'), 404, 'channel_not_found', 'another team\'s chat written');
  const nf = await send(owner, 'POST', `/api/v1/event/posts/${NO_ID}/pin`);
  refusal(t, nf, 404, 'post_not_found');
  t.is(nf.body.error.message, `There is no post ${NO_ID} in this channel`);
  refusal(t, await get(ann, `/api/v1/event/chats/${general}/posts/${NO_ID}/replies`), 404, 'post_not_found');
  const root = (await post(ann, general, 'root')).body;
  const reply = (await post(amy, general, 'reply', root.id)).body;
  refusal(t, await post(ann, general, 'nested', reply.id), 400, 'not_a_thread_root');
  refusal(t, await post(ann, rocketChat, 'wrong channel', root.id), 404, 'post_not_found');
  await send(owner, 'POST', `/api/v1/event/posts/${reply.id}/hide`, { reason: 'x' });
  refusal(t, await send(owner, 'POST', `/api/v1/event/posts/${reply.id}/pin`), 409, 'post_hidden');
  refusal(t, await get(ann, `/api/v1/event/requests/${NO_ID}`), 404, 'request_not_found');
  const req = (await send(ann, 'POST', '/api/v1/event/requests', { title: 'Help', body: 'please' })).body;
  t.is((await send(ada, 'POST', `/api/v1/event/requests/${req.id}/claim`)).status, 200);
  refusal(t, await send(abe, 'POST', `/api/v1/event/requests/${req.id}/claim`), 409, 'request_claimed');
  t.like((await send(ann, 'POST', `/api/v1/event/requests/${req.id}/resolve`)).body, { status: 'resolved' });
  refusal(t, await post(amy, req.threadChannelId, 'more'), 409, 'request_resolved');
  refusal(t, await send(ann, 'POST', `/api/v1/event/requests/${req.id}/claim`), 403, 'insufficient_event_role');
  refusal(t, await send(ann, 'POST', `/api/v1/event/posts/${root.id}/pin`), 403, 'insufficient_event_role');
});

test.serial('requests over the wire: open, list by status with a cursor, show, claim, unclaim, resolve, reopen', async (t) => {
  const opened = await send(ann, 'POST', '/api/v1/event/requests', { title: 'Wire one', body: 'b' });
  t.is(opened.status, 201, opened.text);
  t.like(opened.body, { status: 'open', team: { name: 'Rocket' }, title: 'Wire one', claimedBy: null });
  await send(amy, 'POST', '/api/v1/event/requests', { title: 'Wire two', body: 'b' });
  const page = await get(ada, '/api/v1/event/requests?status=open&limit=1');
  t.is(page.body.items.length, 1);
  t.is(page.body.items[0].title, 'Wire two');
  const next = await get(ada, `/api/v1/event/requests?status=open&limit=1&cursor=${page.body.nextCursor}`);
  t.is(next.body.items[0].title, 'Wire one');
  refusal(t, await get(ada, '/api/v1/event/requests?status=closed'), 400, 'invalid_input');
  const id = opened.body.id;
  t.like((await get(amy, `/api/v1/event/requests/${id}`)).body, { id, title: 'Wire one' });
  refusal(t, await get(bob, `/api/v1/event/requests/${id}`), 404, 'request_not_found', 'another team');
  t.like((await send(ada, 'POST', `/api/v1/event/requests/${id}/claim`)).body, { status: 'claimed', claimedBy: { name: 'ada' } });
  t.like((await send(ada, 'POST', `/api/v1/event/requests/${id}/unclaim`)).body, { status: 'open', claimedBy: null });
  t.like((await send(owner, 'POST', `/api/v1/event/requests/${id}/resolve`)).body, { status: 'resolved' });
  t.like((await send(amy, 'POST', `/api/v1/event/requests/${id}/reopen`)).body, { status: 'open' });
  const chans = (await get(ann, '/api/v1/event/chats')).body.items;
  t.is(chans[2].kind, 'request', 'request threads come after the team chat');
  t.is(chans[2].name, 'Wire two', 'newest first');
});

test.serial('the posting rate holds across two API replicas: the eleventh post is 429 rate_limited with Retry-After, whichever replica takes it', async (t) => {
  const s2 = await startTestServer({ db: s.db });
  try {
    const before = await postCount();
    for (let i = 1; i <= 10; i++) {
      const base = i % 2 ? s.url : s2.url;
      const r = await http(base, 'POST', `/api/v1/event/chats/${general}/posts`, { key: bob.key, body: { body: `n${i}` } });
      t.is(r.status, 201, `post ${i} on ${i % 2 ? 'A' : 'B'}: ${r.text}`);
    }
    for (const base of [s.url, s2.url]) {
      const r = await http(base, 'POST', `/api/v1/event/chats/${general}/posts`, { key: bob.key, body: { body: 'eleventh' } });
      refusal(t, r, 429, 'rate_limited');
      t.true(r.body.error.retryAfterSeconds >= 1 && r.body.error.retryAfterSeconds <= 60);
      t.is(r.headers.get('retry-after'), String(r.body.error.retryAfterSeconds));
    }
    t.is(await postCount(), before + 10);
    // Concurrent posts on both replicas at once still stop at ten.
    clockOffset += 61;
    await setClock(s.url, clockOffset);
    const burst = await Promise.all(Array.from({ length: 16 }, (_, i) =>
      http(i % 2 ? s.url : s2.url, 'POST', `/api/v1/event/feed/posts`, { key: amy.key, body: { body: `burst ${i}` } })));
    t.is(burst.filter((r) => r.status === 201).length, 10);
    t.is(burst.filter((r) => r.status === 429).length, 6);
  } finally {
    await s2.close();
  }
});

test.serial('Idempotency-Key: a post or a request sent twice is one, and the second answer equals the first', async (t) => {
  const before = await postCount();
  const key = { 'idempotency-key': 'post-retry-1' };
  const a = await send(ann, 'POST', `/api/v1/event/chats/${rocketChat}/posts`, { body: 'once' }, key);
  const b = await send(ann, 'POST', `/api/v1/event/chats/${rocketChat}/posts`, { body: 'once' }, key);
  t.is(a.status, 201);
  t.is(b.status, 201);
  t.deepEqual(b.body, a.body);
  t.is(await postCount(), before + 1);
  refusal(t, await send(ann, 'POST', `/api/v1/event/chats/${rocketChat}/posts`, { body: 'another body' }, key), 422, 'idempotency_key_reused');
  const f1 = await send(ann, 'POST', '/api/v1/event/feed/posts', { body: 'feed once' }, { 'idempotency-key': 'feed-retry' });
  const f2 = await send(ann, 'POST', '/api/v1/event/feed/posts', { body: 'feed once' }, { 'idempotency-key': 'feed-retry' });
  t.deepEqual(f2.body, f1.body);
  const requests = async () => (await s.db.pool.query('select count(*)::int as n from app.help_requests')).rows[0].n as number;
  const r0 = await requests();
  const o1 = await send(ann, 'POST', '/api/v1/event/requests', { title: 'Once', body: 'b' }, { 'idempotency-key': 'open-retry' });
  const o2 = await send(ann, 'POST', '/api/v1/event/requests', { title: 'Once', body: 'b' }, { 'idempotency-key': 'open-retry' });
  t.is(o2.status, 201);
  t.deepEqual(o2.body, o1.body);
  t.is(await requests(), r0 + 1);
  const cards = (await s.db.pool.query(`select count(*)::int as n from app.chat_posts where kind = 'request' and activity ->> 'requestId' = $1`, [o1.body.id])).rows[0].n;
  t.is(cards, 1, 'one card');
});

test.serial('bad input is refused with its code and writes nothing: over-long, empty, control characters, not UTF-8, malformed ids and cursors', async (t) => {
  const before = await postCount();
  const url = `/api/v1/event/chats/${rocketChat}/posts`;
  for (const [what, body] of [['empty', ''], ['blank', ' \n '], ['over-long', 'x'.repeat(4001)], ['bell', 'a\u0007b'], ['escape', '\u001b[2J'], ['NUL', 'a\u0000b'], ['lone surrogate', 'a\ud800b']] as const) {
    const r = await post(ann, rocketChat, body);
    refusal(t, r, 400, 'invalid_input', what);
  }
  const notUtf8 = await fetch(s.url + url, { method: 'POST', headers: { authorization: `Bearer ${ann.key}`, 'content-type': 'application/json' },
    body: Buffer.concat([Buffer.from('{"body":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]) });
  const nb = await notUtf8.json();
  t.is(notUtf8.status, 400);
  t.is(nb.error.code, 'invalid_input');
  t.regex(nb.error.message, /not UTF-8/);
  refusal(t, await send(ann, 'POST', '/api/v1/event/requests', { title: 'two\nlines', body: 'b' }, {}), 400, 'invalid_input', 'title with a newline');
  refusal(t, await send(ann, 'POST', '/api/v1/event/requests', { title: 'x'.repeat(201), body: 'b' }), 400, 'invalid_input', 'long title');
  refusal(t, await send(owner, 'POST', `/api/v1/event/posts/${NO_ID}/hide`, { reason: 'x'.repeat(501) }), 400, 'invalid_input', 'long reason');
  refusal(t, await get(ann, '/api/v1/event/chats/not-an-id/posts'), 400, 'invalid_input', 'malformed channel id');
  refusal(t, await post(ann, rocketChat, 'x', 'not-an-id'), 400, 'invalid_input', 'malformed thread id');
  refusal(t, await send(owner, 'POST', '/api/v1/event/posts/123/pin'), 400, 'invalid_input', 'malformed post id');
  refusal(t, await get(ann, '/api/v1/event/requests/123'), 400, 'invalid_input', 'malformed request id');
  refusal(t, await get(ann, `/api/v1/event/chats/${rocketChat}/posts?cursor=garbage`), 400, 'invalid_cursor');
  refusal(t, await get(ann, `/api/v1/event/chats/${rocketChat}/posts?limit=101`), 400, 'invalid_input');
  t.is(await postCount(), before, 'nothing written');
});

test.serial('jury is refused on every chat, feed and request route with 403 insufficient_event_role', async (t) => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/v1/event/chats'], ['GET', `/api/v1/event/chats/${general}`], ['GET', `/api/v1/event/chats/${general}/posts`],
    ['POST', `/api/v1/event/chats/${general}/posts`, { body: 'x' }], ['GET', `/api/v1/event/chats/${general}/posts/${NO_ID}/replies`],
    ['GET', '/api/v1/event/feed'], ['GET', '/api/v1/event/feed/posts'], ['POST', '/api/v1/event/feed/posts', { body: 'x' }],
    ['POST', `/api/v1/event/posts/${NO_ID}/pin`], ['POST', `/api/v1/event/posts/${NO_ID}/unpin`], ['POST', `/api/v1/event/posts/${NO_ID}/hide`, { reason: 'r' }],
    ['POST', `/api/v1/event/posts/${NO_ID}/restore`], ['PUT', `/api/v1/event/posts/${NO_ID}/reactions/x`], ['DELETE', `/api/v1/event/posts/${NO_ID}/reactions/x`],
    ['GET', '/api/v1/event/requests'], ['POST', '/api/v1/event/requests', { title: 't', body: 'b' }], ['GET', `/api/v1/event/requests/${NO_ID}`],
    ['POST', `/api/v1/event/requests/${NO_ID}/claim`], ['POST', `/api/v1/event/requests/${NO_ID}/unclaim`],
    ['POST', `/api/v1/event/requests/${NO_ID}/resolve`], ['POST', `/api/v1/event/requests/${NO_ID}/reopen`],
  ];
  for (const [method, path, body] of routes) refusal(t, await send(jules, method, path, body), 403, 'insufficient_event_role', `${method} ${path}`);
});

test.serial('a read-only key reads but is refused every write with insufficient_scope', async (t) => {
  t.is((await get(annReader, '/api/v1/event/chats')).status, 200);
  refusal(t, await post(annReader, rocketChat, 'x'), 403, 'insufficient_scope');
  refusal(t, await send(annReader, 'POST', '/api/v1/event/requests', { title: 't', body: 'b' }), 403, 'insufficient_scope');
});

test.serial('two workspaces: B reads, writes and lists nothing of A\'s channels, posts and requests, over REST and GraphQL', async (t) => {
  const aPost = (await post(ann, general, 'A only')).body;
  const aReq = (await send(ann, 'POST', '/api/v1/event/requests', { title: 'A request', body: 'b' })).body;
  // REST: B's owner (an organizer of B) names A's ids.
  refusal(t, await get(bOwner, `/api/v1/event/chats/${general}/posts`), 404, 'channel_not_found');
  refusal(t, await get(bOwner, `/api/v1/event/chats/${general}`), 404, 'channel_not_found');
  refusal(t, await post(bOwner, general, 'into A'), 404, 'channel_not_found');
  refusal(t, await send(bOwner, 'POST', `/api/v1/event/posts/${aPost.id}/pin`), 404, 'post_not_found');
  refusal(t, await send(bOwner, 'POST', `/api/v1/event/posts/${aPost.id}/hide`, { reason: 'x' }), 404, 'post_not_found');
  refusal(t, await send(bOwner, 'PUT', `/api/v1/event/posts/${aPost.id}/reactions/x`), 404, 'post_not_found');
  refusal(t, await get(bOwner, `/api/v1/event/requests/${aReq.id}`), 404, 'request_not_found');
  refusal(t, await send(bOwner, 'POST', `/api/v1/event/requests/${aReq.id}/resolve`), 404, 'request_not_found');
  refusal(t, await get(bOwner, `/api/v1/event/chats/${aReq.threadChannelId}/posts`), 404, 'channel_not_found');
  const bList = (await get(bOwner, '/api/v1/event/chats')).body.items;
  t.deepEqual(bList.map((c: any) => c.id), [bGeneral]);
  t.false((await get(bOwner, '/api/v1/event/feed/posts')).body.items.some((p: any) => p.id === aPost.id));
  t.deepEqual((await get(bOwner, '/api/v1/event/requests')).body.items, []);
  // A's workspace named by B's key: not a member, refused before any chat is read.
  const named = await http(s.url, 'GET', '/api/v1/event/chats', { key: bOwner.key, headers: { 'podium-workspace': (await s.db.pool.query(`select workspace_id from app.events e join app.chat_channels c on c.event_id = e.id where c.id = $1`, [general])).rows[0].workspace_id } });
  t.true(named.status >= 400 && named.status < 500, named.text);
  // GraphQL: the tables under row security, the query functions and a mutation.
  const gql = async (query: string) => (await http(s.url, 'POST', '/graphql', { key: bOwner.key, body: { query } })).body;
  const reads = await gql(`{ c: allChatChannels { nodes { rowId } } p: allChatPosts { nodes { rowId } } r: allHelpRequests { nodes { rowId } } x: allChatReactions { totalCount } }`);
  t.deepEqual(reads.data.c.nodes.map((n: any) => n.rowId), [bGeneral]);
  t.false(reads.data.p.nodes.some((n: any) => n.rowId === aPost.id));
  t.deepEqual(reads.data.r.nodes, []);
  const q = await gql(`{ listChatPosts(channel: "${general}", limit: 10) { id body } }`);
  t.is(q.errors?.[0]?.extensions?.code, 'channel_not_found');
  const m = await gql(`mutation { createChatPost(input: { channel: "${general}", body: "from B" }) { result { id } } }`);
  t.is(m.errors?.[0]?.extensions?.code, 'channel_not_found', JSON.stringify(m));
  const show = await gql(`{ showHelpRequest(id: "${aReq.id}") { id title } }`);
  t.is(show.errors?.[0]?.extensions?.code, 'request_not_found');
  // A's own reads over GraphQL see A's rows (the allow side).
  const aReads = (await http(s.url, 'POST', '/graphql', { key: ann.key, body: { query: '{ allChatPosts { nodes { rowId } } allHelpRequests { nodes { rowId } } }' } })).body;
  t.true(aReads.data.allChatPosts.nodes.some((n: any) => n.rowId === aPost.id));
  t.true(aReads.data.allHelpRequests.nodes.some((n: any) => n.rowId === aReq.id));
  // Notifications: A's post and request went to A's event only, and B's refused write published nothing.
  const rowsAbout = async (text: string) => (await s.db.pool.query(`select l.event_id, l.workspace_id from app_private.live_events l where l.payload::text like $1`, [`%${text}%`])).rows;
  const aRows = [...(await rowsAbout(aPost.id)), ...(await rowsAbout(aReq.id))];
  t.true(aRows.length >= 2);
  t.true(aRows.every((r) => r.event_id === eventA), 'every row about A\'s post and request is in A\'s event');
  t.deepEqual(await rowsAbout('from B'), []);
  t.deepEqual(await rowsAbout('into A'), []);
});

test.serial('a post made over the wire is in the live log with its channel\'s audience', async (t) => {
  const p = (await post(amy, rocketChat, 'live check')).body;
  const row = (await s.db.pool.query(`select kind, roles, team_id, payload from app_private.live_events where payload #>> '{post,id}' = $1`, [p.id])).rows[0];
  t.deepEqual([row.kind, row.roles, row.team_id], ['post.created', ['participant', 'advisor', 'organizer'], rocket]);
  t.deepEqual(row.payload, { channelId: rocketChat, post: p });
});

test.serial('signed push and pull request deliveries become activity items in the team chat; a replay adds none; other teams never see them', async (t) => {
  t.is((await send(owner, 'PUT', '/api/v1/event/github', { organization: 'Octocoders', template: 'Octocoders/template' })).status, 200);
  await assignRepository(s.db.pool, rocket, 'Octocoders/Rocket', 'ready');
  const push = pushFixture('Octocoders/Rocket', { head_commit: { id: '0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c', message: 'Update README.md\n\nmore' } });
  t.like((await sendDelivery(s.url, { eventId: eventA, payload: push, delivery: 'push-1' })).body, { verdict: 'accepted', duplicate: false });
  t.like((await sendDelivery(s.url, { eventId: eventA, payload: push, delivery: 'push-1' })).body, { duplicate: true });
  t.like((await sendDelivery(s.url, { eventId: eventA, kind: 'pull_request', payload: {
    action: 'opened', number: 2, pull_request: { number: 2, title: 'Update the README', head: { ref: 'changes', sha: 'd'.repeat(40) } },
    repository: push.repository, organization: { login: 'Octocoders' }, sender: { login: 'Codertocat' } } })).body, { verdict: 'accepted' });
  t.like((await sendDelivery(s.url, { eventId: eventA, payload: pushFixture('Octocoders/Rocket', { ref: 'refs/heads/dev' }) })).body, { refusal: 'wrong_branch' });
  const items = (await get(amy, `/api/v1/event/chats/${rocketChat}/posts?limit=100`)).body.items.filter((p: any) => p.kind === 'push' || p.kind === 'pull_request');
  t.deepEqual(items.map((p: any) => [p.kind, p.body]), [
    ['pull_request', 'Pull request #2 opened: Update the README'],
    ['push', 'Codertocat pushed 0d1a26e67d8f to main: Update README.md'],
  ]);
  t.like(items[1].activity, { ref: 'refs/heads/main', branch: 'main', sha: '0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c', pusher: 'Codertocat', late: false });
  t.like(items[0].activity, { number: 2, action: 'opened', title: 'Update the README', ref: 'changes', sha: 'd'.repeat(40) });
  const live = (await s.db.pool.query(`select roles, team_id from app_private.live_events where payload #>> '{post,id}' = any ($1)`, [items.map((p: any) => p.id)])).rows;
  t.deepEqual(live.map((r) => [r.roles, r.team_id]), [[['participant', 'advisor', 'organizer'], rocket], [['participant', 'advisor', 'organizer'], rocket]]);
  refusal(t, await get(bob, `/api/v1/event/chats/${rocketChat}/posts`), 404, 'channel_not_found');
});
