// Typed GraphQL for the event area (issue 44): the event, its status and the instance health,
// the roster (page, team members, import, lock), the agenda, the bootstrap record with the
// code-host username, and the local code host's repository invitations. Each query field is
// read with every field of its type selected and compared with the REST route that calls the
// same function; each mutation's typed result is compared with the matching REST read. The
// data fills the nested lists and objects (notices, code-host settings, roster invitations,
// repository standings, revocations, workers, released results). Workspace B's keys read
// nothing of workspace A's through the typed fields.
import test, { type ExecutionContext } from 'ava';
import type { GraphQLSchema } from 'postgraphile/graphql';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { ownRepository } from '../../helpers/codehost.ts';
import { assignRepository, Clock, eventWorkspace, HOUR, importRoster, MINUTE, person, schedule, teamIds, type Person } from '../../helpers/event.ts';
import { liveSchema, mutateShaped, readShaped, sameAsJson } from '../../helpers/graphql.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { openVote, submit, voteFixture } from '../../helpers/vote.ts';
import * as seed from '../../../ops/harness/seed.ts';

let s: TestServer;
let host: LocalCodeHost;
let clock: Clock;
let schema: GraphQLSchema;
let wsA = '';
let owner: Person, ann: Person, ben: Person, cat: Person, coach: Person, judge: Person;
let eventId = '';
let start = 0;
const other = { owner: undefined as unknown as Person, bob: undefined as unknown as Person, eventId: '' };

test.before(async () => {
  s = await startTestServer();
  host = new LocalCodeHost(s.config.dataDir, s.db.pool);
  clock = new Clock(s.url);
  const a = await eventWorkspace(s.db.pool, 'EvShape');
  wsA = a.ws.id;
  owner = a.owner;
  ann = await person(s.db.pool, wsA, 'ann@evshape.test');
  ben = await person(s.db.pool, wsA, 'ben@evshape.test');
  cat = await person(s.db.pool, wsA, 'cat@evshape.test');
  coach = await person(s.db.pool, wsA, 'coach@evshape.test');
  judge = await person(s.db.pool, wsA, 'judge@evshape.test');
  schema = await liveSchema(s.url, owner.key);
});
test.after.always(() => s?.close());

