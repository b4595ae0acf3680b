// GET /api/v1/event/stream: framing, who may open it, what each reader receives (roles,
// teams, another workspace), resume with Last-Event-ID (exactly the missed rows, across the
// hand-over), retention resets, heartbeats, re-checks of the reader, a dropped LISTEN
// connection, a slow reader, and two API servers on one database. Rows are published with
// app_private.live_publish, the interface every change of the chats issue writes through.
import test from 'ava';
import net from 'node:net';
import { cookieFrom, http } from '../../helpers/http.ts';
import { createEvent, eventWorkspace, HOUR, importRoster, person, teamIds, type Person } from '../../helpers/event.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { SseReader } from '../../helpers/sse.ts';
import { until } from '../../../ops/harness/until.ts';

let s: TestServer;
let s2: TestServer | null; // a second API server on the same database (a replica)
const open: SseReader[] = [];

interface World {
  wsId: string;
  eventId: string;
  owner: Person;
  teams: Record<string, string>;
}
let A: World;
let B: World;
let red: Person; // participant, team Red (workspace A)
let blue: Person; // participant, team Blue
let adv: Person; // advisor
let jury: Person;
let stranger: Person; // a member of A, not on the roster
let bRed: Person; // participant of team Red in workspace B

const PUBLIC = ['participant', 'advisor', 'organizer'];

test.before(async () => {
  const env = { LIVE_HEARTBEAT_SECONDS: '1', LIVE_RECHECK_SECONDS: '1', LIVE_MAX_BUFFER_BYTES: String(64 * 1024) };
  s = await startTestServer({ env });
  s2 = await startTestServer({ env, db: s.db });
  const pool = s.db.pool;
  const a = await eventWorkspace(pool, 'Alpha');
  const b = await eventWorkspace(pool, 'Beta');
  red = await person(pool, a.ws.id, 'red@alpha.test');
  blue = await person(pool, a.ws.id, 'blue@alpha.test');
  adv = await person(pool, a.ws.id, 'adv@alpha.test');
  jury = await person(pool, a.ws.id, 'jury@alpha.test');
  stranger = await person(pool, a.ws.id, 'stranger@alpha.test');
  bRed = await person(pool, b.ws.id, 'red@beta.test');
  const start = Date.now() + 24 * HOUR;
  const evA = await createEvent(s.url, a.owner.key, start);
  const evB = await createEvent(s.url, b.owner.key, start);
  await importRoster(s.url, a.owner.key, [
    { email: red.email, team: 'Red' }, { email: blue.email, team: 'Blue' }, { email: adv.email, role: 'advisor' }, { email: jury.email, role: 'jury' },
  ]);
  await importRoster(s.url, b.owner.key, [{ email: bRed.email, team: 'Red' }]);
  A = { wsId: a.ws.id, eventId: evA.id, owner: a.owner, teams: await teamIds(pool, a.ws.id) };
  B = { wsId: b.ws.id, eventId: evB.id, owner: b.owner, teams: await teamIds(pool, b.ws.id) };
});
test.after.always(async () => {
  for (const r of open) r.close();
  await s2?.close();
  await s?.close();
});

async function publish(w: World, kind: string, payload: Record<string, unknown>, roles = PUBLIC, team: string | null = null): Promise<number> {
  const teamId = team === null ? null : w.teams[team]!;
  const { rows } = await s.db.pool.query('select app_private.live_publish($1, $2, $3, $4, $5) as id', [w.eventId, kind, roles, teamId, JSON.stringify(payload)]);
  return Number(rows[0].id);
}

async function stream(base: string, who: { key: string } | { cookie: string }, extra: { lastEventId?: string; query?: string } = {}): Promise<SseReader> {
  const r = await SseReader.open(base, { ...who, ...extra });
  open.push(r);
  if (r.status === 200) await r.next('the ready event', (e) => e.event === 'ready');
  return r;
}

