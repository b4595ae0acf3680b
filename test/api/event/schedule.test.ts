// Event configure: every row of the Event schedule rules, the never-run exception, the stale
// version, shape rules, and phases moved by the server clock only (test clock, no sleeping).
import test from 'ava';
import { Clock, configure, createEvent, eventWorkspace, HOUR, importRoster, iso, MINUTE, person, schedule } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let clock: Clock;
let n = 0;
test.before(async () => {
  s = await startTestServer();
  clock = new Clock(s.url);
});
test.after.always(() => s?.close());
test.beforeEach(() => clock.reset());

/** A workspace of its own per test, with an event starting in an hour (24 h of building). */
async function running(startInHours = 1) {
  const w = await eventWorkspace(s.db.pool, `Sched${++n}`);
  const start = clock.now() + startInHours * HOUR;
  const event = await createEvent(s.url, w.owner.key, start);
  return { ...w, event, start, buildEnd: start + 24 * HOUR };
}

test.serial('configure with expectedVersion 0 creates the event at version 1; freeze is build end + 15 minutes', async (t) => {
  const w = await eventWorkspace(s.db.pool, `Sched${++n}`);
  const start = clock.now() + HOUR;
  const r = await configure(s.url, w.owner.key, { expectedVersion: 0, ...schedule(start) });
  t.is(r.status, 201);
  t.true(r.body.created);
  const e = r.body.event;
  t.is(e.version, 1);
  t.is(e.phase, 'scheduled');
  t.is(e.timezone, 'Europe/Berlin');
  t.is(e.voteSection, 'off');
  t.is(e.rosterLockedAt, null);
  t.is(e.github, null);
  t.is(Date.parse(e.freezeAt) - Date.parse(e.buildEndsAt), 15 * MINUTE);
  t.regex(e.startsAt, /Z$/);
  t.is(e.startsAt, iso(start));
});

test.serial('instants sent with an offset come back as the same instant in UTC', async (t) => {
  const w = await eventWorkspace(s.db.pool, `Sched${++n}`);
  const r = await configure(s.url, w.owner.key, {
    expectedVersion: 0, startsAt: '2099-05-01T10:00:00+02:00', buildEndsAt: '2099-05-02T10:00:00+02:00',
    voteOpensAt: '2099-05-02T10:15:00+02:00', voteClosesAt: '2099-05-02T12:00:00+02:00',
  });
  t.is(r.status, 201);
  t.is(r.body.event.startsAt, '2099-05-01T08:00:00.000Z');
  t.is(r.body.event.voteOpensAt, r.body.event.freezeAt, 'vote may open exactly at the freeze');
});

test.serial('a stale version is refused naming the current version; 0 against an existing event too', async (t) => {
  const w = await running();
  const stale = await configure(s.url, w.owner.key, { expectedVersion: 3, ...schedule(w.start) });
  t.is(stale.status, 409);
  t.is(stale.body.error.code, 'version_conflict');
  t.is(stale.body.error.currentVersion, 1);
  t.regex(stale.body.error.message, /--expected-version 1/);
  const again = await configure(s.url, w.owner.key, { expectedVersion: 0, ...schedule(w.start) });
  t.is(again.body.error.code, 'version_conflict');
  const ok = await configure(s.url, w.owner.key, { expectedVersion: 1, ...schedule(w.start), name: 'Renamed' });
  t.is(ok.status, 200);
  t.false(ok.body.created);
  t.is(ok.body.event.version, 2);
  t.is(ok.body.event.name, 'Renamed');
});

test.serial('with no event, expectedVersion other than 0 is a version conflict naming 0', async (t) => {
  const w = await eventWorkspace(s.db.pool, `Sched${++n}`);
  const r = await configure(s.url, w.owner.key, { expectedVersion: 2, ...schedule(clock.now() + HOUR) });
  t.is(r.status, 409);
  t.is(r.body.error.currentVersion, 0);
});

