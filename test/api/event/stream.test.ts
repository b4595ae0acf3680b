// GET /api/v1/event/stream: framing, who may open it, what each reader receives (roles,
// teams, another workspace), resume with Last-Event-ID (exactly the missed rows, across the
// hand-over), retention resets, heartbeats, re-checks of the reader, a dropped LISTEN
// connection, a slow reader, and two API servers on one database. Rows are published with
// app_private.live_publish, the interface every change of the chats issue writes through.
import test from 'ava';
import net from 'node:net';
import { cookieFrom, http } from '../../helpers/http.ts';
import { createEvent, eventWorkspace, HOUR, importRoster, person, teamIds, type Person } from '../../helpers/event.ts';
import * as seed from '../../helpers/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { SseReader } from '../../helpers/sse.ts';
import { until } from '../../helpers/until.ts';

let s: TestServer;
let s2: TestServer; // a second API server on the same database (a replica)
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

test('the stream answers text/event-stream, says ready with its position, then frames each row as id, event and data', async (t) => {
  const r = await stream(s.url, A.owner);
  t.is(r.status, 200);
  t.regex(String(r.headers['content-type']), /^text\/event-stream/);
  t.is(r.headers['cache-control'], 'no-cache, no-transform');
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