test.serial('the stream answers text/event-stream, says ready with its position, then frames each row as id, event and data', async (t) => {
  const r = await stream(s.url, A.owner);
  t.is(r.status, 200);
  t.regex(String(r.headers['content-type']), /^text\/event-stream/);
  t.is(r.headers['cache-control'], 'no-cache, no-transform');
  t.is(r.headers['transfer-encoding'], undefined, 'no chunk framing: the body ends with the connection');
  t.is(r.headers.connection, 'close');
  t.deepEqual(r.retries, ['2000']);
  const ready = r.events[0]!;
  t.is(ready.event, 'ready');
  const readyData = JSON.parse(ready.data);
  t.is(readyData.role, 'organizer');
  t.is(readyData.position, ready.id);
  const payload = { channelId: 'c1', post: { id: 'p1', body: 'line one\nline two', author: { name: 'Ann' } } };
  const id = await publish(A, 'post.created', payload);
  const e = await r.waitForId(id);
  t.is(e.event, 'post.created');
  t.deepEqual(JSON.parse(e.data), payload);
  t.true(Number(ready.id) < id);
  r.close();
});

test.serial('who may open it: a roster reader with a key or a browser session (signing out ends it); jury, strangers, anonymous and write-only keys are refused as JSON', async (t) => {
  const refusal = async (opts: Parameters<typeof SseReader.open>[1]) => {
    const r = await SseReader.open(s.url, opts);
    open.push(r);
    return { status: r.status, code: r.error?.code };
  };
  t.deepEqual(await refusal({ key: jury.key }), { status: 403, code: 'insufficient_event_role' });
  t.deepEqual(await refusal({ key: stranger.key }), { status: 403, code: 'not_on_roster' });
  t.deepEqual(await refusal({}), { status: 401, code: 'unauthorized' });
  const writeOnly = await seed.key(s.db.pool, red.email, 'hackathon', { scopes: ['hackathon:write'] });
  t.deepEqual(await refusal({ key: writeOnly.key }), { status: 403, code: 'insufficient_scope' });
  const deckKey = await seed.key(s.db.pool, red.email, 'deck');
  t.deepEqual(await refusal({ key: deckKey.key }), { status: 403, code: 'insufficient_scope' });
  const noEvent = await eventWorkspace(s.db.pool, 'Gamma');
  t.deepEqual(await refusal({ key: noEvent.owner.key }), { status: 404, code: 'event_not_configured' });
  t.deepEqual(await refusal({ key: red.key, lastEventId: 'abc' }), { status: 400, code: 'invalid_input' });
  t.deepEqual(await refusal({ key: red.key, query: '?lastEventId=-1' }), { status: 400, code: 'invalid_input' });

  await seed.password(s.db.pool, red.userId, 'correct horse battery');
  const login = await http(s.url, 'POST', '/api/v1/auth/session', { body: { email: red.email, password: 'correct horse battery' } });
  const cookie = cookieFrom(login);
  const browser = await stream(s.url, { cookie });
  t.is(browser.status, 200);
  t.is(JSON.parse(browser.events[0]!.data).role, 'participant');
  // Signing out ends the stream at the next re-check.
  t.is((await http(s.url, 'DELETE', '/api/v1/auth/session', { cookie, headers: { origin: s.url } })).status, 200);
  await browser.waitEnded();
  t.is(JSON.parse(browser.events.find((e) => e.event === 'error')!.data).error.code, 'unauthorized');
});

