// The command scope rule on the wire: reads need hackathon:read, writes need
// hackathon:write. An organizer (owner) whose key carries only hackathon:read is refused
// every event write with 403 insufficient_scope naming the scope, and nothing changes;
// the same calls with the organizer's full key are not refused for scope (so the routes
// exist and the refusal is the scope's alone).
import test from 'ava';
import { createEvent, eventWorkspace, HOUR, importRoster, person, teamIds, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let owner: Person, readOnly: Person;
let projectId: string;

test.before(async () => {
  s = await startTestServer();
  const w = await eventWorkspace(s.db.pool, 'Scoped');
  owner = w.owner;
  // Another key of the same owner, with the read scope only.
  readOnly = await person(s.db.pool, w.ws.id, 'reader@scoped.test', 'owner', ['hackathon:read']);
  await createEvent(s.url, owner.key, Date.now() + HOUR);
  await importRoster(s.url, owner.key, [{ email: 'ann@scoped.test', team: 'Rocket' }]);
  projectId = (await teamIds(s.db.pool, w.ws.id)).Rocket!;
});
test.after.always(() => s?.close());

const writes: [string, 'PUT' | 'PATCH' | 'POST', () => string, () => unknown][] = [
  ['roster import', 'PUT', () => '/api/v1/event/roster', () => ({ participants: [{ email: 'ann@scoped.test', team: 'Rocket' }, { email: 'zed@scoped.test', team: 'Comet' }] })],
  ['agenda set', 'PUT', () => '/api/v1/event/agenda', () => ({ items: [] })],
  ['showcase set', 'PATCH', () => '/api/v1/event/showcase', () => ({ published: true })],
  ['deck links set', 'PATCH', () => '/api/v1/event/deck-links', () => ({ team: 'Rocket', demo: null })],
  ['GitHub login (PUT /bootstrap/github)', 'PUT', () => '/bootstrap/github', () => ({ login: 'reader-gh' })],
  ['submissions reconcile', 'POST', () => '/api/v1/submissions/reconcile', () => ({})],
  ['roster lock', 'PUT', () => '/api/v1/event/roster/lock', () => ({})], // last but one: a locked roster refuses imports
  ['submissions exception', 'POST', () => `/api/v1/submissions/${projectId}/exception`, () => ({ reason: 'late push', missing: true })],
];

const rosterState = async () => (await s.db.pool.query(`select count(*)::int as n from app.roster_entries`)).rows[0].n;

test.serial('a key with only hackathon:read is refused every event write: 403 insufficient_scope', async (t) => {
  const before = await rosterState();
  for (const [what, method, url, body] of writes) {
    const r = await http(s.url, method, url(), { key: readOnly.key, body: body() });
    t.is(r.status, 403, `${what}: ${r.text}`);
    t.is(r.body?.error?.code, 'insufficient_scope', `${what}: ${r.text}`);
    t.deepEqual(r.body?.error?.needed, ['hackathon:write'], what);
  }
  t.is(await rosterState(), before, 'the roster did not change');
  t.is((await http(s.url, 'GET', '/api/v1/event/roster', { key: readOnly.key })).status, 200, 'the same key reads');
});

test.serial('the same writes with a hackathon:write key are not refused for scope', async (t) => {
  for (const [what, method, url, body] of writes) {
    const r = await http(s.url, method, url(), { key: owner.key, body: body() });
    t.not(r.body?.error?.code, 'insufficient_scope', `${what}: ${r.text}`);
    t.not(r.status, 404, `${what}: the route exists (${r.text})`);
    t.true(r.status < 500, `${what}: answered, not failed (${r.text})`);
  }
});