test.serial('shape rules: IANA timezone, build end after start, vote opens at the freeze or later, closes after opening', async (t) => {
  const w = await eventWorkspace(s.db.pool, `Sched${++n}`);
  const sc = schedule(clock.now() + HOUR);
  const tz = await configure(s.url, w.owner.key, { expectedVersion: 0, ...sc, timezone: 'Mars/Olympus' });
  t.is(tz.status, 400);
  t.is(tz.body.error.field, 'timezone');
  const order = await configure(s.url, w.owner.key, { expectedVersion: 0, ...sc, buildEndsAt: sc.startsAt });
  t.is(order.body.error.field, 'buildEndsAt');
  const early = await configure(s.url, w.owner.key, { expectedVersion: 0, ...sc, voteOpensAt: iso(Date.parse(sc.buildEndsAt) + 14 * MINUTE) });
  t.is(early.body.error.field, 'voteOpensAt');
  const closes = await configure(s.url, w.owner.key, { expectedVersion: 0, ...sc, voteClosesAt: sc.voteOpensAt });
  t.is(closes.body.error.field, 'voteClosesAt');
  const noZone = await configure(s.url, w.owner.key, { expectedVersion: 0, ...sc, startsAt: '2099-05-01T10:00:00' });
  t.is(noZone.status, 400);
  t.is(noZone.body.error.field, 'startsAt');
  const unknown = await configure(s.url, w.owner.key, { expectedVersion: 0, ...sc, colour: 'red' });
  t.is(unknown.body.error.field, 'colour');
  t.is((await http(s.url, 'GET', '/api/v1/event', { key: w.owner.key })).body.error.code, 'event_not_configured');
});

test.serial('configure, before start: start not ahead of now is starts_past', async (t) => {
  const w = await running();
  const r = await configure(s.url, w.owner.key, { expectedVersion: 1, ...schedule(clock.now() - MINUTE) });
  t.is(r.status, 400);
  t.is(r.body.error.code, 'starts_past');
  t.is(r.body.error.field, 'startsAt');
  const ok = await configure(s.url, w.owner.key, { expectedVersion: 1, ...schedule(clock.now() + 2 * HOUR) });
  t.is(ok.status, 200);
});

test.serial('configure, before start: a start that the clock has reached is starts_past even if it was ahead when typed', async (t) => {
  const w = await running();
  const target = clock.now() + 2 * HOUR;
  await clock.to(clock.now() + 30 * MINUTE); // still before the start of the event
  const ok = await configure(s.url, w.owner.key, { expectedVersion: 1, ...schedule(target) });
  t.is(ok.status, 200);
  await clock.to(w.start - MINUTE);
  const r = await configure(s.url, w.owner.key, { expectedVersion: 2, ...schedule(clock.now() - 10 * MINUTE) });
  t.is(r.body.error.code, 'starts_past');
});

test.serial('configure, change start: event already started is event_started', async (t) => {
  const w = await running();
  await clock.to(w.start + HOUR);
  const r = await configure(s.url, w.owner.key, { expectedVersion: 1, ...schedule(w.start + 2 * HOUR) });
  t.is(r.status, 409);
  t.is(r.body.error.code, 'event_started');
  // Same start: other fields may still change while running.
  const ok = await configure(s.url, w.owner.key, { expectedVersion: 1, ...schedule(w.start), name: 'Still running' });
  t.is(ok.status, 200);
  t.is(ok.body.event.phase, 'building');
});

test.serial('configure, move build end while running: no reason is reason_required; with one every participant sees it', async (t) => {
  const w = await running();
  const p = await person(s.db.pool, w.ws.id, `p${n}@x.test`);
  await importRoster(s.url, w.owner.key, [{ email: p.email, team: 'Rocket' }]);
  await clock.to(w.start + HOUR);
  const moved = { ...schedule(w.start, 26) };
  const r = await configure(s.url, w.owner.key, { expectedVersion: 1, ...moved });
  t.is(r.status, 400);
  t.is(r.body.error.code, 'reason_required');
  const ok = await configure(s.url, w.owner.key, { expectedVersion: 1, ...moved, reason: 'Power cut in hall B' });
  t.is(ok.status, 200);
  t.is(ok.body.event.buildEndsAt, moved.buildEndsAt);
  const status = await http(s.url, 'GET', '/api/v1/event/status', { key: p.key });
  t.is(status.status, 200);
  t.is(status.body.notices.length, 1);
  t.is(status.body.notices[0].reason, 'Power cut in hall B');
  t.is(status.body.notices[0].previousBuildEndsAt, iso(w.buildEnd));
  t.is(status.body.notices[0].buildEndsAt, moved.buildEndsAt);
});