const get = (key: string, path: string) => http(s.url, 'GET', path, { key });
async function rest(key: string, path: string): Promise<any> {
  const r = await get(key, path);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text}`);
  return r.body;
}

/** The value at a path of keys and indexes. */
const at = (v: any, path: (string | number)[]) => path.reduce((x, k) => (x == null ? x : x[k]), v);

/**
 * Fields read live (the server time, a beat's age): two reads a moment apart differ, so each is
 * checked to be there on both sides and near (instants within a minute, seconds within 60),
 * then the JSON side takes the typed value before the whole answers are compared.
 */
function settleLive(t: ExecutionContext, typed: any, json: any, paths: (string | number)[][]): any {
  const copy = structuredClone(json);
  for (const path of paths) {
    const tv = at(typed, path);
    const jv = at(copy, path);
    const where = path.join('.');
    if (typeof jv === 'number') t.true(typeof tv === 'number' && Math.abs(tv - jv) <= 60, `${where}: typed ${tv}, JSON ${jv}`);
    else t.true(typeof tv === 'string' && typeof jv === 'string' && Math.abs(Date.parse(tv) - Date.parse(jv)) < MINUTE, `${where}: typed ${tv}, JSON ${jv}`);
    at(copy, path.slice(0, -1))[path[path.length - 1]!] = tv;
  }
  return copy;
}

/** GET /bootstrap is app.bootstrap_record() completed with live reads: its stored part. */
function storedPart(body: any) {
  const { codeHost: _c, installer: _i, dashboardUrl: _d, setup: _s, repository, ...rest } = body;
  return { ...rest, repository: repository && { fullName: repository.fullName, branch: repository.branch, readiness: repository.readiness } };
}

test.serial('configureEvent creates the event, then moves the build end of the running event: typed, the same as GET /api/v1/event', async (t) => {
  start = clock.now() + HOUR;
  const sc = schedule(start);
  const created = await mutateShaped(s.url, owner.key, schema, 'configureEvent', { expectedVersion: 0, name: 'Shape Hack', timezone: 'Europe/Berlin', ...sc });
  t.is(created.created, true);
  t.like(created.event, { name: 'Shape Hack', version: 1, phase: 'scheduled', voteSection: 'off', github: null, notices: [], rosterLockedAt: null });
  eventId = created.event.id;
  sameAsJson(t, created.event, settleLive(t, created.event, await rest(owner.key, '/api/v1/event'), [['serverTime']]), 'configureEvent (created)');

  // Code-host settings and a notice: the nested object and list of the event.
  const gh = await http(s.url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'acme', template: 'acme/template' } });
  t.is(gh.status, 200, gh.text);
  await clock.to(start + HOUR);
  const moved = { ...schedule(start, 26), reason: 'Power cut in hall B' };
  const changed = await mutateShaped(s.url, owner.key, schema, 'configureEvent', { expectedVersion: 1, name: 'Shape Hack', timezone: 'Europe/Berlin', ...moved });
  t.is(changed.created, false);
  t.like(changed.event, { version: 2, phase: 'building', github: { organization: 'acme', template: 'acme/template', branch: 'main' } });
  t.is(changed.event.notices.length, 1);
  t.like(changed.event.notices[0], { reason: 'Power cut in hall B' });
  t.is(Date.parse(changed.event.notices[0].previousBuildEndsAt), Date.parse(sc.buildEndsAt));
  t.is(Date.parse(changed.event.notices[0].buildEndsAt), start + 26 * HOUR);
  const json = await rest(owner.key, '/api/v1/event');
  sameAsJson(t, changed.event, settleLive(t, changed.event, json, [['serverTime']]), 'configureEvent (changed)');

  const current = await readShaped(s.url, owner.key, schema, 'currentEvent');
  sameAsJson(t, current, settleLive(t, current, await rest(owner.key, '/api/v1/event'), [['serverTime']]), 'currentEvent');
  t.is(current.notices[0].reason, 'Power cut in hall B');
});

test.serial('importRoster answers typed: imported, removed rows, created and dissolved teams, the addresses invited', async (t) => {
  const first = await mutateShaped(s.url, owner.key, schema, 'importRoster', {
    participants: [{ email: 'nova@evshape.test', team: 'Nova' }, { email: ann.email, name: 'Ann Lee', team: 'Rocket' }],
  });
  t.deepEqual(first, { imported: 2, removed: [], created: ['Nova', 'Rocket'], dissolved: [], invited: ['nova@evshape.test'] });

  const second = await mutateShaped(s.url, owner.key, schema, 'importRoster', {
    participants: [
      { email: ann.email, name: 'Ann Lee', team: 'Rocket' }, { email: ben.email, team: 'Rocket' }, { email: cat.email, name: 'Cat', team: 'Comet' },
      { email: coach.email, role: 'advisor', github: 'coach-gh' }, { email: judge.email, role: 'jury' }, { email: 'newbie@evshape.test', team: 'Comet' },
    ],
  });
  t.deepEqual(second, {
    imported: 6, removed: [{ email: 'nova@evshape.test', team: 'Nova' }], created: ['Comet'], dissolved: ['Nova'], invited: ['newbie@evshape.test'],
  });
  const status = await rest(owner.key, '/api/v1/event/status');
  t.deepEqual(status.teams.map((x: { name: string }) => x.name), ['Comet', 'Rocket'], 'the import the typed answer told of is the roster now');
});

test.serial('setGithubLogin (typed, with invitationQueued), bootstrapRecord and repositoryInvitation agree with GET /bootstrap and the stored invitation', async (t) => {
  const rocket = (await teamIds(s.db.pool, wsA)).Rocket!;
  await ownRepository(s.db.pool, eventId, 'acme/rocket');
  await host.createEmpty('acme/rocket');
  await assignRepository(s.db.pool, rocket, 'acme/rocket', 'invited');
  // Provisioning ran once (as it records its run): a username saved now queues the team again.
  await s.db.pool.query(`insert into app_private.provision_runs (event_id, key, state) values ($1, 'shape-run', 'done')`, [eventId]);

  const saved = await mutateShaped(s.url, ann.key, schema, 'setGithubLogin', { login: 'ann-gh' });
  t.is(saved.invitationQueued, true, 'the repository exists: provisioning is queued again to invite ann-gh');
  t.like(saved, {
    person: { id: ann.userId, email: ann.email, name: 'Ann Lee' }, role: 'participant', team: { id: rocket, name: 'Rocket' }, githubLogin: 'ann-gh',
    event: { id: eventId, name: 'Shape Hack', phase: 'building' }, repository: { fullName: 'acme/rocket', branch: 'main', readiness: 'invited' },
  });
  const { invitationQueued: _q, ...record } = saved;
  sameAsJson(t, record, storedPart(await rest(ann.key, '/bootstrap')), 'setGithubLogin');

  const booted = await readShaped(s.url, ann.key, schema, 'bootstrapRecord');
  t.false('invitationQueued' in booted, 'the record itself has no invitationQueued');
  sameAsJson(t, booted, storedPart(await rest(ann.key, '/bootstrap')), 'bootstrapRecord');
  const judged = await readShaped(s.url, judge.key, schema, 'bootstrapRecord');
  t.like(judged, { role: 'jury', team: null, repository: null, githubLogin: null });
  sameAsJson(t, judged, storedPart(await rest(judge.key, '/bootstrap')), 'bootstrapRecord (jury)');

  // The local code host invites ann and ben; ben accepts through GraphQL.
  const benSet = await http(s.url, 'PUT', '/bootstrap/github', { key: ben.key, body: { login: 'ben-gh' } });
  t.is(benSet.status, 200, benSet.text);
  await host.invite('acme/rocket', 'ann-gh', 'maintain');
  await host.invite('acme/rocket', 'ben-gh', 'maintain');
  const invitation = await readShaped(s.url, ann.key, schema, 'repositoryInvitation', { fullName: 'acme/rocket' });
  const row = (await s.db.pool.query(`select a.invited_at from app_private.local_repository_access a where lower(a.full_name) = 'acme/rocket' and a.user_id = $1`, [ann.userId])).rows[0];
  t.deepEqual({ ...invitation, invitedAt: Date.parse(invitation.invitedAt) }, {
    repository: 'acme/rocket', permission: 'maintain', invitedAt: new Date(row.invited_at).getTime(), acceptedAt: null, event: { name: 'Shape Hack' }, team: 'Rocket',
  });

  const accepted = await mutateShaped(s.url, ben.key, schema, 'acceptRepositoryInvitation', { fullName: 'acme/rocket' });
  t.like(accepted, { repository: 'acme/rocket', permission: 'maintain' });
  t.truthy(accepted.acceptedAt);
  const again = await http(s.url, 'POST', '/api/v1/codehost/invitations/accept', { key: ben.key, body: { repository: 'acme/rocket' } });
  t.is(again.status, 200, again.text);
  sameAsJson(t, accepted, again.body, 'acceptRepositoryInvitation (REST accepting again answers the same)');
  t.is(await host.standing('acme/rocket', 'ben-gh'), 'member');
  const benInvitation = await readShaped(s.url, ben.key, schema, 'repositoryInvitation', { fullName: 'acme/rocket' });
  t.is(Date.parse(benInvitation.acceptedAt), Date.parse(accepted.acceptedAt));
});

test.serial('rosterPage: rows with invitation and repository standing, and pending revocations, the same as GET /api/v1/event/roster', async (t) => {
  await s.db.pool.query(`insert into app_private.access_revocations (event_id, full_name, login, email, attempts, last_error)
    values ($1, 'acme/nova', 'nova-gh', 'nova@evshape.test', 2, 'code host unreachable')`, [eventId]);
  // The invitation mail went out (as the mail job records it; no worker runs here).
  const sent = await s.db.pool.query(`update app_private.invitations set sent_at = now(), expires_at = now() + interval '7 days'
    where workspace_id = $1 and email = 'newbie@evshape.test' and sent_at is null`, [wsA]);
  t.is(sent.rowCount, 1);
  const typed = await readShaped(s.url, owner.key, schema, 'rosterPage', { limit: 100 });
  const json = await rest(owner.key, '/api/v1/event/roster?limit=99');
  t.is(typed.rows.length, 6);
  t.is(json.nextCursor, null);
  sameAsJson(t, typed, { rosterLockedAt: json.rosterLockedAt, revocations: json.revocations, rows: json.items }, 'rosterPage');

  const by = (email: string) => typed.rows.find((r: { email: string }) => r.email === email);
  t.like(by(ann.email), { github: 'ann-gh', signedIn: false, invitation: null, repository: { name: 'acme/rocket', permission: 'maintain', standing: 'invited' } });
  t.like(by(ben.email), { repository: { standing: 'member' } });
  t.like(by(cat.email), { team: 'Comet', repository: { name: null, permission: 'maintain', standing: 'no_username' } });
  t.like(by(coach.email), { role: 'advisor', github: 'coach-gh', repository: { name: null, permission: 'read', standing: null } });
  t.like(by(judge.email), { role: 'jury', repository: null });
  t.like(by('newbie@evshape.test'), { invitation: { state: 'pending' } });
  t.truthy(by('newbie@evshape.test').invitation.sentAt);
  t.truthy(by('newbie@evshape.test').invitation.expiresAt);
  t.like(typed.revocations, [{ email: 'nova@evshape.test', login: 'nova-gh', repository: 'acme/nova', attempts: 2, lastError: 'code host unreachable' }]);
});

test.serial('teamRoster: an organizer names a team, a participant reads their own; the same as GET /api/v1/event/team-members', async (t) => {
  const rocket = (await teamIds(s.db.pool, wsA)).Rocket!;
  const typed = await readShaped(s.url, owner.key, schema, 'teamRoster', { team: rocket });
  t.deepEqual(typed.team, { id: rocket, name: 'Rocket' });
  t.deepEqual(typed.members.map((m: { email: string }) => m.email), [ann.email, ben.email]);
  sameAsJson(t, typed, await rest(owner.key, `/api/v1/event/team-members?team=${rocket}`), 'teamRoster (organizer)');
  const own = await readShaped(s.url, cat.key, schema, 'teamRoster');
  t.deepEqual(own.members.map((m: { name: string | null; signedIn: boolean }) => [m.name, m.signedIn]), [['Cat', false], [null, false]]);
  sameAsJson(t, own, await rest(cat.key, '/api/v1/event/team-members'), 'teamRoster (participant)');
});

test.serial('setAgenda answers the programme typed, and agenda reads it the same as GET /api/v1/event/agenda', async (t) => {
  const items = [
    { title: 'Demos', kind: 'presentations', startsAt: new Date(start + 25 * HOUR).toISOString() },
    { title: 'Kick-off', kind: 'talk', startsAt: new Date(start).toISOString(), endsAt: new Date(start + 30 * MINUTE).toISOString() },
  ];
  const set = await mutateShaped(s.url, owner.key, schema, 'setAgenda', { items });
  t.deepEqual(set.map((i: { title: string }) => i.title), ['Kick-off', 'Demos'], 'sorted by start');
  t.is(set[1].endsAt, null);
  sameAsJson(t, set, (await rest(owner.key, '/api/v1/event/agenda')).items, 'setAgenda');
  for (const p of [ann, judge]) {
    const typed = await readShaped(s.url, p.key, schema, 'agenda');
    t.is(typed.length, 2);
    sameAsJson(t, typed, (await rest(p.key, '/api/v1/event/agenda')).items, `agenda (${p.email})`);
  }
});

test.serial('lockRoster answers rosterLockedAt typed, as GET /api/v1/event/roster then shows it; unlockRoster answers the object of nulls, not null', async (t) => {
  const locked = await mutateShaped(s.url, owner.key, schema, 'lockRoster', {});
  t.truthy(locked.rosterLockedAt);
  sameAsJson(t, locked, { rosterLockedAt: (await rest(owner.key, '/api/v1/event/roster')).rosterLockedAt }, 'lockRoster');
  const typedEvent = await readShaped(s.url, owner.key, schema, 'currentEvent');
  t.is(Date.parse(typedEvent.rosterLockedAt), Date.parse(locked.rosterLockedAt), 'the event says the same');
  // Unlocking answers { rosterLockedAt: null }: a row whose fields are all null, which
  // PostgreSQL calls null; the typed answer is still the object (api/graphql-shapes.ts).
  const r = await http(s.url, 'POST', '/graphql', { key: owner.key, body: { query: 'mutation { unlockRoster(input: {}) { result { rosterLockedAt } } }' } });
  t.deepEqual(r.body, { data: { unlockRoster: { result: { rosterLockedAt: null } } } });
  t.is((await rest(owner.key, '/api/v1/event/roster')).rosterLockedAt, null);
});

test.serial('eventStatus: every team for an organizer, their own team for a participant; the same as GET /api/v1/event/status', async (t) => {
  const live = [['serverTime']];
  const org = await readShaped(s.url, owner.key, schema, 'eventStatus');
  t.like(org, { name: 'Shape Hack', version: 2, role: 'organizer', team: null, resultsReleased: null, voteClosedAt: null, phase: 'building' });
  t.deepEqual(org.teams.map((x: { name: string; state: string }) => [x.name, x.state]), [['Comet', 'waiting'], ['Rocket', 'waiting']]);
  t.is(org.notices.length, 1);
  sameAsJson(t, org, settleLive(t, org, await rest(owner.key, '/api/v1/event/status'), live), 'eventStatus (organizer)');
  const mine = await readShaped(s.url, ann.key, schema, 'eventStatus');
  t.like(mine, { role: 'participant', team: { name: 'Rocket' } });
  t.deepEqual(mine.teams.map((x: { name: string }) => x.name), ['Rocket']);
  sameAsJson(t, mine, settleLive(t, mine, await rest(ann.key, '/api/v1/event/status'), live), 'eventStatus (participant)');
});

test.serial('eventStatus after a vote: the actual close and the newest released result, typed', async (t) => {
  const fx = await voteFixture(s.db.pool, 'Voted', { teams: { Rocket: ['ada@voted.test'], Comet: ['eve@voted.test'] } });
  const version = await openVote(fx);
  await submit(fx, 'ada@voted.test', ['Comet'], version);
  await fx.call('owner', 'app.close_voting()');
  await fx.call('owner', 'app.calculate_vote_results()');
  await fx.call('owner', 'app.release_vote_results(1)');
  const key = (await seed.key(s.db.pool, 'owner@voted.test', 'hackathon')).key;
  const typed = await readShaped(s.url, key, schema, 'eventStatus');
  t.is(typed.resultsReleased?.version, 1);
  t.truthy(typed.resultsReleased.releasedAt);
  t.truthy(typed.voteClosedAt);
  t.is(typed.voteSection, 'on');
  sameAsJson(t, typed, settleLive(t, typed, await rest(key, '/api/v1/event/status'), [['serverTime']]), 'eventStatus (results released)');
});

test.serial('eventInstanceHealth: workers and the queue typed, the same as GET /api/v1/event/health', async (t) => {
  await s.db.pool.query(`insert into app_private.worker_heartbeats (worker_id, service_role, beat_at) values ('shape-w1', 'worker', now() - interval '5 seconds')`);
  const typed = await readShaped(s.url, owner.key, schema, 'eventInstanceHealth');
  const json = await rest(owner.key, '/api/v1/event/health');
  t.true(typed.apiReplicas >= 1);
  t.true(typed.workers.some((w: { role: string }) => w.role === 'worker'));
  t.true(typed.queue.queued >= 1, 'the provisioning queued for ann-gh waits: no worker runs here');
  const live = [['serverTime'], ['queue', 'oldestAgeSeconds'], ...typed.workers.map((_: unknown, i: number) => ['workers', i, 'ageSeconds'])];
  t.is(json.workers.length, typed.workers.length);
  sameAsJson(t, typed, settleLive(t, typed, json, live), 'eventInstanceHealth');
});

test.serial("workspace B's keys read none of A's through the typed fields", async (t) => {
  const b = await eventWorkspace(s.db.pool, 'EvOther');
  other.owner = b.owner;
  const made = await mutateShaped(s.url, b.owner.key, schema, 'configureEvent', { expectedVersion: 0, name: 'Other Hack', timezone: 'UTC', ...schedule(clock.now() + HOUR) });
  other.eventId = made.event.id;
  other.bob = await person(s.db.pool, b.ws.id, 'bob@evother.test');
  await importRoster(s.url, b.owner.key, [{ email: other.bob.email, team: 'Comet' }]);
  const bAgenda = await http(s.url, 'PUT', '/api/v1/event/agenda', { key: b.owner.key, body: { items: [{ title: 'B only', kind: 'talk', startsAt: new Date(clock.now() + 2 * HOUR).toISOString() }] } });
  t.is(bAgenda.status, 200, bAgenda.text);

  const current = await readShaped(s.url, b.owner.key, schema, 'currentEvent');
  t.is(current.id, other.eventId);
  t.deepEqual(current.notices, []);
  t.is(current.github, null);
  const status = await readShaped(s.url, b.owner.key, schema, 'eventStatus');
  t.deepEqual(status.teams.map((x: { name: string }) => x.name), ['Comet']);
  const aTeams = Object.values(await teamIds(s.db.pool, wsA));
  t.false(status.teams.some((x: { id: string }) => aTeams.includes(x.id)), "none of A's teams");
  const page = await readShaped(s.url, b.owner.key, schema, 'rosterPage', { limit: 100 });
  t.deepEqual(page.rows.map((r: { email: string }) => r.email), [other.bob.email]);
  t.deepEqual(page.revocations, []);
  t.deepEqual((await readShaped(s.url, b.owner.key, schema, 'agenda')).map((i: { title: string }) => i.title), ['B only']);
  const bob = await readShaped(s.url, other.bob.key, schema, 'bootstrapRecord');
  t.like(bob, { event: { id: other.eventId }, team: { name: 'Comet' }, repository: null });

  const rocket = (await teamIds(s.db.pool, wsA)).Rocket!;
  const refused = async (key: string, field: string, args: Record<string, unknown>, code: string) => {
    const e = await t.throwsAsync(readShaped(s.url, key, schema, field, args));
    t.regex(e!.message, new RegExp(code), field);
    t.notRegex(e!.message, /ann@evshape|Rocket|Shape Hack/, `${field} tells nothing of A`);
  };
  await refused(b.owner.key, 'teamRoster', { team: rocket }, 'team_not_found');
  await refused(other.bob.key, 'repositoryInvitation', { fullName: 'acme/rocket' }, 'invitation_not_found');
  const accept = await t.throwsAsync(mutateShaped(s.url, other.bob.key, schema, 'acceptRepositoryInvitation', { fullName: 'acme/rocket' }));
  t.regex(accept!.message, /invitation_not_found/);
  const lock = await mutateShaped(s.url, b.owner.key, schema, 'lockRoster', {});
  t.truthy(lock.rosterLockedAt);
  t.is((await readShaped(s.url, owner.key, schema, 'currentEvent')).rosterLockedAt, null, "B's lock is B's only");
});