test.serial('each reader receives exactly what it may read: its team, its role, its event, never another workspace', async (t) => {
  const readers = {
    organizer: await stream(s.url, A.owner),
    red: await stream(s.url, red),
    blue: await stream(s.url, blue),
    advisor: await stream(s.url, adv),
    otherWorkspace: await stream(s.url, bRed),
  };
  const sent = {
    general: await publish(A, 'post.created', { channelId: 'general' }),
    redChat: await publish(A, 'post.created', { channelId: 'red' }, PUBLIC, 'Red'),
    blueChat: await publish(A, 'post.created', { channelId: 'blue' }, PUBLIC, 'Blue'),
    hideReason: await publish(A, 'post.hidden', { postId: 'p', reason: 'spam' }, ['organizer']),
    hideNotice: await publish(A, 'post.hidden', { postId: 'p' }, ['participant', 'advisor']),
    staffOnRed: await publish(A, 'request.changed', { team: 'red' }, ['advisor', 'organizer'], 'Red'),
    juryOnly: await publish(A, 'post.created', { channelId: 'jury' }, ['jury']),
    betaRed: await publish(B, 'post.created', { channelId: 'beta-red' }, PUBLIC, 'Red'),
    betaGeneral: await publish(B, 'post.created', { channelId: 'beta-general' }),
  };
  // A last row every reader of each workspace receives: once it arrived, nothing earlier is still on its way.
  const fenceA = await publish(A, 'fence', {});
  const fenceB = await publish(B, 'fence', {});
  for (const r of [readers.organizer, readers.red, readers.blue, readers.advisor]) await r.waitForId(fenceA);
  await readers.otherWorkspace.waitForId(fenceB);
  t.deepEqual(readers.organizer.ids(), [sent.general, sent.redChat, sent.blueChat, sent.hideReason, sent.staffOnRed, fenceA]);
  t.deepEqual(readers.advisor.ids(), [sent.general, sent.redChat, sent.blueChat, sent.hideNotice, sent.staffOnRed, fenceA]);
  t.deepEqual(readers.red.ids(), [sent.general, sent.redChat, sent.hideNotice, fenceA]);
  t.deepEqual(readers.blue.ids(), [sent.general, sent.blueChat, sent.hideNotice, fenceA]);
  t.deepEqual(readers.otherWorkspace.ids(), [sent.betaRed, sent.betaGeneral, fenceB]);
  t.false(readers.red.events.some((e) => e.data.includes('spam')), 'a participant never sees a hide reason');
  for (const r of Object.values(readers)) r.close();
});

test.serial('a reconnect with Last-Event-ID gets exactly the rows it missed that it may read, then live rows, none twice', async (t) => {
  const first = await stream(s.url, red);
  const one = await publish(A, 'post.created', { n: 1 });
  const two = await publish(A, 'post.created', { n: 2 }, PUBLIC, 'Red');
  await first.waitForId(two);
  first.close();
  const missed = [
    await publish(A, 'post.created', { n: 3 }),
    await publish(A, 'post.created', { n: 4 }, PUBLIC, 'Blue'), // not red's
    await publish(A, 'post.created', { n: 5 }, ['organizer']), // not red's
    await publish(A, 'post.created', { n: 6 }, PUBLIC, 'Red'),
  ];
  const again = await stream(s.url, red, { lastEventId: String(two) });
  t.deepEqual(again.ids(), [missed[0], missed[3]]);
  const ready = again.events.find((e) => e.event === 'ready')!;
  t.is(ready.id, String(missed[3]), 'ready names the last id sent');
  const live = await publish(A, 'post.created', { n: 7 });
  await again.waitForId(live);
  t.deepEqual(again.ids(), [missed[0], missed[3], live]);
  t.deepEqual(again.rows.map((e) => JSON.parse(e.data).n), [3, 6, 7]);
  // The query parameter does the same for clients that cannot set the header.
  const byQuery = await stream(s.url, red, { query: `?lastEventId=${one}` });
  t.deepEqual(byQuery.ids(), [two, missed[0], missed[3], live]);
  again.close();
  byQuery.close();
});