test.serial('configure, move build end in grace too needs a reason; before start it needs none', async (t) => {
  const w = await running();
  const early = await configure(s.url, w.owner.key, { expectedVersion: 1, ...schedule(w.start, 30) });
  t.is(early.status, 200);
  t.deepEqual(early.body.event.notices, []);
  await clock.to(w.start + 30 * HOUR + 5 * MINUTE); // grace: after build end, before freeze
  t.is((await http(s.url, 'GET', '/api/v1/event', { key: w.owner.key })).body.phase, 'grace');
  const r = await configure(s.url, w.owner.key, { expectedVersion: 2, ...schedule(w.start, 31) });
  t.is(r.body.error.code, 'reason_required');
});

test.serial('configure: a build end whose freeze is already past is build_end_past', async (t) => {
  const w = await running();
  await clock.to(w.start + 2 * HOUR);
  // New build end 20 minutes ago: its freeze was 5 minutes ago.
  const r = await configure(s.url, w.owner.key, { expectedVersion: 1, ...schedule(w.start, (clock.now() - 20 * MINUTE - w.start) / HOUR), reason: 'cut short' });
  t.is(r.status, 400);
  t.is(r.body.error.code, 'build_end_past');
  // Build end 10 minutes ago: the freeze is still 5 minutes ahead, so it is allowed.
  const ok = await configure(s.url, w.owner.key, { expectedVersion: 1, ...schedule(w.start, (clock.now() - 10 * MINUTE - w.start) / HOUR), reason: 'cut short' });
  t.is(ok.status, 200);
  t.is(ok.body.event.phase, 'grace');
});

test.serial('configure: event frozen is event_closed', async (t) => {
  const w = await running();
  await clock.to(w.buildEnd + 15 * MINUTE);
  t.is((await http(s.url, 'GET', '/api/v1/event', { key: w.owner.key })).body.phase, 'closed');
  const r = await configure(s.url, w.owner.key, { expectedVersion: 1, ...schedule(w.start), name: 'Rename after freeze' });
  t.is(r.status, 409);
  t.is(r.body.error.code, 'event_closed');
});

test.serial('configure: voting was opened is vote_window_locked', async (t) => {
  const w = await running();
  await clock.to(w.buildEnd + 40 * MINUTE);
  // The community vote issue sets this; here the column stands in for an opened vote.
  await s.db.pool.query('update app.events set voting_opened_at = app.now() where workspace_id = $1', [w.ws.id]);
  const r = await configure(s.url, w.owner.key, { expectedVersion: 1, ...schedule(w.start), voteClosesAt: iso(w.buildEnd + 5 * HOUR) });
  t.is(r.status, 409);
  t.is(r.body.error.code, 'vote_window_locked');
});

test.serial('a never-run event created with a past schedule may be given a real one', async (t) => {
  const w = await eventWorkspace(s.db.pool, `Sched${++n}`);
  const past = clock.now() - 3 * 24 * HOUR;
  const created = await configure(s.url, w.owner.key, { expectedVersion: 0, ...schedule(past) });
  t.is(created.status, 201);
  t.is(created.body.event.phase, 'closed');
  // Its schedule must become real: still in the past is starts_past, not event_closed.
  const stillPast = await configure(s.url, w.owner.key, { expectedVersion: 1, ...schedule(past + HOUR) });
  t.is(stillPast.body.error.code, 'starts_past');
  const real = await configure(s.url, w.owner.key, { expectedVersion: 1, ...schedule(clock.now() + HOUR) });
  t.is(real.status, 200);
  t.is(real.body.event.phase, 'scheduled');
  // Once real it runs like any event: after its freeze it is closed for good.
  await clock.to(clock.now() + 26 * HOUR);
  const closed = await configure(s.url, w.owner.key, { expectedVersion: 2, ...schedule(clock.now() + HOUR) });
  t.is(closed.body.error.code, 'event_closed');
});

