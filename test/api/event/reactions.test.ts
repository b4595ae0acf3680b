// Bounded reactions over the wire: one emoji per
// reaction, 10 different emoji per person per post (reaction_limit), 50 per post
// (post_reaction_limit), 30 reaction changes a minute per account (rate_limited with
// Retry-After); `reaction.changed` on the live stream carries the change, so its size does
// not grow with the post's reactions; and another workspace's stream never receives them.
import test from 'ava';
import { createEvent, eventWorkspace, HOUR, importRoster, person, type Person } from '../../helpers/event.ts';
import { http, setClock } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { unfitLiveRows } from '../../helpers/live-contract.ts';
import { SseReader } from '../../helpers/sse.ts';

let s: TestServer;
let owner: Person, bOwner: Person;
const people: Person[] = [];
let general: string;
let clockOffset = 0;
// 80 one-code-point emoji: U+1F600 to U+1F64F.
const EMOJI = Array.from({ length: 80 }, (_, i) => String.fromCodePoint(0x1f600 + i));
const open: SseReader[] = [];

test.before(async () => {
  s = await startTestServer();
  const a = await eventWorkspace(s.db.pool, 'Alpha');
  owner = a.owner;
  const names = ['ann', 'amy', 'avi', 'ali', 'aby', 'ari', 'ava'];
  for (const n of names) people.push(await person(s.db.pool, a.ws.id, `${n}@alpha.test`));
  await createEvent(s.url, owner.key, Date.now() + 2 * HOUR);
  await importRoster(s.url, owner.key, names.map((n) => ({ email: `${n}@alpha.test`, team: 'Rocket' })));
  general = (await http(s.url, 'GET', '/api/v1/event/feed', { key: owner.key })).body.channel.id;
  const b = await eventWorkspace(s.db.pool, 'Beta');
  bOwner = b.owner;
  await createEvent(s.url, bOwner.key, Date.now() + 2 * HOUR);
});
// The rows these changes wrote to the live log fit their kinds' schemas (core/wire/live.ts).
test.after('every live row written here fits its kind\'s schema', async (t) => {
  t.deepEqual(await unfitLiveRows(s.db.pool), []);
});
test.after.always(async () => {
  for (const r of open) r.close();
  await s?.close();
});
// Each test starts a minute later on the server clock, so the rates count only its own changes.
test.beforeEach(async () => {
  clockOffset += 61;
  await setClock(s.url, clockOffset);
});

const newPost = async (body: string) => {
  const r = await http(s.url, 'POST', `/api/v1/event/feed/posts`, { key: owner.key, body: { body } });
  if (r.status !== 201) throw new Error(r.text);
  return r.body.id as string;
};
const react = (who: Person, post: string, emoji: string, method = 'PUT') =>
  http(s.url, method, `/api/v1/event/posts/${post}/reactions/${encodeURIComponent(emoji)}`, { key: who.key });
async function stream(who: Person): Promise<SseReader> {
  const r = await SseReader.open(s.url, { key: who.key });
  open.push(r);
  if (r.status !== 200) throw new Error(`stream ${r.status} ${r.body}`);
  await r.next('the ready event', (e) => e.event === 'ready');
  return r;
}

test.serial('an emoji is one emoji: words, two emoji and control characters are invalid_input; sequences and flags are one', async (t) => {
  const post = await newPost('emoji check');
  for (const bad of ['x', 'ok', '+1', '👍👍', '👍 ', '😀😀', '\u200D', '\uFE0F', 'x'.repeat(40)]) {
    const r = await react(people[0]!, post, bad);
    t.is(r.status, 400, `${JSON.stringify(bad)}: ${r.text}`);
    t.like(r.body.error, { code: 'invalid_input', field: 'emoji' });
  }
  for (const good of ['👍', '❤️', '👍🏽', '👩‍💻', '👨‍👩‍👧‍👦', '🇫🇷', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '1️⃣', '✅']) {
    const r = await react(people[0]!, post, good);
    t.is(r.status, 200, `${good}: ${r.text}`);
  }
});

test.serial('10 different emoji per person per post: the 11th is 409 reaction_limit; the same again is a no-op; one taken back makes room', async (t) => {
  const post = await newPost('limit per person');
  for (const e of EMOJI.slice(0, 10)) t.is((await react(people[1]!, post, e)).status, 200);
  const eleventh = await react(people[1]!, post, EMOJI[10]!);
  t.is(eleventh.status, 409, eleventh.text);
  t.like(eleventh.body.error, { code: 'reaction_limit', postId: post, limit: 10 });
  t.is((await react(people[1]!, post, EMOJI[0]!)).status, 200, 'again is a no-op, not refused');
  t.is((await react(people[1]!, post, EMOJI[0]!, 'DELETE')).status, 200);
  const now = await react(people[1]!, post, EMOJI[10]!);
  t.is(now.status, 200, now.text);
  t.is(now.body.reactions.length, 10);
  t.is((await s.db.pool.query('select count(*)::int as n from app.chat_reactions where post_id = $1', [post])).rows[0].n, 10);
});