test.serial('the hand-over from backlog to live loses and repeats nothing while rows keep committing', async (t) => {
  const start = await publish(A, 'post.created', { n: 'start' });
  const published: number[] = [];
  let stop = false;
  const writer = (async () => {
    while (!stop) published.push(await publish(A, 'post.created', { n: published.length }));
  })();
  await until('a backlog to catch up on', async () => published.length >= 30);
  const r = await stream(s.url, A.owner, { lastEventId: String(start) });
  await until('more rows committed after the stream opened', async () => published.length >= 80);
  stop = true;
  await writer;
  await r.waitForId(published[published.length - 1]!);
  t.deepEqual(r.ids(), published);
  r.close();
});

test.serial('a resume from a pruned id, or from an id the log never handed out, answers reset and then follows from now', async (t) => {
  const old = await publish(A, 'post.created', { n: 'old' });
  await s.db.pool.query(`update app_private.live_events set at = now() - interval '8 days' where id <= $1`, [old]);
  const pruned = (await s.db.pool.query(`select app_private.live_prune(interval '7 days') as n`)).rows[0].n;
  t.true(pruned >= 1);
  t.is((await s.db.pool.query('select count(*)::int as n from app_private.live_events where id <= $1', [old])).rows[0].n, 0);
  const r = await stream(s.url, red, { lastEventId: String(old - 1) });
  const reset = r.events.find((e) => e.event === 'reset');
  t.truthy(reset, 'a reset event');
  t.is(JSON.parse(reset!.data).reason, 'expired');
  t.is(r.rows.length, 0);
  const next = await publish(A, 'post.created', { n: 'next' });
  await r.waitForId(next);
  const beyond = await stream(s.url, red, { lastEventId: String(next + 1000) });
  t.truthy(beyond.events.find((e) => e.event === 'reset'));
  // The id at the horizon itself is still resumable (nothing after it was pruned).
  const atHorizon = await stream(s.url, red, { lastEventId: String(next) });
  t.falsy(atHorizon.events.find((e) => e.event === 'reset'));
  for (const x of [r, beyond, atHorizon]) x.close();
});

test.serial('a heartbeat comment comes while nothing happens', async (t) => {
  const r = await stream(s.url, adv);
  await until('a heartbeat', async () => r.comments.includes('heartbeat'));
  t.pass();
  r.close();
});

test.serial('the reader is re-checked: a revoked key ends the stream with an error event; a team move applies', async (t) => {
  const k = await seed.key(s.db.pool, red.email, 'hackathon', { scopes: ['hackathon:read'] });
  const r = await stream(s.url, { key: k.key });
  await s.db.pool.query('select app_private.revoke_key($1)', [k.id]);
  await r.waitEnded();
  const err = r.events.find((e) => e.event === 'error');
  t.is(JSON.parse(err!.data).error.code, 'unauthorized');

  // Blue's member moves to Red: after a re-check, Red's rows reach them and Blue's no longer do.
  const mover = await person(s.db.pool, A.wsId, 'mover@alpha.test');
  const roster = [{ email: red.email, team: 'Red' }, { email: blue.email, team: 'Blue' }, { email: adv.email, role: 'advisor' }, { email: jury.email, role: 'jury' }];
  await importRoster(s.url, A.owner.key, [...roster, { email: mover.email, team: 'Blue' }]);
  const m = await stream(s.url, mover);
  await importRoster(s.url, A.owner.key, [...roster, { email: mover.email, team: 'Red' }]);
  // Probe with a Red row then a row everyone gets: once the latter arrived, the probe's fate is known.
  const moved = await until('the re-check to apply the team move', async () => {
    const probe = await publish(A, 'post.created', { probe: true }, PUBLIC, 'Red');
    await m.waitForId(await publish(A, 'post.created', { fence: true }));
    return m.ids().includes(probe) ? probe : null;
  });
  const blueRow = await publish(A, 'post.created', {}, PUBLIC, 'Blue');
  const fence = await publish(A, 'post.created', {});
  await m.waitForId(fence);
  t.true(m.ids().includes(moved));
  t.false(m.ids().includes(blueRow));

  // Removed from the roster: the stream ends with not_on_roster.
  await importRoster(s.url, A.owner.key, roster);
  await m.waitEnded();
  t.is(JSON.parse(m.events.find((e) => e.event === 'error')!.data).error.code, 'not_on_roster');
});