test.serial('the never-run exception ends once something is locked or frozen', async (t) => {
  const locked = await eventWorkspace(s.db.pool, `Sched${++n}`);
  await configure(s.url, locked.owner.key, { expectedVersion: 0, ...schedule(clock.now() - 3 * 24 * HOUR) });
  t.is((await http(s.url, 'PUT', '/api/v1/event/roster/lock', { key: locked.owner.key })).status, 200);
  const r = await configure(s.url, locked.owner.key, { expectedVersion: 1, ...schedule(clock.now() + HOUR) });
  t.is(r.body.error.code, 'event_closed');

  const frozen = await eventWorkspace(s.db.pool, `Sched${++n}`);
  await configure(s.url, frozen.owner.key, { expectedVersion: 0, ...schedule(clock.now() - 3 * 24 * HOUR) });
  // The freeze sweep (submissions issue) records this; the column stands in for it here.
  await s.db.pool.query('update app.events set frozen_at = app.now() where workspace_id = $1', [frozen.ws.id]);
  const f = await configure(s.url, frozen.owner.key, { expectedVersion: 1, ...schedule(clock.now() + HOUR) });
  t.is(f.body.error.code, 'event_closed');

  // An event created with a future schedule that simply ran is no never-run event.
  const ran = await running();
  await clock.to(ran.buildEnd + HOUR);
  const g = await configure(s.url, ran.owner.key, { expectedVersion: 1, ...schedule(clock.now() + HOUR) });
  t.is(g.body.error.code, 'event_closed');
});

test.serial('phases follow the server clock only: scheduled, building, grace, closed', async (t) => {
  const w = await running();
  const phaseAt = async (ms: number) => {
    await clock.to(ms);
    const r = await http(s.url, 'GET', '/api/v1/event/status', { key: w.owner.key });
    t.true(Math.abs(Date.parse(r.body.serverTime) - ms) < 5_000, 'serverTime follows the test clock');
    return r.body.phase;
  };
  t.is(await phaseAt(w.start - MINUTE), 'scheduled');
  t.is(await phaseAt(w.start + MINUTE), 'building');
  t.is(await phaseAt(w.buildEnd + MINUTE), 'grace');
  t.is(await phaseAt(w.buildEnd + 14 * MINUTE), 'grace');
  t.is(await phaseAt(w.buildEnd + 16 * MINUTE), 'closed');
});

test.serial('event status: deadlines, role and team; organizers see every team, a participant their own, jury none', async (t) => {
  const w = await running();
  const p = await person(s.db.pool, w.ws.id, `sp${n}@x.test`);
  const j = await person(s.db.pool, w.ws.id, `sj${n}@x.test`);
  await importRoster(s.url, w.owner.key, [
    { email: p.email, team: 'Rocket' }, { email: `other${n}@x.test`, team: 'Comet' }, { email: j.email, role: 'jury' },
  ]);
  const org = await http(s.url, 'GET', '/api/v1/event/status', { key: w.owner.key });
  t.is(org.status, 200);
  t.is(org.body.role, 'organizer');
  t.is(org.body.team, null);
  t.deepEqual(org.body.teams.map((x: { name: string; state: string }) => [x.name, x.state]), [['Comet', 'waiting'], ['Rocket', 'waiting']]);
  for (const k of ['startsAt', 'buildEndsAt', 'freezeAt', 'voteOpensAt', 'voteClosesAt', 'serverTime']) t.regex(org.body[k], /^\d{4}-.*Z$/, k);
  const mine = await http(s.url, 'GET', '/api/v1/event/status', { key: p.key });
  t.is(mine.body.role, 'participant');
  t.is(mine.body.team.name, 'Rocket');
  t.deepEqual(mine.body.teams.map((x: { name: string }) => x.name), ['Rocket']);
  const jury = await http(s.url, 'GET', '/api/v1/event/status', { key: j.key });
  t.is(jury.body.role, 'jury');
  t.deepEqual(jury.body.teams, []);
});

