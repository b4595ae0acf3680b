// Chats, the feed and help requests in SQL: the channels that come with the
// event and its teams, row security (an allow and a deny per policy), posts and threads, the
// posting rate, every row of the Post moderation and Help request tables, the author shown
// for an erased account, activity items from receipts, and the live row each change writes
// with its audience.
import test from 'ava';
import type pg from 'pg';
import { asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import * as seed from '../../../ops/harness/seed.ts';

const RW = ['hackathon:read', 'hackathon:write'];
const ROSTER = [
  { email: 'ann@a.test', team: 'Rocket' }, { email: 'amy@a.test', team: 'Rocket' }, { email: 'bob@a.test', team: 'Comet' },
  { email: 'ada@a.test', role: 'advisor' }, { email: 'abe@a.test', role: 'advisor' }, { email: 'jules@a.test', role: 'jury' },
  { email: 'rita@a.test', role: 'organizer' }, { email: 'erin@a.test', team: 'Rocket' },
];
let db: TestDatabase;
let ws: { id: string }, other: { id: string };
const u: Record<string, string> = {};
let rocket: string, comet: string, eventId: string;
let general: string, rocketChat: string, cometChat: string, betaGeneral: string;

test.before(async () => {
  db = await createTestDatabase();
  ws = await seed.workspace(db.pool, 'Alpha');
  other = await seed.workspace(db.pool, 'Beta');
  u.owner = (await seed.member(db.pool, ws.id, 'owner@a.test', 'owner', 'Olive Owner')).userId;
  for (const n of ['ann', 'amy', 'bob', 'ada', 'abe', 'jules', 'stranger', 'rita', 'erin']) u[n] = (await seed.member(db.pool, ws.id, `${n}@a.test`, 'member', n[0]!.toUpperCase() + n.slice(1))).userId;
  u.outsider = (await seed.member(db.pool, other.id, 'out@b.test', 'owner', 'Otto')).userId;
  const configure = `select app.configure_event(0, 'Hack', 'UTC', app.now() + interval '1 hour', app.now() + interval '25 hours',
    app.now() + interval '26 hours', app.now() + interval '27 hours')`;
  await as(u.owner!)((c) => c.query(configure));
  await as(u.outsider!, other.id, 'owner')((c) => c.query(configure));
  await as(u.owner!)((c) => c.query(`select app.import_roster($1)`, [JSON.stringify(ROSTER)]));
  const { rows } = await db.pool.query(`select id, name from app.projects where workspace_id = $1`, [ws.id]);
  rocket = rows.find((r) => r.name === 'Rocket').id;
  comet = rows.find((r) => r.name === 'Comet').id;
  eventId = (await db.pool.query(`select id from app.events where workspace_id = $1`, [ws.id])).rows[0].id;
  const ch = async (where: string, params: unknown[]) => (await db.pool.query(`select id from app.chat_channels where ${where}`, params)).rows[0].id as string;
  general = await ch(`event_id = $1 and kind = 'general'`, [eventId]);
  rocketChat = await ch(`team_id = $1 and kind = 'team'`, [rocket]);
  cometChat = await ch(`team_id = $1 and kind = 'team'`, [comet]);
  betaGeneral = await ch(`kind = 'general' and event_id = (select id from app.events where workspace_id = $1)`, [other.id]);
});
test.after.always(() => db?.drop());
// Each test starts a minute later on the server clock, so the posting rate (10 a minute per
// account) counts only its own posts; the rate test below is the one that fills a window.
test.beforeEach(async () => {
  await db.pool.query(`update app_private.clock set offset_seconds = offset_seconds + 61`);
});

function as(user: string, workspace = ws.id, role = 'member', scopes = RW) {
  return asUser(db.pool, user, workspace, role, scopes);
}
const roleOf = (user: string) => (user === u.owner ? 'owner' : 'member');
async function call<T = any>(user: string, sql: string, params: unknown[] = []): Promise<T> {
  return (await as(user, ws.id, roleOf(user))((c) => c.query(`select ${sql} as r`, params))).rows[0].r as T;
}
async function refused(t: any, user: string, sql: string, params: unknown[], code: string, scopes = RW) {
  const err = await t.throwsAsync(as(user, ws.id, roleOf(user), scopes)((c) => c.query(`select ${sql} as r`, params)));
  t.is(err?.detail, code, `${sql} as ${Object.keys(u).find((k) => u[k] === user)}: ${err?.message}`);
  return err as { detail: string; hint: string; message: string };
}
const post = (user: string, channel: string, body: string, thread: string | null = null) => call(user, 'app.create_chat_post($1, $2, $3)', [channel, body, thread]);
async function liveSince(id: number): Promise<{ id: number; kind: string; roles: string[]; team_id: string | null; payload: any }[]> {
  return (await db.pool.query(`select id::int, kind, roles, team_id, payload from app_private.live_events where id > $1 order by id`, [id])).rows;
}
const lastLive = async () => (await db.pool.query(`select coalesce(max(id), 0)::int as n from app_private.live_events`)).rows[0].n as number;
const rows = async (user: string, sql: string, scopes = RW, workspace = ws.id) => (await as(user, workspace, user === u.owner ? 'owner' : 'member', scopes)((c) => c.query(sql))).rows;
const FULL = ['participant', 'advisor', 'organizer'];

// Channels ------------------------------------------------------------------------------

test.serial('every event has its general channel and every team its chat, a team joining later too', async (t) => {
  const { rows: chs } = await db.pool.query(`select kind, team_id from app.chat_channels where event_id = $1 order by kind`, [eventId]);
  t.deepEqual(chs.map((c) => c.kind).sort(), ['general', 'team', 'team']);
  await call(u.owner!, 'app.import_roster($1)', [JSON.stringify([...ROSTER, { email: 'nia@a.test', team: 'Nova' }])]);
  const nova = await db.pool.query(`select c.id from app.chat_channels c join app.projects p on p.id = c.team_id where p.name = 'Nova' and c.kind = 'team'`);
  t.is(nova.rowCount, 1);
  const list = await call(u.ada!, 'app.list_chat_channels()');
  t.deepEqual(list.map((c: any) => [c.kind, c.name]), [['general', 'General'], ['team', 'Comet'], ['team', 'Nova'], ['team', 'Rocket']]);
  const mine = await call(u.ann!, 'app.list_chat_channels()');
  t.deepEqual(mine.map((c: any) => c.name), ['General', 'Rocket'], 'a participant lists the general channel and the own team chat');
});

test('chats list: jury is refused insufficient_event_role, a member off the roster not_on_roster', async (t) => {
  await refused(t, u.jules!, 'app.list_chat_channels()', [], 'insufficient_event_role');
  await refused(t, u.stranger!, 'app.list_chat_channels()', [], 'not_on_roster');
  await refused(t, u.ann!, 'app.list_chat_channels()', [], 'insufficient_scope', ['hackathon:write']);
});

// Row security --------------------------------------------------------------------------

test.serial('chat_channels_select: a participant reads general and the own team chat; advisors and organizers every one; jury, strangers, other workspaces and keys without read nothing', async (t) => {
  const names = async (user: string) => (await rows(user, 'select id from app.chat_channels')).map((r) => r.id).sort();
  t.deepEqual(await names(u.ann!), [general, rocketChat].sort());
  t.true((await names(u.ada!)).includes(cometChat));
  t.true((await names(u.owner!)).includes(cometChat));
  t.true((await names(u.rita!)).includes(rocketChat), 'a roster organizer');
  t.deepEqual(await names(u.jules!), []);
  t.deepEqual(await names(u.stranger!), []);
  t.deepEqual((await rows(u.outsider!, 'select id from app.chat_channels', RW, other.id)).map((r) => r.id), [betaGeneral]);
  t.deepEqual((await rows(u.outsider!, 'select id from app.chat_channels', RW, ws.id)), [], 'naming a workspace you are not in shows nothing');
  t.deepEqual(await rows(u.owner!, 'select id from app.chat_channels', ['hackathon:write']), [], 'no read scope, no rows');
});

test.serial('chat_posts_select and chat_reactions_select: the team reads its chat, another team does not; hidden posts organizers only', async (t) => {
  const p = await post(u.ann!, rocketChat, 'Rocket only');
  await call(u.amy!, 'app.add_chat_reaction($1, $2)', [p.id, '👍']);
  const sees = async (user: string, table = 'chat_posts', col = 'id') => (await rows(user, `select ${col} from app.${table}`)).some((r) => r[col] === p.id);
  t.true(await sees(u.amy!));
  t.true(await sees(u.ada!));
  t.false(await sees(u.bob!), 'another team');
  t.false(await sees(u.jules!));
  t.false(await sees(u.stranger!));
  t.true(await sees(u.bob!, 'chat_posts') === false);
  t.true(await sees(u.amy!, 'chat_reactions', 'post_id'));
  t.false(await sees(u.bob!, 'chat_reactions', 'post_id'));
  t.false((await rows(u.amy!, 'select post_id from app.chat_reactions', ['hackathon:write'])).length > 0, 'no read scope');
  const h = await post(u.bob!, general, 'to be hidden');
  await call(u.owner!, 'app.hide_chat_post($1, $2)', [h.id, 'Spam']);
  const hidden = async (user: string) => (await rows(user, 'select id, hidden_reason from app.chat_posts')).find((r) => r.id === h.id);
  t.is((await hidden(u.owner!))?.hidden_reason, 'Spam');
  t.is(await hidden(u.bob!), undefined, 'the author no longer reads a hidden post');
  t.is(await hidden(u.ada!), undefined);
});

test.serial('help_requests_select: the team, advisors and organizers; not another team, jury or another workspace', async (t) => {
  const r = await call(u.ann!, 'app.open_help_request($1, $2)', ['RLS check', 'body']);
  const sees = async (user: string, workspace = ws.id, scopes = RW) => (await rows(user, 'select id from app.help_requests', scopes, workspace)).some((x) => x.id === r.id);
  t.true(await sees(u.amy!));
  t.true(await sees(u.abe!));
  t.true(await sees(u.owner!));
  t.false(await sees(u.bob!));
  t.false(await sees(u.jules!));
  t.false(await sees(u.outsider!, other.id));
  t.false(await sees(u.owner!, ws.id, ['hackathon:write']));
});

test('podium_app writes nothing directly to the chat tables', async (t) => {
  for (const sql of [
    `insert into app.chat_posts (channel_id, body) values ('${general}', 'x')`,
    `update app.chat_posts set body = 'x'`,
    `delete from app.chat_channels`,
    `insert into app.chat_reactions (post_id, user_id, emoji) values (gen_random_uuid(), gen_random_uuid(), 'x')`,
    `update app.help_requests set status = 'resolved'`,
  ]) {
    const err = await t.throwsAsync(as(u.owner!, ws.id, 'owner')((c) => c.query(sql)));
    t.regex(err?.message ?? '', /permission denied/, sql);
  }
});

// Posts, threads, bodies ----------------------------------------------------------------

test('posts keep newlines and tabs and refuse empty, over-long and control-character bodies (nothing written)', async (t) => {
  const ok = await post(u.bob!, general, 'line one\n\tline two');
  t.is(ok.body, 'line one\n\tline two');
  t.is([...(await post(u.abe!, general, 'é'.repeat(4000))).body].length, 4000);
  const count = async () => (await db.pool.query('select count(*)::int as n from app.chat_posts where author_id = $1', [u.bob])).rows[0].n;
  const before = await count();
  for (const bad of ['', '   \n\t', 'x'.repeat(4001), 'bell\u0007', 'esc\u001b[31m', 'cr\r\nlf', 'c1\u0085']) {
    const e = await refused(t, u.bob!, 'app.create_chat_post($1, $2, $3)', [general, bad, null], 'invalid_input');
    t.is(JSON.parse(e.hint).field, 'body');
  }
  t.is(await count(), before);
});

test('a post answers its wire shape: author, role tag, kind, reply count, reactions', async (t) => {
  const p = await post(u.ada!, general, 'Advisor here');
  t.like(p, { channelId: general, threadId: null, kind: 'post', author: { id: u.ada, name: 'Ada' }, role: 'advisor', body: 'Advisor here',
    activity: null, pinned: false, hidden: false, hiddenReason: null, replyCount: 0, reactions: [] });
  t.regex(p.at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  t.is((await post(u.owner!, general, 'Org')).role, 'organizer');
  t.is((await post(u.ann!, general, 'Part')).role, 'participant');
});

test('channel_not_found: unknown, another team\'s chat (read and write), another workspace\'s channel', async (t) => {
  await refused(t, u.ann!, 'app.create_chat_post($1, $2, $3)', ['00000000-0000-4000-8000-000000000000', 'x', null], 'channel_not_found');
  await refused(t, u.ann!, 'app.create_chat_post($1, $2, $3)', [cometChat, 'x', null], 'channel_not_found');
  await refused(t, u.ann!, 'app.list_chat_posts($1, $2)', [cometChat, 10], 'channel_not_found');
  await refused(t, u.ann!, 'app.show_chat_channel($1)', [cometChat], 'channel_not_found');
  await refused(t, u.owner!, 'app.list_chat_posts($1, $2)', [betaGeneral, 10], 'channel_not_found');
  await refused(t, u.owner!, 'app.create_chat_post($1, $2, $3)', [betaGeneral, 'x', null], 'channel_not_found');
});

test('jury is refused on every chat, feed and request function with insufficient_event_role', async (t) => {
  for (const [sql, params] of [
    ['app.list_chat_channels()', []], ['app.show_feed()', []], ['app.list_chat_posts($1, $2)', [general, 10]],
    ['app.create_chat_post($1, $2, $3)', [general, 'x', null]], ['app.list_chat_replies($1, $2, $3)', [general, general, 10]],
    ['app.add_chat_reaction($1, $2)', [general, 'x']], ['app.pin_chat_post($1)', [general]], ['app.hide_chat_post($1, $2)', [general, 'r']],
    ['app.list_help_requests($1, $2)', [null, 10]], ['app.show_help_request($1)', [general]], ['app.open_help_request($1, $2)', ['t', 'b']],
    ['app.claim_help_request($1)', [general]], ['app.resolve_help_request($1)', [general]],
  ] as const) {
    await refused(t, u.jules!, sql, [...params], 'insufficient_event_role');
  }
});

test('threads: a reply to a root; not_a_thread_root for a reply to a reply; post_not_found for another channel\'s post; replies oldest first', async (t) => {
  const root = await post(u.ann!, rocketChat, 'root');
  const r1 = await post(u.amy!, rocketChat, 'first', root.id);
  const r2 = await post(u.ada!, rocketChat, 'second', root.id);
  t.is(r1.threadId, root.id);
  await refused(t, u.ann!, 'app.create_chat_post($1, $2, $3)', [rocketChat, 'nested', r1.id], 'not_a_thread_root');
  await refused(t, u.ann!, 'app.create_chat_post($1, $2, $3)', [general, 'elsewhere', root.id], 'post_not_found');
  await refused(t, u.ann!, 'app.create_chat_post($1, $2, $3)', [rocketChat, 'unknown', '00000000-0000-4000-8000-000000000000'], 'post_not_found');
  const page = await call(u.amy!, 'app.list_chat_replies($1, $2, $3)', [rocketChat, root.id, 10]);
  t.is(page.root.replyCount, 2);
  t.deepEqual(page.items.map((p: any) => p.body), ['first', 'second']);
  t.is(r2.threadId, root.id);
  await refused(t, u.amy!, 'app.list_chat_replies($1, $2, $3)', [general, root.id, 10], 'post_not_found');
  await refused(t, u.amy!, 'app.list_chat_replies($1, $2, $3)', [rocketChat, r1.id, 10], 'not_a_thread_root');
  const roots = await call(u.amy!, 'app.list_chat_posts($1, $2)', [rocketChat, 100]);
  t.false(roots.some((p: any) => p.id === r1.id), 'replies are not listed among the roots');
  t.is(roots.find((p: any) => p.id === root.id).replyCount, 2);
});

test('an erased author shows as (erased account) in posts, replies and requests, whatever the name was', async (t) => {
  const erin = u.erin!;
  const p = await post(erin, rocketChat, 'before erasure');
  const req = await call(erin, 'app.open_help_request($1, $2)', ['Erased opener', 'body']);
  t.is(p.author.name, 'Erin');
  await db.pool.query(`update app.users set erased_at = now(), name = null where id = $1`, [erin]);
  const list = await call(u.owner!, 'app.list_chat_posts($1, $2)', [rocketChat, 100]);
  t.is(list.find((x: any) => x.id === p.id).author.name, '(erased account)');
  t.is((await call(u.owner!, 'app.show_help_request($1)', [req.id])).openedBy.name, '(erased account)');
  t.is((await db.pool.query(`select app_private.author_name($1) as n`, [erin])).rows[0].n, '(erased account)');
  t.is((await db.pool.query(`select app_private.author_name(null) as n`)).rows[0].n, '(erased account)');
  t.is((await db.pool.query(`select app_private.author_name($1) as n`, [u.ada])).rows[0].n, 'Ada');
});

// The posting rate -----------------------------------------------------------------------

test.serial('the posting rate: 10 posts a minute per account, the eleventh rate_limited with the seconds to wait; replies count; others unaffected', async (t) => {
  const rate = (await seed.member(db.pool, ws.id, 'rate@a.test', 'admin', 'Rate')).userId; // an admin organizes
  const asRate = asUser(db.pool, rate, ws.id, 'admin', RW);
  const root = (await asRate((c) => c.query(`select app.create_chat_post($1, 'root', null) as r`, [general]))).rows[0].r;
  for (let i = 2; i <= 10; i++) await asRate((c) => c.query(`select app.create_chat_post($1, $2, $3)`, [general, `n${i}`, i % 2 ? root.id : null]));
  const err = await t.throwsAsync(asRate((c) => c.query(`select app.create_chat_post($1, 'eleventh', null)`, [general])));
  t.is((err as any).detail, 'rate_limited');
  const details = JSON.parse((err as any).hint);
  t.true(details.retryAfterSeconds >= 1 && details.retryAfterSeconds <= 60, String(details.retryAfterSeconds));
  t.is((await db.pool.query(`select count(*)::int as n from app.chat_posts where author_id = $1`, [rate])).rows[0].n, 10);
  await t.notThrowsAsync(post(u.bob!, general, 'another account posts on'));
  // Once the window moved on (the server clock), posting works again.
  await db.pool.query(`update app_private.clock set offset_seconds = offset_seconds + 61`);
  try {
    await t.notThrowsAsync(asRate((c) => c.query(`select app.create_chat_post($1, 'after a minute', null)`, [general])));
  } finally {
    await db.pool.query(`update app_private.clock set offset_seconds = offset_seconds - 61`);
  }
});

// Post moderation: every row of the table ---------------------------------------------

test.serial('feed pin / unpin (organizer): pinned, then not pinned; newest pin first in feed show; published', async (t) => {
  const a = await post(u.ann!, general, 'pin me first');
  const b = await post(u.ann!, general, 'pin me second');
  const mark = await lastLive();
  t.true((await call(u.owner!, 'app.pin_chat_post($1)', [a.id])).pinned);
  t.true((await call(u.rita!, 'app.pin_chat_post($1)', [b.id])).pinned, 'a roster organizer pins too');
  t.true((await call(u.owner!, 'app.pin_chat_post($1)', [b.id])).pinned, 'pinning a pinned post is a no-op');
  const feed = await call(u.bob!, 'app.show_feed()');
  t.is(feed.channel.name, 'General');
  t.deepEqual(feed.pinned.slice(0, 2).map((p: any) => p.id), [b.id, a.id]);
  t.false((await call(u.owner!, 'app.unpin_chat_post($1)', [a.id])).pinned);
  t.false((await call(u.owner!, 'app.unpin_chat_post($1)', [a.id])).pinned, 'unpinning an unpinned post is a no-op');
  const live = await liveSince(mark);
  t.deepEqual(live.map((r) => r.kind), ['post.pinned', 'post.pinned', 'post.unpinned']);
  t.deepEqual(live[0]!.payload, { channelId: general, postId: a.id });
  t.deepEqual(live[0]!.roles, FULL);
  t.is(live[0]!.team_id, null);
  for (const who of [u.ann!, u.ada!]) await refused(t, who, 'app.pin_chat_post($1)', [a.id], 'insufficient_event_role');
  await refused(t, u.owner!, 'app.pin_chat_post($1)', ['00000000-0000-4000-8000-000000000000'], 'post_not_found');
  const e = await refused(t, u.owner!, 'app.unpin_chat_post($1)', ['00000000-0000-4000-8000-000000000000'], 'post_not_found');
  t.is(e.message, 'There is no post 00000000-0000-4000-8000-000000000000 in this channel');
});

test.serial('feed hide --reason (organizer): hidden, unpinned, reactions cleared; the reason for organizers only; post_hidden on pin; restore without reactions', async (t) => {
  const p = await post(u.bob!, cometChat, 'in the Comet chat');
  await call(u.owner!, 'app.pin_chat_post($1)', [p.id]);
  await call(u.bob!, 'app.add_chat_reaction($1, $2)', [p.id, '🎉']);
  await call(u.ada!, 'app.add_chat_reaction($1, $2)', [p.id, '🎉']);
  const mark = await lastLive();
  const hidden = await call(u.owner!, 'app.hide_chat_post($1, $2)', [p.id, 'Off topic']);
  t.like(hidden, { hidden: true, hiddenReason: 'Off topic', pinned: false, reactions: [] });
  t.is((await db.pool.query(`select count(*)::int as n from app.chat_reactions where post_id = $1`, [p.id])).rows[0].n, 0);
  const live = await liveSince(mark);
  t.deepEqual(live.map((r) => [r.kind, r.roles, r.team_id, r.payload]), [
    ['post.hidden', ['organizer'], comet, { channelId: cometChat, postId: p.id, reason: 'Off topic' }],
    ['post.hidden', ['participant', 'advisor'], comet, { channelId: cometChat, postId: p.id }],
  ]);
  // Hidden posts: organizers only (the listing and the post lookups alike).
  t.true((await call(u.owner!, 'app.list_chat_posts($1, $2)', [cometChat, 100])).some((x: any) => x.id === p.id && x.hiddenReason === 'Off topic'));
  t.false((await call(u.bob!, 'app.list_chat_posts($1, $2)', [cometChat, 100])).some((x: any) => x.id === p.id));
  t.false((await call(u.ada!, 'app.list_chat_posts($1, $2)', [cometChat, 100])).some((x: any) => x.id === p.id));
  await refused(t, u.owner!, 'app.pin_chat_post($1)', [p.id], 'post_hidden');
  await refused(t, u.bob!, 'app.add_chat_reaction($1, $2)', [p.id, '👍'], 'post_not_found');
  await refused(t, u.owner!, 'app.add_chat_reaction($1, $2)', [p.id, '👍'], 'post_hidden');
  await refused(t, u.bob!, 'app.create_chat_post($1, $2, $3)', [cometChat, 'reply to hidden', p.id], 'post_not_found');
  for (const bad of ['', 'x'.repeat(501), 'two\nlines']) await refused(t, u.owner!, 'app.hide_chat_post($1, $2)', [p.id, bad], 'invalid_input');
  await refused(t, u.ada!, 'app.hide_chat_post($1, $2)', [p.id, 'r'], 'insufficient_event_role');
  await refused(t, u.bob!, 'app.restore_chat_post($1)', [p.id], 'insufficient_event_role');
  const mark2 = await lastLive();
  const restored = await call(u.owner!, 'app.restore_chat_post($1)', [p.id]);
  t.like(restored, { hidden: false, hiddenReason: null, pinned: false, reactions: [] });
  t.true((await call(u.bob!, 'app.list_chat_posts($1, $2)', [cometChat, 100])).some((x: any) => x.id === p.id), 'visible again');
  const live2 = await liveSince(mark2);
  t.deepEqual(live2.map((r) => [r.kind, r.roles, r.team_id]), [['post.restored', FULL, comet]]);
  t.like(live2[0]!.payload, { channelId: cometChat, post: { id: p.id, hidden: false, hiddenReason: null, reactions: [] } });
  t.like(await call(u.owner!, 'app.restore_chat_post($1)', [p.id]), { hidden: false }, 'restoring a visible post is a no-op');
  t.is((await liveSince(mark2)).length, 1);
});

test.serial('reactions: add and remove publish reaction.changed; again is a no-op; emoji checked', async (t) => {
  const p = await post(u.ann!, rocketChat, 'react to me');
  const mark = await lastLive();
  t.deepEqual((await call(u.amy!, 'app.add_chat_reaction($1, $2)', [p.id, '👍'])).reactions, [{ emoji: '👍', count: 1 }]);
  t.deepEqual((await call(u.ada!, 'app.add_chat_reaction($1, $2)', [p.id, '👍'])).reactions, [{ emoji: '👍', count: 2 }]);
  await call(u.ada!, 'app.add_chat_reaction($1, $2)', [p.id, '👍']);
  t.deepEqual((await call(u.ada!, 'app.remove_chat_reaction($1, $2)', [p.id, '👍'])).reactions, [{ emoji: '👍', count: 1 }]);
  await call(u.ada!, 'app.remove_chat_reaction($1, $2)', [p.id, '👍']);
  const live = await liveSince(mark);
  t.deepEqual(live.map((r) => [r.kind, r.team_id]), [['reaction.changed', rocket], ['reaction.changed', rocket], ['reaction.changed', rocket]]);
  t.deepEqual(live[0]!.payload, { channelId: rocketChat, postId: p.id, emoji: '👍', count: 1, change: 'added', by: { id: u.amy, name: 'Amy' } });
  t.deepEqual(live[2]!.payload, { channelId: rocketChat, postId: p.id, emoji: '👍', count: 1, change: 'removed', by: { id: u.ada, name: 'Ada' } });
  for (const bad of ['', 'two words', 'x'.repeat(33), 'x', '👍👍']) await refused(t, u.amy!, 'app.add_chat_reaction($1, $2)', [p.id, bad], 'invalid_input');
  await refused(t, u.bob!, 'app.add_chat_reaction($1, $2)', [p.id, '👍'], 'post_not_found');
});

// Help requests: every row of the table ------------------------------------------------

test.serial('requests open (participant, own team): the request, its thread channel and its card in the team chat, published', async (t) => {
  const mark = await lastLive();
  const r = await call(u.ann!, 'app.open_help_request($1, $2)', ['Docker will not start', 'It says:\n\tno space left']);
  t.like(r, { status: 'open', team: { id: rocket, name: 'Rocket' }, title: 'Docker will not start', body: 'It says:\n\tno space left',
    openedBy: { id: u.ann, name: 'Ann' }, claimedBy: null, resolvedAt: null });
  const thread = (await db.pool.query(`select * from app.chat_channels where id = $1`, [r.threadChannelId])).rows[0];
  t.like(thread, { kind: 'request', team_id: rocket, event_id: eventId });
  const chans = await call(u.amy!, 'app.list_chat_channels()');
  t.like(chans.find((c: any) => c.id === r.threadChannelId), { kind: 'request', name: 'Docker will not start', request: { id: r.id, status: 'open' } });
  const card = (await call(u.amy!, 'app.list_chat_posts($1, $2)', [rocketChat, 5])).find((p: any) => p.kind === 'request' && p.activity.requestId === r.id);
  t.like(card, { author: null, role: null, kind: 'request', activity: { requestId: r.id, threadChannelId: r.threadChannelId, title: 'Docker will not start', status: 'open', claimedBy: null } });
  const live = await liveSince(mark);
  t.deepEqual(live.map((x) => [x.kind, x.roles, x.team_id]), [['post.created', FULL, rocket], ['request.changed', FULL, rocket]]);
  t.is(live[0]!.payload.post.id, card.id);
  t.like(live[1]!.payload, { request: { id: r.id, status: 'open' } });
  for (const who of [u.ada!, u.owner!]) await refused(t, who, 'app.open_help_request($1, $2)', ['t', 'b'], 'insufficient_event_role');
  for (const [title, body, field] of [['', 'b', 'title'], ['x'.repeat(201), 'b', 'title'], ['two\nlines', 'b', 'title'], ['t', '', 'body'], ['t', 'x'.repeat(4001), 'body'], ['t', 'bell\u0007', 'body']] as const) {
    const e = await refused(t, u.ann!, 'app.open_help_request($1, $2)', [title, body], 'invalid_input');
    t.is(JSON.parse(e.hint).field, field);
  }
  t.is((await call(u.ann!, 'app.open_help_request($1, $2)', ['x'.repeat(200), 'y'.repeat(4000)])).title.length, 200);
});

test.serial('requests claim (advisor): claimed; request_claimed for another; own re-claim a no-op; request_resolved when resolved', async (t) => {
  const r = await call(u.ann!, 'app.open_help_request($1, $2)', ['Claim me', 'please']);
  const mark = await lastLive();
  const claimed = await call(u.ada!, 'app.claim_help_request($1)', [r.id]);
  t.like(claimed, { status: 'claimed', claimedBy: { id: u.ada, name: 'Ada' } });
  t.like(await call(u.ada!, 'app.claim_help_request($1)', [r.id]), { status: 'claimed', claimedBy: { id: u.ada } });
  const e = await refused(t, u.abe!, 'app.claim_help_request($1)', [r.id], 'request_claimed');
  t.regex(e.message, /Ada already claimed/);
  for (const who of [u.owner!, u.ann!]) await refused(t, who, 'app.claim_help_request($1)', [r.id], 'insufficient_event_role');
  t.deepEqual((await liveSince(mark)).map((x) => [x.kind, x.team_id]), [['request.changed', rocket]], 'only the real change is published');
  const card = (await call(u.amy!, 'app.list_chat_posts($1, $2)', [rocketChat, 20])).find((p: any) => p.activity?.requestId === r.id);
  t.like(card.activity, { status: 'claimed', claimedBy: { name: 'Ada' } }, 'the card shows the live state');
  await call(u.ann!, 'app.resolve_help_request($1)', [r.id]);
  await refused(t, u.ada!, 'app.claim_help_request($1)', [r.id], 'request_resolved');
  await refused(t, u.ada!, 'app.claim_help_request($1)', ['00000000-0000-4000-8000-000000000000'], 'request_not_found');
});

test.serial('requests unclaim (claiming advisor or organizer): unclaimed; another advisor request_claimed; not when resolved', async (t) => {
  const r = await call(u.ann!, 'app.open_help_request($1, $2)', ['Unclaim me', 'b']);
  await call(u.ada!, 'app.claim_help_request($1)', [r.id]);
  await refused(t, u.abe!, 'app.unclaim_help_request($1)', [r.id], 'request_claimed');
  await refused(t, u.ann!, 'app.unclaim_help_request($1)', [r.id], 'insufficient_event_role');
  t.like(await call(u.ada!, 'app.unclaim_help_request($1)', [r.id]), { status: 'open', claimedBy: null });
  t.like(await call(u.ada!, 'app.unclaim_help_request($1)', [r.id]), { status: 'open' }, 'nothing to unclaim: a no-op');
  await call(u.abe!, 'app.claim_help_request($1)', [r.id]);
  const mark = await lastLive();
  t.like(await call(u.owner!, 'app.unclaim_help_request($1)', [r.id]), { status: 'open', claimedBy: null }, 'an organizer unclaims');
  t.deepEqual((await liveSince(mark)).map((x) => x.kind), ['request.changed']);
  await call(u.amy!, 'app.resolve_help_request($1)', [r.id]);
  await refused(t, u.owner!, 'app.unclaim_help_request($1)', [r.id], 'request_resolved');
});

test.serial('requests resolve (team member, claiming advisor, organizer): resolved and the thread read-only (request_resolved on post)', async (t) => {
  // by a team member
  const a = await call(u.ann!, 'app.open_help_request($1, $2)', ['Resolve A', 'b']);
  await post(u.ada!, a.threadChannelId, 'An advisor answers in the thread');
  const mark = await lastLive();
  t.like(await call(u.amy!, 'app.resolve_help_request($1)', [a.id]), { status: 'resolved' });
  const live = await liveSince(mark);
  t.deepEqual(live.map((x) => [x.kind, x.roles, x.team_id]), [['request.changed', FULL, rocket]]);
  const e = await refused(t, u.ann!, 'app.create_chat_post($1, $2, $3)', [a.threadChannelId, 'more?', null], 'request_resolved');
  t.regex(e.message, /read-only/);
  await refused(t, u.owner!, 'app.create_chat_post($1, $2, $3)', [a.threadChannelId, 'even organizers', null], 'request_resolved');
  const first = (await call(u.ann!, 'app.list_chat_posts($1, $2)', [a.threadChannelId, 5]))[0];
  await refused(t, u.ann!, 'app.add_chat_reaction($1, $2)', [first.id, '👍'], 'request_resolved');
  t.like(await call(u.amy!, 'app.resolve_help_request($1)', [a.id]), { status: 'resolved' }, 'resolving again is a no-op');
  // by the claiming advisor; another advisor is request_claimed; an advisor on an unclaimed one is refused
  const b = await call(u.ann!, 'app.open_help_request($1, $2)', ['Resolve B', 'b']);
  await refused(t, u.ada!, 'app.resolve_help_request($1)', [b.id], 'insufficient_event_role');
  await call(u.ada!, 'app.claim_help_request($1)', [b.id]);
  await refused(t, u.abe!, 'app.resolve_help_request($1)', [b.id], 'request_claimed');
  t.like(await call(u.ada!, 'app.resolve_help_request($1)', [b.id]), { status: 'resolved', claimedBy: { id: u.ada } });
  // by an organizer; another team's participant does not see it
  const c = await call(u.ann!, 'app.open_help_request($1, $2)', ['Resolve C', 'b']);
  await refused(t, u.bob!, 'app.resolve_help_request($1)', [c.id], 'request_not_found');
  await refused(t, u.bob!, 'app.show_help_request($1)', [c.id], 'request_not_found');
  await refused(t, u.bob!, 'app.create_chat_post($1, $2, $3)', [c.threadChannelId, 'not mine', null], 'channel_not_found');
  t.like(await call(u.rita!, 'app.resolve_help_request($1)', [c.id]), { status: 'resolved' });
});

test.serial('requests reopen (same as resolve): open again, claim cleared; the thread takes posts again', async (t) => {
  const r = await call(u.ann!, 'app.open_help_request($1, $2)', ['Reopen me', 'b']);
  await call(u.ada!, 'app.claim_help_request($1)', [r.id]);
  await call(u.ada!, 'app.resolve_help_request($1)', [r.id]);
  await refused(t, u.abe!, 'app.reopen_help_request($1)', [r.id], 'request_claimed');
  await refused(t, u.bob!, 'app.reopen_help_request($1)', [r.id], 'request_not_found');
  const mark = await lastLive();
  t.like(await call(u.amy!, 'app.reopen_help_request($1)', [r.id]), { status: 'open', claimedBy: null, resolvedAt: null });
  t.deepEqual((await liveSince(mark)).map((x) => [x.kind, x.team_id]), [['request.changed', rocket]]);
  t.like(await call(u.amy!, 'app.reopen_help_request($1)', [r.id]), { status: 'open' }, 'reopening an open request is a no-op');
  await t.notThrowsAsync(post(u.ann!, r.threadChannelId, 'still broken'));
  await call(u.ada!, 'app.claim_help_request($1)', [r.id]);
  await call(u.owner!, 'app.resolve_help_request($1)', [r.id]);
  t.like(await call(u.ada!, 'app.reopen_help_request($1)', [r.id]), { status: 'open', claimedBy: null }, 'the claiming advisor reopens');
  await call(u.owner!, 'app.resolve_help_request($1)', [r.id]);
  t.like(await call(u.owner!, 'app.reopen_help_request($1)', [r.id]), { status: 'open' }, 'an organizer reopens');
});

test.serial('requests list and show: participants see their team\'s, advisors and organizers every one; status filter checked', async (t) => {
  const bobs = await call(u.bob!, 'app.open_help_request($1, $2)', ['Comet asks', 'b']);
  const annList = await call(u.ann!, 'app.list_help_requests($1, $2)', [null, 100]);
  t.false(annList.some((r: any) => r.id === bobs.id));
  t.true(annList.length > 0);
  t.true((await call(u.ada!, 'app.list_help_requests($1, $2)', [null, 100])).some((r: any) => r.id === bobs.id));
  const open = await call(u.owner!, 'app.list_help_requests($1, $2)', ['open', 100]);
  t.true(open.every((r: any) => r.status === 'open'));
  const all = await call(u.owner!, 'app.list_help_requests($1, $2)', [null, 100]);
  t.deepEqual(all.map((r: any) => r.openedAt), [...all.map((r: any) => r.openedAt)].sort().reverse(), 'newest first');
  await refused(t, u.owner!, 'app.list_help_requests($1, $2)', ['closed', 10], 'invalid_input');
  t.is((await call(u.bob!, 'app.show_help_request($1)', [bobs.id])).title, 'Comet asks');
});

// Activity items ------------------------------------------------------------------------

test.serial('an accepted push or pull request receipt of a team is an activity item in its chat, published; refused ones are not', async (t) => {
  const mark = await lastLive();
  const insert = (kind: string, verdict: string, summary: object, extra: Record<string, unknown> = {}) => db.pool.query(
    `insert into app.submission_receipts (event_id, project_id, delivery_id, kind, received_at, repository, ref, sha, verdict, refusal, summary)
     values ($1, $2, $3, $4, app.now(), 'acme/rocket', $5, $6, $7, $8, $9)`,
    [eventId, rocket, `d-${Math.random()}`, kind, extra.ref ?? 'refs/heads/main', 'a'.repeat(40), verdict, verdict === 'refused' ? 'wrong_branch' : null, JSON.stringify(summary)]);
  await insert('push', 'accepted', { pusher: 'ann-gh', message: 'Fix the login\n\nLong body' });
  await insert('pull_request', 'accepted', { action: 'opened', title: 'Add\u0007 dark mode', number: 12 }, { ref: 'feature' });
  await insert('push', 'refused', { pusher: 'ann-gh' });
  const items = (await call(u.amy!, 'app.list_chat_posts($1, $2)', [rocketChat, 5])).filter((p: any) => p.kind === 'push' || p.kind === 'pull_request');
  const push = items.find((p: any) => p.kind === 'push');
  const pr = items.find((p: any) => p.kind === 'pull_request');
  t.is(push.body, 'ann-gh pushed aaaaaaaaaaaa to main: Fix the login');
  t.like(push.activity, { ref: 'refs/heads/main', branch: 'main', sha: 'a'.repeat(40), pusher: 'ann-gh', message: 'Fix the login', late: false });
  t.is(push.author, null);
  t.is(pr.body, 'Pull request #12 opened: Add  dark mode');
  t.like(pr.activity, { number: 12, action: 'opened', title: 'Add  dark mode', ref: 'feature' });
  t.is(items.length, 2, 'the refused receipt wrote nothing');
  const live = await liveSince(mark);
  t.deepEqual(live.filter((x) => x.kind === 'post.created').map((x) => [x.roles, x.team_id, x.payload.post.kind]), [[FULL, rocket, 'push'], [FULL, rocket, 'pull_request']]);
  // Every receipt reaches organizers as receipt.recorded, whatever its verdict; the chat item is a
  // separate consumer of the accepted ones (the refused receipt is no chat item).
  t.deepEqual(live.filter((x) => x.kind !== 'post.created').map((x) => [x.kind, x.roles, x.team_id, x.payload.receipt.kind, x.payload.receipt.verdict]),
    [['receipt.recorded', ['organizer'], rocket, 'push', 'accepted'], ['receipt.recorded', ['organizer'], rocket, 'pull_request', 'accepted'], ['receipt.recorded', ['organizer'], rocket, 'push', 'refused']]);
  t.false((await call(u.bob!, 'app.list_chat_channels()')).some((c: any) => c.id === rocketChat));
});

test.serial('each post publishes post.created with its channel\'s audience: general to every role but jury, a team chat and a thread to the team', async (t) => {
  const mark = await lastLive();
  const g = await post(u.ann!, general, 'to everyone');
  const tm = await post(u.ann!, rocketChat, 'to the team');
  const reply = await post(u.amy!, rocketChat, 'a reply', tm.id);
  const r = await call(u.ann!, 'app.open_help_request($1, $2)', ['Thread audience', 'b']);
  const th = await post(u.ada!, r.threadChannelId, 'in the thread');
  const live = (await liveSince(mark)).filter((x) => x.kind === 'post.created');
  const by = (id: string) => live.find((x) => x.payload.post.id === id)!;
  t.deepEqual([by(g.id).roles, by(g.id).team_id], [FULL, null]);
  t.deepEqual([by(tm.id).roles, by(tm.id).team_id], [FULL, rocket]);
  t.deepEqual([by(reply.id).team_id, by(reply.id).payload.post.threadId], [rocket, tm.id]);
  t.deepEqual([by(th.id).team_id, by(th.id).payload.channelId], [rocket, r.threadChannelId]);
  t.false(live.some((x) => x.roles.includes('jury')), 'jury never receives chat rows');
  t.deepEqual(by(g.id).payload, { channelId: general, post: g });
});
