// Agenda: replace and show, at most 30 items, a refused item named items.<n>.<field>,
// every attendee reads it (jury included), only organizers set it; it moves no deadline.
import test from 'ava';
import { createEvent, eventWorkspace, HOUR, importRoster, person, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let owner: Person, jury: Person, part: Person, stranger: Person;
test.before(async () => {
  s = await startTestServer();
  const w = await eventWorkspace(s.db.pool, 'Agenda');
  owner = w.owner;
  await createEvent(s.url, owner.key, Date.now() + HOUR);
  jury = await person(s.db.pool, w.ws.id, 'jury@x.test');
  part = await person(s.db.pool, w.ws.id, 'part@x.test');
  stranger = await person(s.db.pool, w.ws.id, 'stranger@x.test');
  await importRoster(s.url, owner.key, [{ email: jury.email, role: 'jury' }, { email: part.email, team: 'Rocket' }]);
});
test.after.always(() => s?.close());

const set = (key: string, items: unknown[]) => http(s.url, 'PUT', '/api/v1/event/agenda', { key, body: { items } });
const item = (title: string, startsAt: string, extra: Record<string, unknown> = {}) => ({ title, kind: 'talk', startsAt, ...extra });

test.serial('set replaces the programme and answers it sorted by start; every attendee reads it', async (t) => {
  const r = await set(owner.key, [
    item('Lunch', '2099-05-01T12:00:00+02:00', { kind: 'meal', endsAt: '2099-05-01T13:00:00+02:00' }),
    item('Kick-off', '2099-05-01T09:00:00Z'),
  ]);
  t.is(r.status, 200);
  t.is(r.body.count, 2);
  t.deepEqual(r.body.items, [
    { title: 'Kick-off', kind: 'talk', startsAt: '2099-05-01T09:00:00.000Z', endsAt: null },
    { title: 'Lunch', kind: 'meal', startsAt: '2099-05-01T10:00:00.000Z', endsAt: '2099-05-01T11:00:00.000Z' },
  ]);
  for (const p of [jury, part, owner]) {
    const g = await http(s.url, 'GET', '/api/v1/event/agenda', { key: p.key });
    t.is(g.status, 200);
    t.deepEqual(g.body.items, r.body.items);
  }
  t.is((await http(s.url, 'GET', '/api/v1/event/agenda', { key: stranger.key })).body.error.code, 'not_on_roster');
  const e = await http(s.url, 'GET', '/api/v1/event', { key: owner.key });
  t.is(e.body.version, 1, 'the agenda moves no deadline and no version');
});

test.serial('at most 30 items; an empty list clears', async (t) => {
  const thirty = Array.from({ length: 30 }, (_, i) => item(`Talk ${i}`, `2099-05-01T${String(i % 24).padStart(2, '0')}:00:00Z`));
  t.is((await set(owner.key, thirty)).body.count, 30);
  const over = await set(owner.key, [...thirty, item('One more', '2099-05-02T09:00:00Z')]);
  t.is(over.status, 400);
  t.is(over.body.error.field, 'items');
  t.is((await http(s.url, 'GET', '/api/v1/event/agenda', { key: jury.key })).body.items.length, 30, 'a refused set changes nothing');
  const cleared = await set(owner.key, []);
  t.deepEqual(cleared.body, { count: 0, items: [] });
});

test.serial('a refused item is named items.<n>.<field>', async (t) => {
  const ok = item('Fine', '2099-05-01T09:00:00Z');
  const cases: [unknown, string][] = [
    [{ ...ok, title: '' }, 'title'],
    [{ ...ok, title: 'x'.repeat(81) }, 'title'],
    [{ ...ok, title: 'two\nlines' }, 'title'],
    [{ ...ok, kind: 'party' }, 'kind'],
    [{ ...ok, startsAt: 'tomorrow' }, 'startsAt'],
    [{ ...ok, startsAt: '2099-05-01T09:00:00' }, 'startsAt'],
    [{ ...ok, endsAt: '2099-05-01T08:00:00Z' }, 'endsAt'],
    [{ ...ok, room: 'B' }, 'room'],
  ];
  for (const [bad, field] of cases) {
    const r = await set(owner.key, [ok, ok, bad]);
    t.is(r.status, 400, field);
    t.is(r.body.error.field, `items.2.${field}`);
  }
  t.is((await set(owner.key, [ok, 'just text'])).body.error.field, 'items.1');
});

test.serial('only organizers set the agenda', async (t) => {
  for (const p of [jury, part]) {
    const r = await set(p.key, []);
    t.is(r.status, 403);
    t.is(r.body.error.code, 'insufficient_event_role');
  }
});