test.serial('roles: owners and admins are organizers whatever the roster says; a roster organizer configures too', async (t) => {
  const w = await running();
  const admin = await person(s.db.pool, w.ws.id, `adm${n}@x.test`, 'admin');
  const rosterOrg = await person(s.db.pool, w.ws.id, `org${n}@x.test`);
  const part = await person(s.db.pool, w.ws.id, `part${n}@x.test`);
  await importRoster(s.url, w.owner.key, [
    { email: admin.email, team: 'Rocket' }, { email: rosterOrg.email, role: 'organizer' }, { email: part.email, team: 'Rocket' },
  ]);
  const a = await http(s.url, 'GET', '/api/v1/event/status', { key: admin.key });
  t.is(a.body.role, 'organizer');
  t.is(a.body.team.name, 'Rocket', 'an organizer by workspace role keeps the team the roster gives');
  const byRoster = await configure(s.url, rosterOrg.key, { expectedVersion: 1, ...schedule(w.start), name: 'By roster organizer' });
  t.is(byRoster.status, 200);
  const refused = await configure(s.url, part.key, { expectedVersion: 2, ...schedule(w.start) });
  t.is(refused.status, 403);
  t.is(refused.body.error.code, 'insufficient_event_role');
  t.regex(refused.body.error.message, /organizer is needed/);
});

test.serial('not_on_roster, event_not_configured, and creating needs an owner or admin', async (t) => {
  const w = await eventWorkspace(s.db.pool, `Sched${++n}`);
  const member = await person(s.db.pool, w.ws.id, `m${n}@x.test`);
  const none = await http(s.url, 'GET', '/api/v1/event/status', { key: member.key });
  t.is(none.status, 404);
  t.is(none.body.error.code, 'event_not_configured');
  const create = await configure(s.url, member.key, { expectedVersion: 0, ...schedule(clock.now() + HOUR) });
  t.is(create.status, 403);
  t.is(create.body.error.code, 'insufficient_event_role');
  await createEvent(s.url, w.owner.key, clock.now() + HOUR);
  const off = await http(s.url, 'GET', '/api/v1/event/status', { key: member.key });
  t.is(off.status, 403);
  t.is(off.body.error.code, 'not_on_roster');
});

test.serial('keys: reads need hackathon:read, writes hackathon:write; deck keys are refused', async (t) => {
  const w = await running();
  const ro = await person(s.db.pool, w.ws.id, `ro${n}@x.test`, 'admin', ['hackathon:read']);
  t.is((await http(s.url, 'GET', '/api/v1/event', { key: ro.key })).status, 200);
  const write = await configure(s.url, ro.key, { expectedVersion: 1, ...schedule(w.start) });
  t.is(write.status, 403);
  t.is(write.body.error.code, 'insufficient_scope');
  const { key: deckKey } = await (await import('../../../ops/harness/seed.ts')).key(s.db.pool, ro.email, 'deck');
  t.is((await http(s.url, 'GET', '/api/v1/event/status', { key: deckKey })).body.error.code, 'insufficient_scope');
});

