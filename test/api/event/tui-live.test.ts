// What hackathon tui added to the wire: the live kinds `receipt.recorded` (every webhook
// receipt, whatever its verdict; a team chat activity item is a separate consumer) and `vote.coverage` (ballots submitted of voters), both for organizers only and
// never another workspace's; and GET /api/v1/event/health (organizers; instance-wide
// figures only).
import test from 'ava';
import { pushFixture, sendDelivery } from '../../helpers/codehost.ts';
import { assignRepository, Clock, createEvent, eventWorkspace, HOUR, importRoster, person, teamIds, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { unfitLiveRows } from '../../helpers/live-contract.ts';
import { SseReader } from '../../helpers/sse.ts';
import { until } from '../../../ops/harness/until.ts';
import { openVote, submit, voteFixture } from '../../helpers/vote.ts';

let s: TestServer;
let aOwner: Person, aPart: Person, bOwner: Person;
let aEvent: string, bEvent: string;

test.before(async () => {
  s = await startTestServer({ worker: true });
  const a = await eventWorkspace(s.db.pool, 'Alpha');
  aOwner = a.owner;
  aEvent = (await createEvent(s.url, aOwner.key, Date.now() + HOUR)).id;
  await http(s.url, 'PUT', '/api/v1/event/github', { key: aOwner.key, body: { organization: 'AlphaOrg', template: 'AlphaOrg/template' } });
  aPart = await person(s.db.pool, a.ws.id, 'ann@alpha.test');
  await importRoster(s.url, aOwner.key, [{ email: aPart.email, team: 'Rocket' }]);
  await assignRepository(s.db.pool, (await teamIds(s.db.pool, a.ws.id)).Rocket!, 'AlphaOrg/Rocket', 'ready');
  const b = await eventWorkspace(s.db.pool, 'Beta');
  bOwner = b.owner;
  bEvent = (await createEvent(s.url, bOwner.key, Date.now() + HOUR)).id;
  await http(s.url, 'PUT', '/api/v1/event/github', { key: bOwner.key, body: { organization: 'BetaOrg', template: 'BetaOrg/template' } });
  await importRoster(s.url, bOwner.key, [{ email: 'bo@beta.test', team: 'Bolt' }]);
});
// The rows these changes wrote to the live log fit their kinds' schemas (core/wire/live.ts).
test.after('every live row written here fits its kind\'s schema', async (t) => {
  t.deepEqual(await unfitLiveRows(s.db.pool), []);
});
test.after.always(async () => {
  await new Clock(s.url).reset().catch(() => undefined);
  await s?.close();
});

test.serial('receipt.recorded: every receipt (accepted, late, refused) to the event\'s organizers only, never to another workspace; the accepted push\'s activity item is a separate change', async (t) => {
  const orgA = await SseReader.open(s.url, { key: aOwner.key });
  const partA = await SseReader.open(s.url, { key: aPart.key });
  const orgB = await SseReader.open(s.url, { key: bOwner.key });
  try {
    for (const r of [orgA, partA, orgB]) await r.next('ready', (e) => e.event === 'ready');
    const ok = await sendDelivery(s.url, { eventId: aEvent, payload: pushFixture('AlphaOrg/Rocket', { organization: { login: 'AlphaOrg' }, after: 'c'.repeat(40) }) });
    t.is(ok.status, 202);
    const refused = await sendDelivery(s.url, { eventId: aEvent, payload: pushFixture('AlphaOrg/Nope', { organization: { login: 'AlphaOrg' } }) });
    t.is(refused.body.refusal, 'unknown_repository');
    const bDelivery = await sendDelivery(s.url, { eventId: bEvent, payload: pushFixture('BetaOrg/Bolt', { organization: { login: 'BetaOrg' } }) });
    t.is(bDelivery.status, 202);

    const accepted = await orgA.next('the accepted push\'s activity item', (e) => e.event === 'post.created' && JSON.parse(e.data).post.activity?.sequence === ok.body.sequence);
    t.like(JSON.parse(accepted.data).post, { kind: 'push', activity: { sha: 'c'.repeat(40), late: false } });
    const r = JSON.parse((await orgA.next('the refused receipt', (e) => e.event === 'receipt.recorded' && JSON.parse(e.data).receipt.verdict === 'refused')).data);
    t.like(r, { team: null, repository: 'AlphaOrg/Nope', receipt: { sequence: refused.body.sequence, refusal: 'unknown_repository', late: false, kind: 'push' } });
    t.is(typeof r.receipt.receivedAt, 'string');
    // A refusal of a team's repository names the team.
    const wrong = await sendDelivery(s.url, { eventId: aEvent, payload: pushFixture('AlphaOrg/Rocket', { organization: { login: 'AlphaOrg' }, ref: 'refs/heads/dev', after: 'd'.repeat(40) }) });
    t.is(wrong.body.refusal, 'wrong_branch');
    const w = JSON.parse((await orgA.next('the wrong branch', (e) => e.event === 'receipt.recorded' && JSON.parse(e.data).receipt.sequence === wrong.body.sequence)).data);
    t.like(w, { team: { name: 'Rocket' }, repository: 'AlphaOrg/Rocket', receipt: { refusal: 'wrong_branch', sha: 'd'.repeat(40) } });
    const acc = JSON.parse((await orgA.next('the accepted push\'s receipt', (e) => e.event === 'receipt.recorded' && JSON.parse(e.data).receipt.sequence === ok.body.sequence)).data);
    t.like(acc, { team: { name: 'Rocket' }, repository: 'AlphaOrg/Rocket', receipt: { verdict: 'accepted', refusal: null, late: false, sha: 'c'.repeat(40) } });
    t.is(orgA.rows.filter((e) => e.event === 'receipt.recorded' && JSON.parse(e.data).receipt.sequence === ok.body.sequence).length, 1, 'one receipt.recorded per receipt');
    // B's organizer sees B's refused receipt (so its stream works) and never A's.
    await orgB.next('B\'s own receipt', (e) => e.event === 'receipt.recorded');
    t.false(orgB.rows.some((e) => e.data.includes('AlphaOrg')), 'B never sees A');
    t.false(orgA.rows.some((e) => e.data.includes('BetaOrg')), 'A never sees B');
    // A participant of A never gets the receipt rows: a feed post after them reaches it
    // (commit order), the receipts did not.
    t.is((await http(s.url, 'POST', '/api/v1/event/feed/posts', { key: aOwner.key, body: { body: 'marker' } })).status, 201);
    await partA.next('the marker post', (e) => e.event === 'post.created' && e.data.includes('marker'));
    t.false(partA.rows.some((e) => e.event === 'receipt.recorded'));
  } finally {
    for (const r of [orgA, partA, orgB]) r.close();
  }
});

test.serial('vote.coverage: a submitted ballot moves the coverage for organizers; participants and another workspace never see it', async (t) => {
  const fx = await voteFixture(s.db.pool, 'Gamma', { teams: { Red: ['r1@gamma.test'], Blue: ['b1@gamma.test'], Green: ['g1@gamma.test'] } });
  const version = await openVote(fx);
  const owner = await seed.key(s.db.pool, 'owner@gamma.test', 'hackathon');
  const voter = await seed.key(s.db.pool, 'g1@gamma.test', 'hackathon');
  const org = await SseReader.open(s.url, { key: owner.key });
  const part = await SseReader.open(s.url, { key: voter.key });
  const other = await SseReader.open(s.url, { key: bOwner.key });
  try {
    for (const r of [org, part, other]) await r.next('ready', (e) => e.event === 'ready');
    await submit(fx, 'r1@gamma.test', ['Blue', 'Green'], version);
    const first = JSON.parse((await org.next('coverage 1', (e) => e.event === 'vote.coverage')).data);
    t.like(first, { eligibilityVersion: version, change: 'submitted', submitted: 1, invalidated: 0, voters: 3 });
    await submit(fx, 'b1@gamma.test', ['Red', 'Green'], version);
    await org.next('coverage 2', (e) => e.event === 'vote.coverage' && JSON.parse(e.data).submitted === 2);
    // A draft does not publish.
    await fx.call('g1@gamma.test', 'app.save_vote_ballot($1, $2, 0)', [[fx.teams.Red], version]);
    await submit(fx, 'g1@gamma.test', ['Red', 'Blue'], version, 1);
    await org.next('coverage 3', (e) => e.event === 'vote.coverage' && JSON.parse(e.data).submitted === 3);
    t.is(org.rows.filter((e) => e.event === 'vote.coverage').length, 3);
    t.false(part.rows.some((e) => e.event === 'vote.coverage'));
    t.false(other.rows.some((e) => e.event === 'vote.coverage'));
  } finally {
    for (const r of [org, part, other]) r.close();
  }
});

test.serial('GET /api/v1/event/health: organizers only; instance-wide figures, nothing of a workspace', async (t) => {
  const h = await until('a worker heartbeat', async () => {
    const r = await http(s.url, 'GET', '/api/v1/event/health', { key: aOwner.key });
    return r.status === 200 && r.body.workers.length > 0 ? r : null;
  });
  t.deepEqual(Object.keys(h.body).sort(), ['apiReplicas', 'queue', 'serverTime', 'status', 'workers']);
  t.is(h.body.apiReplicas, 1, 'this server, the one API replica');
  t.like(h.body.workers[0], { role: 'all' });
  t.is(typeof h.body.queue.queued, 'number');
  // Another workspace's organizer reads the very same instance figures (no workspace in them).
  const b = await http(s.url, 'GET', '/api/v1/event/health', { key: bOwner.key });
  t.is(b.status, 200);
  t.deepEqual(Object.keys(b.body).sort(), Object.keys(h.body).sort());
  t.false(JSON.stringify(h.body).includes('Alpha'));
  const p = await http(s.url, 'GET', '/api/v1/event/health', { key: aPart.key });
  t.is(p.status, 403);
  t.is(p.body.error.code, 'insufficient_event_role');
  const readless = await seed.key(s.db.pool, aOwner.email, 'hackathon', { scopes: ['hackathon:write'] });
  t.is((await http(s.url, 'GET', '/api/v1/event/health', { key: readless.key })).body.error.code, 'insufficient_scope');
});

test.serial('receipt.recorded: a late push (after the freeze) is published with late true to A\'s organizers, never to B', async (t) => {
  const orgA = await SseReader.open(s.url, { key: aOwner.key });
  const orgB = await SseReader.open(s.url, { key: bOwner.key });
  const clock = new Clock(s.url);
  try {
    for (const r of [orgA, orgB]) await r.next('ready', (e) => e.event === 'ready');
    const { rows: [e] } = await s.db.pool.query(`select extract(epoch from freeze_at) * 1000 as freeze from app.events where id = $1`, [aEvent]);
    await clock.to(Number(e.freeze) + 2000);
    const late = await sendDelivery(s.url, { eventId: aEvent, payload: pushFixture('AlphaOrg/Rocket', { organization: { login: 'AlphaOrg' }, after: 'e'.repeat(40) }) });
    t.like(late.body, { verdict: 'accepted', late: true });
    const r = JSON.parse((await orgA.next('the late receipt', (x) => x.event === 'receipt.recorded' && JSON.parse(x.data).receipt.sequence === late.body.sequence)).data);
    t.like(r, { team: { name: 'Rocket' }, repository: 'AlphaOrg/Rocket', receipt: { verdict: 'accepted', late: true, sha: 'e'.repeat(40) } });
    // B's stream is live (a post of B reaches it after A's receipt) and never carried A's receipt.
    t.is((await http(s.url, 'POST', '/api/v1/event/feed/posts', { key: bOwner.key, body: { body: 'b marker' } })).status, 201);
    await orgB.next('B\'s marker', (x) => x.event === 'post.created' && x.data.includes('b marker'));
    t.false(orgB.rows.some((x) => x.event === 'receipt.recorded' || x.data.includes('AlphaOrg')));
  } finally {
    await clock.reset();
    for (const r of [orgA, orgB]) r.close();
  }
});