test.serial('50 different emoji per post: the 51st is 409 post_reaction_limit; an emoji the post has is still taken', async (t) => {
  const post = await newPost('limit per post');
  for (let i = 0; i < 50; i++) {
    const r = await react(people[Math.floor(i / 10)]!, post, EMOJI[i]!);
    t.is(r.status, 200, `${i}: ${r.text}`);
  }
  const fiftyFirst = await react(people[5]!, post, EMOJI[50]!);
  t.is(fiftyFirst.status, 409, fiftyFirst.text);
  t.like(fiftyFirst.body.error, { code: 'post_reaction_limit', postId: post, limit: 50 });
  const known = await react(people[5]!, post, EMOJI[0]!);
  t.is(known.status, 200, known.text);
  t.is(known.body.reactions.length, 50);
  t.deepEqual(known.body.reactions.find((r: { emoji: string }) => r.emoji === EMOJI[0]), { emoji: EMOJI[0], count: 2 });
});

test.serial('30 reaction changes a minute per account: adding and taking back both count; the 31st is 429 with Retry-After; a no-op never counts', async (t) => {
  const post = await newPost('rate');
  const who = people[6]!;
  for (let i = 0; i < 30; i++) {
    const r = await react(who, post, '👍', i % 2 ? 'DELETE' : 'PUT');
    t.is(r.status, 200, `change ${i + 1}: ${r.text}`);
  }
  const over = await react(who, post, '👍');
  t.is(over.status, 429, over.text);
  t.is(over.body.error.code, 'rate_limited');
  t.true(over.body.error.retryAfterSeconds >= 1 && over.body.error.retryAfterSeconds <= 60);
  t.is(over.headers.get('retry-after'), String(over.body.error.retryAfterSeconds));
  t.is((await react(who, post, '👍', 'DELETE')).status, 200, 'taking back what is not there changes nothing and is not refused');
  t.is((await s.db.pool.query('select count(*)::int as n from app.chat_reactions where post_id = $1', [post])).rows[0].n, 0, 'the refused add wrote nothing');
  clockOffset += 61;
  await setClock(s.url, clockOffset);
  t.is((await react(who, post, '👍')).status, 200, 'a minute later there is room again');
});

test.serial('reaction.changed carries the change (emoji, its new count, added or removed, by whom), the same size however many reactions the post has; B never receives it', async (t) => {
  const post = await newPost('live');
  const a = await stream(people[0]!);
  const b = await stream(bOwner);
  const sent: string[] = [];
  for (let i = 0; i < 40; i++) {
    t.is((await react(people[Math.floor(i / 10)]!, post, EMOJI[i]!)).status, 200);
    sent.push(EMOJI[i]!);
  }
  t.is((await react(people[4]!, post, EMOJI[0]!)).status, 200);
  t.is((await react(people[4]!, post, EMOJI[0]!, 'DELETE')).status, 200);
  await a.next('the 42nd reaction.changed', () => a.events.filter((e) => e.event === 'reaction.changed' && JSON.parse(e.data).postId === post).length === 42);
  const changes = a.events.filter((e) => e.event === 'reaction.changed' && JSON.parse(e.data).postId === post).map((e) => JSON.parse(e.data));
  for (const c of changes) t.deepEqual(Object.keys(c).sort(), ['by', 'change', 'channelId', 'count', 'emoji', 'postId']);
  t.deepEqual(changes[0], { channelId: general, postId: post, emoji: EMOJI[0], count: 1, change: 'added', by: { id: people[0]!.userId, name: 'ann' } });
  t.like(changes[40], { emoji: EMOJI[0], count: 2, change: 'added', by: { id: people[4]!.userId } });
  t.like(changes[41], { emoji: EMOJI[0], count: 1, change: 'removed', by: { id: people[4]!.userId } });
  t.deepEqual(changes.slice(0, 40).map((c) => c.emoji), sent);
  // The size does not grow with the post's reactions: the first and the 40th differ only by their emoji and author.
  const size = (i: number) => Buffer.byteLength(JSON.stringify({ ...changes[i], emoji: '', by: { ...changes[i].by, name: '' } }));
  t.is(size(39), size(0));
  // Tenant B: its stream got none of A's changes (and is still open).
  t.false(b.events.some((e) => e.event === 'reaction.changed' || e.data.includes(post)));
  t.false(b.ended);
  // GraphQL: B's key cannot react to A's post.
  const m = await http(s.url, 'POST', '/graphql', { key: bOwner.key, body: { query: `mutation { addChatReaction(input: { post: "${post}", emoji: "👍" }) { result { postId reactions { emoji count } } } }` } });
  t.is(m.body.errors?.[0]?.extensions?.code, 'post_not_found', m.text);
});