test.serial('pinned keys act only in their workspace: no header reads its event, another workspace is refused naming the pin', async (t) => {
  const a = await running();
  const b = await running();
  const { member, key } = await import('../../../ops/harness/seed.ts');
  await member(s.db.pool, b.ws.id, a.owner.email, 'owner');
  const pinned = await key(s.db.pool, a.owner.email, 'hackathon', { workspaceId: a.ws.id });
  const own = await http(s.url, 'GET', '/api/v1/event', { key: pinned.key });
  t.is(own.status, 200);
  t.is(own.body.id, a.event.id);
  const other = await http(s.url, 'GET', '/api/v1/event', { key: pinned.key, headers: { 'podium-workspace': b.ws.id } });
  t.is(other.status, 403);
  t.is(other.body.error.code, 'workspace_pinned');
  t.is(other.body.error.pinnedWorkspaceId, a.ws.id);
  // The unpinned key reaches the other workspace's event with the header.
  const free = await http(s.url, 'GET', '/api/v1/event', { key: a.owner.key, headers: { 'podium-workspace': b.ws.id } });
  t.is(free.body.id, b.event.id);
});

test.serial('event github: sets organization, template and branch (main by default), checked', async (t) => {
  const w = await running();
  const r = await http(s.url, 'PUT', '/api/v1/event/github', { key: w.owner.key, body: { organization: 'acme-hack', template: 'acme/hack-template' } });
  t.is(r.status, 200);
  t.deepEqual(r.body, { organization: 'acme-hack', template: 'acme/hack-template', branch: 'main' });
  t.deepEqual((await http(s.url, 'GET', '/api/v1/event', { key: w.owner.key })).body.github, r.body);
  const bad = await http(s.url, 'PUT', '/api/v1/event/github', { key: w.owner.key, body: { organization: 'acme--hack', template: 'acme/x' } });
  t.is(bad.body.error.field, 'organization');
  const tpl = await http(s.url, 'PUT', '/api/v1/event/github', { key: w.owner.key, body: { organization: 'acme', template: 'no-slash' } });
  t.is(tpl.body.error.field, 'template');
  const br = await http(s.url, 'PUT', '/api/v1/event/github', { key: w.owner.key, body: { organization: 'acme', template: 'acme/t', branch: 'bad..name' } });
  t.is(br.body.error.field, 'branch');
  const p = await person(s.db.pool, w.ws.id, `gh${n}@x.test`);
  await importRoster(s.url, w.owner.key, [{ email: p.email, team: 'Rocket' }]);
  const refused = await http(s.url, 'PUT', '/api/v1/event/github', { key: p.key, body: { organization: 'acme', template: 'acme/t' } });
  t.is(refused.body.error.code, 'insufficient_event_role');
});

test.serial('event vote --on|--off: organizers switch the vote section; it shows on the event', async (t) => {
  const w = await running();
  const on = await http(s.url, 'PUT', '/api/v1/event/vote', { key: w.owner.key, body: { on: true } });
  t.deepEqual(on.body, { voteSection: 'on' });
  t.is((await http(s.url, 'GET', '/api/v1/event', { key: w.owner.key })).body.voteSection, 'on');
  const off = await http(s.url, 'PUT', '/api/v1/event/vote', { key: w.owner.key, body: { on: false } });
  t.deepEqual(off.body, { voteSection: 'off' });
  const p = await person(s.db.pool, w.ws.id, `v${n}@x.test`);
  await importRoster(s.url, w.owner.key, [{ email: p.email, role: 'advisor' }]);
  t.is((await http(s.url, 'PUT', '/api/v1/event/vote', { key: p.key, body: { on: true } })).body.error.code, 'insufficient_event_role');
});

test.serial('configure honours Idempotency-Key: a retried create answers the first reply', async (t) => {
  const w = await eventWorkspace(s.db.pool, `Sched${++n}`);
  const body = { expectedVersion: 0, name: 'Once', timezone: 'UTC', ...schedule(clock.now() + HOUR) };
  const a = await http(s.url, 'PUT', '/api/v1/event', { key: w.owner.key, body, headers: { 'idempotency-key': 'create-1' } });
  const b = await http(s.url, 'PUT', '/api/v1/event', { key: w.owner.key, body, headers: { 'idempotency-key': 'create-1' } });
  t.is(a.status, 201);
  t.is(b.status, 201);
  t.is(b.body.event.id, a.body.event.id);
});
