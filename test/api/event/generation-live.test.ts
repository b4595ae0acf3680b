// Deck generation runs on the live stream: each status change of a run's job publishes the run
// (`generation.progressed`, then `generation.finished` once no job is pending or running) to
// the event's organizers only; participants and jury viewers of the event, and another
// workspace's organizers, never receive it. Real worker, real runs.
import test from 'ava';
import { Clock, createEvent, eventWorkspace, HOUR, type Person } from '../../helpers/event.ts';
import { frozenEvent, voteOn, type FrozenEvent } from '../../helpers/decks.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { SseReader } from '../../helpers/sse.ts';

let s: TestServer;
let clock: Clock;
let ev: FrozenEvent;
let bOwner: Person;

test.before(async () => {
  s = await startTestServer();
  clock = new Clock(s.url);
  ev = await frozenEvent(s, clock, 'GenLive', 'genlive', { Rocket: 'node', Blank: 'empty' });
  await s.startWorker();
  await ev.frozen();
  await voteOn(s, ev.owner.key);
  const b = await eventWorkspace(s.db.pool, 'GenLiveB');
  bOwner = b.owner;
  await createEvent(s.url, bOwner.key, clock.now() + HOUR);
});
test.after.always(async () => {
  await clock?.reset();
  await s?.close();
});

test.serial('a run\'s progress reaches A\'s organizers as generation.progressed then generation.finished; never A\'s participants, never B', async (t) => {
  const org = await SseReader.open(s.url, { key: ev.owner.key });
  const part = await SseReader.open(s.url, { key: ev.participant.key });
  const other = await SseReader.open(s.url, { key: bOwner.key });
  try {
    for (const r of [org, part, other]) await r.next('ready', (e) => e.event === 'ready');
    const started = await http(s.url, 'POST', '/api/v1/event/decks/runs', { key: ev.owner.key, body: { newRevision: false } });
    t.is(started.status, 201, started.text);
    const runId = started.body.run.id as string;
    const finished = JSON.parse((await org.next('the run finished', (e) => e.event === 'generation.finished' && JSON.parse(e.data).run.id === runId, 120_000)).data);
    t.like(finished.run, { id: runId, revision: 1, status: 'done', counts: { pending: 0, running: 0, review: 4, failed: 0, skipped: 0 } });
    const progressed = org.rows.filter((e) => e.event === 'generation.progressed').map((e) => JSON.parse(e.data).run);
    t.true(progressed.length >= 4, 'each job started at least (pending -> running)');
    t.true(progressed.every((r) => r.id === runId && r.status === 'running'));
    t.is(org.rows.filter((e) => e.event === 'generation.finished').length, 1, 'finished once');
    // The run's own read agrees with the last change.
    const read = await http(s.url, 'GET', `/api/v1/event/decks/runs/${runId}`, { key: ev.owner.key });
    t.deepEqual(read.body.run, finished.run);

    // Commit order: a post after the run reaches the participant and B's organizer; the run's changes did not.
    t.is((await http(s.url, 'POST', '/api/v1/event/feed/posts', { key: ev.owner.key, body: { body: 'after the run' } })).status, 201);
    await part.next('A\'s marker', (e) => e.event === 'post.created' && e.data.includes('after the run'));
    t.false(part.rows.some((e) => e.event.startsWith('generation.')), 'participants never receive a run');
    t.is((await http(s.url, 'POST', '/api/v1/event/feed/posts', { key: bOwner.key, body: { body: 'b marker' } })).status, 201);
    await other.next('B\'s marker', (e) => e.event === 'post.created' && e.data.includes('b marker'));
    t.false(other.rows.some((e) => e.event.startsWith('generation.') || e.data.includes(runId)), 'B never receives A\'s run');
  } finally {
    for (const r of [org, part, other]) r.close();
  }
});