test.serial('a row committed by any connection reaches streams held on both API servers', async (t) => {
  const onA = await stream(s.url, red);
  const onB = await stream(s2!.url, red);
  const id = await publish(A, 'post.created', { both: true });
  await onA.waitForId(id);
  await onB.waitForId(id);
  t.deepEqual(onB.ids(), [id]);
  t.deepEqual(onA.ids(), [id]);
  onA.close();
  onB.close();
});

test.serial('the LISTEN connection dropped (pg_terminate_backend): the hub listens again and nothing committed meanwhile is lost', async (t) => {
  const r = await stream(s.url, A.owner);
  const hub = s.api.live!;
  const listensBefore = hub.listens;
  const killed = await s.db.pool.query(`select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = 'podium-live' and datname = current_database()`);
  t.true(killed.rows.length >= 1);
  const during = [await publish(A, 'post.created', { n: 'a' }), await publish(A, 'post.created', { n: 'b' })];
  await until('the hub to listen again', async () => hub.listens > listensBefore);
  const after = await publish(A, 'post.created', { n: 'c' });
  await r.waitForId(after);
  t.deepEqual(r.ids(), [...during, after]);
  r.close();
});

test.serial('a reader that does not read is closed once its buffer passes the bound; the others keep receiving', async (t) => {
  // A raw socket that never reads what it is sent.
  const sock = net.connect(Number(new URL(s.url).port), '127.0.0.1');
  sock.pause();
  let closed = false;
  sock.on('close', () => (closed = true));
  sock.on('error', () => (closed = true));
  sock.write(`GET /api/v1/event/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${A.owner.key}\r\n\r\n`);
  await until('the slow stream to be open', async () => s.api.live!.count === 1);
  const fast = await stream(s.url, adv);
  const big = 'x'.repeat(60_000);
  const ids: number[] = [];
  await until('the slow reader to be closed', async () => {
    for (let i = 0; i < 20; i++) ids.push(await publish(A, 'post.created', { big }));
    const metrics = (await http(s.url, 'GET', '/metrics')).text;
    return /podium_live_stream_closes_total\{reason="slow_reader"\} [1-9]/.test(metrics);
  }, 120_000);
  await fast.waitForId(ids[ids.length - 1]!, 60_000);
  t.deepEqual(fast.ids().filter((id) => ids.includes(id)), ids);
  t.false(fast.ended, 'the reader that keeps up is still open');
  sock.resume(); // read what was buffered: the server's end of the connection follows
  await until('the slow socket to be closed by the server', async () => closed);
  t.is(s.api.live!.count, 1, 'only the fast reader is still subscribed');
  fast.close();
});

test.serial('closing a server ends its open streams (the close does not wait on them)', async (t) => {
  const r = await stream(s2!.url, red);
  const server = s2!;
  s2 = null;
  await server.close();
  await r.waitEnded();
  t.true(r.ended);
});

test.serial('GraphQL exposes nothing of the live log: no query, mutation or type of it', async (t) => {
  const r = await http(s.url, 'POST', '/graphql', { key: A.owner.key, body: { query: '{ __schema { types { name fields { name } } queryType { fields { name } } mutationType { fields { name } } } }' } });
  t.is(r.status, 200, r.text);
  const schema = r.body.data.__schema;
  const names = [
    ...schema.types.map((x: { name: string }) => x.name),
    ...schema.queryType.fields.map((f: { name: string }) => f.name),
    ...(schema.mutationType?.fields ?? []).map((f: { name: string }) => f.name),
  ];
  t.deepEqual(names.filter((n: string) => /^live|Live(Event|Reader|Backlog|Horizon|Prune)|erase/i.test(n)), []);
});
