// The follow part of `hackathon chats read <channelId> --follow` (cli/hackathon/follow.ts)
// against a real server in process, through a TCP proxy the test can cut: the channel's
// changes only, posts already printed not twice, a dropped connection resumed with
// Last-Event-ID (nothing missed, nothing repeated), a silent connection replaced, refusals
// and a lost access ending the follow with their wire error (exit 3).
import test from 'ava';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { ChannelFollower, channelOf, followAfterPage, followJson, followLines } from '../../../cli/hackathon/follow.ts';
import { parseSse, type FollowEvent, type FollowNotice } from '../../../client/stream.ts';
import { EXIT, exitCodeOf } from '../../../cli/lib/errors.ts';
import { WireClient } from '../../../client/wire.ts';
import { WireError } from '../../../client/errors.ts';
import { createEvent, eventWorkspace, HOUR, importRoster, person, teamIds, type Person } from '../../helpers/event.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { until } from '../../../ops/harness/until.ts';

/** A TCP proxy in front of the server: `cut()` drops every connection, `down` refuses new ones. */
class Proxy {
  private readonly sockets = new Set<net.Socket>();
  private server!: net.Server;
  down = false;
  connections = 0;
  url = '';
  constructor(private readonly target: number) {}
  async start(): Promise<void> {
    this.server = net.createServer((client) => {
      if (this.down) return void client.destroy();
      this.connections++;
      const upstream = net.connect(this.target, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }
  cut(): void {
    for (const s of this.sockets) s.destroy();
  }
  close(): Promise<void> {
    this.cut();
    return new Promise((r) => this.server.close(() => r()));
  }
}

let s: TestServer;
let proxy: Proxy;
let eventId: string;
let red: Person, jury: Person, owner: Person;
let redTeam: string;
const channel = randomUUID();
const otherChannel = randomUUID();
const followers: ChannelFollower[] = [];

test.before(async () => {
  s = await startTestServer({ env: { LIVE_RECHECK_SECONDS: '1', LIVE_HEARTBEAT_SECONDS: '60' } });
  proxy = new Proxy(Number(new URL(s.url).port));
  await proxy.start();
  const w = await eventWorkspace(s.db.pool, 'Alpha');
  owner = w.owner;
  red = await person(s.db.pool, w.ws.id, 'red@alpha.test');
  jury = await person(s.db.pool, w.ws.id, 'jury@alpha.test');
  eventId = (await createEvent(s.url, owner.key, Date.now() + 24 * HOUR)).id;
  await importRoster(s.url, owner.key, [{ email: red.email, team: 'Red' }, { email: jury.email, role: 'jury' }]);
  redTeam = (await teamIds(s.db.pool, w.ws.id)).Red!;
});
test.after.always(async () => {
  for (const f of followers) f.stop();
  await proxy?.close();
  await s?.close();
});

const client = (key: string) => new WireClient({ baseUrl: proxy.url, key, userAgent: 'hackathon/test' });
const PUBLIC = ['participant', 'advisor', 'organizer'];

async function publish(kind: string, payload: unknown, roles = PUBLIC, team: string | null = null): Promise<string> {
  const { rows } = await s.db.pool.query('select app_private.live_publish($1, $2, $3, $4, $5) as id', [eventId, kind, roles, team, JSON.stringify(payload)]);
  return String(rows[0].id);
}

const post = (channelId: string, body: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(), channelId, threadId: null, at: new Date().toISOString(), kind: 'post', author: { id: null, name: 'Ann' }, role: 'participant',
  body, activity: null, pinned: false, pinnedAt: null, hidden: false, hiddenReason: null, replyCount: 0, reactions: [], ...extra,
});

/** Iterates a follower in the background into an array; the error that ended it, if any. */
function collect(f: ChannelFollower): { events: FollowEvent[]; ended: Promise<unknown> } {
  followers.push(f);
  const events: FollowEvent[] = [];
  const ended = (async () => {
    for await (const e of f.events()) events.push(e);
  })().then(() => null, (err) => err);
  return { events, ended };
}

test.serial('following a channel yields its changes only, in order, and not a post the page already showed', async (t) => {
  const f = new ChannelFollower(client(red.key), channel);
  await f.open();
  const beforePage = post(channel, 'committed between the stream opening and the page read');
  await publish('post.created', { channelId: channel, post: beforePage });
  f.alreadyShown([beforePage.id]);
  const { events } = collect(f);
  const mine = post(channel, 'hello\nworld');
  const expected = [
    await publish('post.created', { channelId: channel, post: mine }),
    await publish('post.pinned', { channelId: channel, postId: mine.id }),
    await publish('request.changed', { request: { id: 'r1', status: 'claimed', threadChannelId: channel, claimedBy: { id: null, name: 'Ada' } } }, PUBLIC, redTeam),
  ];
  await publish('post.created', { channelId: otherChannel, post: post(otherChannel, 'elsewhere') });
  await publish('request.changed', { request: { id: 'r2', status: 'open', threadChannelId: otherChannel, claimedBy: null } }, PUBLIC, redTeam);
  await publish('post.hidden', { channelId: channel, postId: mine.id, reason: 'organizers only' }, ['organizer']);
  const last = await publish('reaction.changed', { channelId: channel, postId: mine.id, emoji: '👍', count: 1, change: 'added', by: { id: mine.author.id, name: mine.author.name } });
  expected.push(last);
  await until('the last change', async () => events.some((e) => e.id === last));
  t.deepEqual(events.map((e) => e.id), expected);
  t.deepEqual(events.map((e) => e.kind), ['post.created', 'post.pinned', 'request.changed', 'reaction.changed']);
  t.is((events[0]!.payload as { post: { body: string } }).post.body, 'hello\nworld');
  f.stop();
});

test.serial('a dropped connection is resumed with Last-Event-ID: what committed meanwhile arrives once, nothing twice', async (t) => {
  const notices: FollowNotice[] = [];
  const f = new ChannelFollower(client(red.key), channel, { backoffMs: [50, 200], onNotice: (n) => notices.push(n) });
  await f.open();
  const { events } = collect(f);
  const a = await publish('post.created', { channelId: channel, post: post(channel, 'a') });
  await until('a', async () => events.some((e) => e.id === a));
  const connectionsBefore = proxy.connections;
  proxy.down = true;
  proxy.cut();
  const missed = [
    await publish('post.created', { channelId: channel, post: post(channel, 'b') }),
    await publish('post.created', { channelId: channel, post: post(channel, 'c') }),
  ];
  proxy.down = false;
  const after = await publish('post.created', { channelId: channel, post: post(channel, 'd') });
  await until('the row after the reconnect', async () => events.some((e) => e.id === after));
  t.deepEqual(events.map((e) => e.id), [a, ...missed, after]);
  t.true(proxy.connections > connectionsBefore, 'a new connection was made');
  t.true(notices.some((n) => n.kind === 'reconnected' && n.after === a), 'resumed after the last id seen');
  f.stop();
});

test.serial('a connection that goes silent (no heartbeat) is replaced, and the follow goes on', async (t) => {
  // The server's heartbeat is 60 s here; the follower gives up on a connection after 300 ms of silence.
  const notices: FollowNotice[] = [];
  const f = new ChannelFollower(client(red.key), channel, { idleMs: 300, backoffMs: [20, 50], onNotice: (n) => notices.push(n) });
  await f.open();
  const { events } = collect(f);
  await until('a reconnect after the silence', async () => notices.some((n) => n.kind === 'reconnected'));
  const x = await publish('post.created', { channelId: channel, post: post(channel, 'x') });
  await until('x', async () => events.some((e) => e.id === x));
  t.deepEqual(events.map((e) => e.id), [x]);
  f.stop();
});

test.serial('refusals end the follow with their wire error: jury at open (exit 3), a revoked key later (exit 3)', async (t) => {
  const refused = await new ChannelFollower(client(jury.key), channel).open().then(() => null, (e) => e);
  t.true(refused instanceof WireError);
  t.is(refused.code, 'insufficient_event_role');
  t.is(exitCodeOf(refused), EXIT.access);

  const k = await seed.key(s.db.pool, red.email, 'hackathon', { scopes: ['hackathon:read'] });
  const f = new ChannelFollower(client(k.key), channel, { backoffMs: [20, 50] });
  await f.open();
  const { ended } = collect(f);
  await s.db.pool.query('select app_private.revoke_key($1)', [k.id]);
  const err = (await ended) as WireError;
  t.true(err instanceof WireError);
  t.is(err.code, 'unauthorized');
  t.is(exitCodeOf(err), EXIT.access);
});

test('followLines prints posts with the chats read formatter, replies with their thread, and one line per other change', (t) => {
  const postLines = (p: { id: string; body: string }) => [`POST ${p.id}`, `  ${p.body}`];
  const e = (kind: string, payload: unknown): FollowEvent => ({ id: '9', kind, payload });
  const full = (id: string, body: string, threadId: string | null) => post('c', body, { id, threadId });
  const request = { id: 'r', status: 'claimed', openedAt: 'x', team: { id: 't', name: 'Red' }, title: 'Help', body: '', openedBy: { id: 'u', name: 'Ann' }, claimedBy: { id: 'a', name: 'Ada' }, claimedAt: 'x', resolvedAt: null, threadChannelId: 'th' };
  t.deepEqual(followLines(e('post.created', { channelId: 'c', post: full('p', 'hi', null) }), postLines), ['POST p', '  hi']);
  t.deepEqual(followLines(e('post.created', { channelId: 'c', post: full('r', 'yes', 'p') }), postLines),
    ['Reply in thread p: hackathon chats replies c p', 'POST r', '  yes']);
  t.deepEqual(followLines(e('post.restored', { channelId: 'c', post: full('p', 'hi', null) }), postLines), ['Restored p', 'POST p', '  hi']);
  t.deepEqual(followLines(e('post.created', { channelId: 'c', post: { id: 'p', body: 'hi' } }), postLines), [], 'a payload that does not fit its kind prints nothing');
  t.deepEqual(followLines(e('post.pinned', { channelId: 'c', postId: 'p' }), postLines), ['Pinned p']);
  t.deepEqual(followLines(e('post.unpinned', { channelId: 'c', postId: 'p' }), postLines), ['Unpinned p']);
  t.deepEqual(followLines(e('post.hidden', { channelId: 'c', postId: 'p' }), postLines), ['Hidden p']);
  t.deepEqual(followLines(e('post.hidden', { channelId: 'c', postId: 'p', reason: 'spam' }), postLines), ['Hidden p: spam']);
  t.deepEqual(followLines(e('request.changed', { request }), postLines), ['Request r is claimed, claimed by Ada']);
  t.deepEqual(followLines(e('reaction.changed', { channelId: 'c', postId: 'p', emoji: '👍', count: 0, change: 'removed', by: { id: 'u', name: 'Ann' } }), postLines), []);
  t.is(followJson(e('post.pinned', { channelId: 'c', postId: 'p' })), '{"id":"9","kind":"post.pinned","payload":{"channelId":"c","postId":"p"}}');
  t.is(channelOf('request.changed', { request: { threadChannelId: 't' } }), 't');
  t.is(channelOf('post.pinned', { channelId: 'c' }), 'c');
  t.is(channelOf('something.else', {}), null);
});

test('parseSse reads events split across chunks, CRLF line ends, multi-line data and comments', async (t) => {
  const chunks = ['retry: 2000\n\n: heart', 'beat\n\nid: 5\r\nevent: post.created\r\ndata: {"a":', '1}\r\n\r\nid: 6\ndata: one\ndata: two\n\n'];
  const out = [];
  for await (const e of parseSse((async function* () { for (const c of chunks) yield new TextEncoder().encode(c); })())) out.push(e);
  t.deepEqual(out, [{ id: '5', event: 'post.created', data: '{"a":1}' }, { id: '6', event: 'message', data: 'one\ntwo' }]);
});

test('parseSse: an event without its own id carries the last one (the position of the stream); a line split at CR/LF between chunks is one line end', async (t) => {
  const chunks = ['id: 7\nevent: ready\ndata: {}\r', '\n\r\nevent: error\ndata: {"error":{}}\n\n', 'id: 8\ndata: x\n\ndata: unfinished'];
  const out = [];
  for await (const e of parseSse((async function* () { for (const c of chunks) yield new TextEncoder().encode(c); })())) out.push(e);
  t.deepEqual(out, [{ id: '7', event: 'ready', data: '{}' }, { id: '7', event: 'error', data: '{"error":{}}' }, { id: '8', event: 'message', data: 'x' }]);
});

test.serial('followAfterPage: opens the stream, prints the page, then the channel as it changes (text and --json); a reset is said on stderr', async (t) => {
  const out: string[] = [];
  const err: string[] = [];
  const stop = new AbortController();
  const onPage = post(channel, 'on the page');
  let pageRead = false;
  const running = followAfterPage({
    client: client(red.key), channelId: channel, json: false, out: (l) => out.push(l), err: (l) => err.push(l), signal: stop.signal,
    postLines: (p: { id: string; body: string }) => [`${p.id}: ${p.body}`],
    printPage: async () => {
      // Committed after the stream opened but before the page was read: on the page, not printed again.
      await publish('post.created', { channelId: channel, post: onPage });
      out.push('PAGE');
      pageRead = true;
      return [onPage.id];
    },
  });
  await until('the page', async () => pageRead);
  const fresh = post(channel, 'new');
  await publish('post.created', { channelId: channel, post: fresh });
  await publish('post.pinned', { channelId: channel, postId: fresh.id });
  await until('the pin line', async () => out.includes(`Pinned ${fresh.id}`));
  stop.abort();
  await running;
  t.deepEqual(out, ['PAGE', `${fresh.id}: new`, `Pinned ${fresh.id}`]);
  t.deepEqual(err, []);

  // --json, resumed from a pruned id: the reset is said, then changes come one JSON object per line.
  const jsonOut: string[] = [];
  const jsonErr: string[] = [];
  const stop2 = new AbortController();
  const old = Number(await publish('post.created', { channelId: otherChannel, post: post(otherChannel, 'old') }));
  await s.db.pool.query(`update app_private.live_events set at = now() - interval '30 days' where id <= $1`, [old]);
  await s.db.pool.query(`select app_private.live_prune(interval '7 days')`);
  pageRead = false;
  const json = followAfterPage({
    client: client(red.key), channelId: channel, json: true, out: (l) => jsonOut.push(l), err: (l) => jsonErr.push(l), signal: stop2.signal,
    postLines: () => [], printPage: async () => ((pageRead = true), []), options: { lastEventId: String(old - 1) },
  });
  await until('the (empty) page, once the stream is open', async () => pageRead);
  const id = await publish('post.unpinned', { channelId: channel, postId: fresh.id });
  await until('the unpin object', async () => jsonOut.length === 1);
  stop2.abort();
  await json;
  t.deepEqual(jsonOut.map((l) => JSON.parse(l)), [{ id, kind: 'post.unpinned', payload: { channelId: channel, postId: fresh.id } }]);
  t.deepEqual(jsonErr, ['Some changes were missed; run chats read again to see them']);
});
