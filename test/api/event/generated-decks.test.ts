// The generated-deck routes (/api/v1/event/decks/...): statuses and wire shapes, input
// refused at the edge, the view URL composed only where SQL shows a view, and two workspaces:
// B cannot read, list, review or release A's generated decks, runs or logs, over REST and
// GraphQL; a generated deck's thumbnail (gallery page) only to who may see the deck (after
// release: other teams' participants, never a guest, a member off the roster or someone
// removed from it). The
// worker's side is played by the app_private functions it calls.
import test from 'ava';
import { createHash } from 'node:crypto';
import { generatedViewHash, generatedViewUrl } from '../../../core/decks/view-link.ts';
import { createEvent, eventWorkspace, HOUR, importRoster, person, teamIds, type Person } from '../../helpers/event.ts';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { createBlobStore } from '../../../core/storage/index.ts';
import { http } from '../../helpers/http.ts';
import { pageSignIn, PASSWORD } from '../../helpers/pages.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let a: { owner: Person; part: Person; teams: Record<string, string>; eventId: string };
let b: { owner: Person; teams: Record<string, string> };
let runA: string, deckA: string, jobA: string;

async function setUp(name: string, teams: string[]) {
  const w = await eventWorkspace(s.db.pool, name);
  const eventId = (await createEvent(s.url, w.owner.key, Date.now() + HOUR, 1)).id;
  await importRoster(s.url, w.owner.key, teams.map((t, i) => ({ email: `p${i}@${name.toLowerCase()}.test`, team: t })));
  const part = await person(s.db.pool, w.ws.id, `p0@${name.toLowerCase()}.test`);
  const ids = await teamIds(s.db.pool, w.ws.id);
  await http(s.url, 'PUT', '/api/v1/event/vote', { key: w.owner.key, body: { on: true } });
  for (const [i, t] of teams.entries()) {
    await s.db.pool.query(`insert into app.submissions (project_id, event_id, state, sha, source, archive_sha256, archive_size, frozen_at)
      values ($1, $2, 'frozen', $3, 'push', $4, 10, now())`, [ids[t], eventId, String(i + 1).repeat(40), String(i + 1).repeat(64)]);
  }
  return { owner: w.owner, part, teams: ids, eventId };
}

/** The worker's part for every pending job of a run. */
async function work(runId: string) {
  const { rows } = await s.db.pool.query(`select id from app_private.generation_jobs where run_id = $1 and status = 'pending'`, [runId]);
  for (const { id } of rows) {
    await s.db.pool.query('select app_private.generation_job_begin($1)', [id]);
    const html = `<p>${id}</p>`;
    await s.db.pool.query('select app_private.publish_generated_deck($1, $2, $3)', [id, JSON.stringify({
      entry: 'index.html', files: [{ path: 'index.html', sha256: createHash('sha256').update(html).digest('hex'), size: html.length }],
      screens: [{ heading: 'Problem', claims: [{ text: 'cited', cite: { commit: 'a'.repeat(40) } }, { text: 'not', unverified: true }] }],
      findings: [], generator: 'builtin/1',
    }), generatedViewHash(s.config.authSecret, id)]);
  }
}

test.before(async () => {
  s = await startTestServer();
  a = await setUp('Alpha', ['Rocket', 'Comet']);
  b = await setUp('Beta', ['Nova']);
  await s.db.pool.query(`update app_private.clock set offset_seconds = 3 * 3600`); // past both freezes
  const started = await http(s.url, 'POST', '/api/v1/event/decks/runs', { key: a.owner.key, body: {} });
  if (started.status !== 201) throw new Error(started.text);
  runA = started.body.run.id;
  await work(runA);
  const d = await s.db.pool.query(`select g.id, g.job_id from app_private.generated_decks g where g.project_id = $1 and g.kind = 'jury'`, [a.teams.Rocket]);
  deckA = d.rows[0].id;
  jobA = d.rows[0].job_id;
});
test.after.always(async () => {
  await s?.db.pool.query(`update app_private.clock set offset_seconds = 0`);
  await s?.close();
});

test.serial('the routes answer their shapes; the view is a share URL of this instance, never the key it is derived from', async (t) => {
  const show = await http(s.url, 'GET', `/api/v1/event/decks/${deckA}`, { key: a.owner.key });
  t.is(show.status, 200, show.text);
  t.is(show.body.view, generatedViewUrl(s.url, s.config.authSecret, jobA));
  t.false('viewKey' in show.body);
  t.false(show.text.includes(jobA), 'the job id behind the link is not on the wire');
  const link = await http(s.url, 'GET', new URL(show.body.view).pathname);
  t.is(link.status, 200, 'the share link resolves');
  t.like((await http(s.url, 'GET', '/api/v1/event/decks/runs', { key: a.owner.key })).body, { currentRevision: 1, items: [{ id: runA, status: 'done' }] });
  t.is((await http(s.url, 'GET', '/api/v1/event/decks', { key: a.owner.key })).body.items.length, 4);
  const review = await http(s.url, 'POST', `/api/v1/event/decks/${deckA}/review`, { key: a.owner.key, body: { decision: 'approve', note: 'ok' } });
  t.like(review.body, { review: 'approved', reviewNote: 'ok' });
  const g = await http(s.url, 'GET', '/api/v1/event/decks/gallery', { key: a.part.key });
  t.deepEqual(g.body.items.map((i: any) => [i.team.name, i.jury, i.community]), [['Comet', { state: 'pending' }, { state: 'pending' }], ['Rocket', { state: 'pending' }, { state: 'pending' }]]);
});

test.serial('a generated deck\'s thumbnail on the gallery page, served to who may see the deck: not to a participant before release, not to workspace B', async (t) => {
  const png = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#123456' } }).png().toBuffer();
  const sha = createHash('sha256').update(png).digest('hex');
  const store = createBlobStore(s.config);
  try {
    await store.put(sha, png.length, Readable.from([png]));
  } finally {
    store.close();
  }
  const d = (await s.db.pool.query('select deck_id, version from app_private.generated_decks where id = $1', [deckA])).rows[0];
  await s.db.pool.query(`select app_private.save_thumbnail($1, $2, $3, 'title-card')`, [d.deck_id, d.version, sha]);
  const url = `/event/decks/${deckA}/thumbnail.png`;
  t.is((await http(s.url, 'GET', url)).status, 401, 'signed out');
  for (const who of [a.owner, a.part, b.owner]) await seed.password(s.db.pool, who.userId, PASSWORD);
  const organizer = await pageSignIn(s.url, a.owner.email);
  const res = await fetch(`${s.url}${url}`, { headers: { cookie: organizer } });
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'image/png');
  t.true(Buffer.from(await res.arrayBuffer()).equals(png));
  const page = await http(s.url, 'GET', '/event/gallery', { cookie: organizer });
  t.true(page.text.includes(`<img class="thumb" src="${url}" alt="Thumbnail of the jury deck of Rocket"`), 'the gallery shows it');
  const participant = await pageSignIn(s.url, a.part.email);
  t.is((await http(s.url, 'GET', url, { cookie: participant })).status, 404, 'not released: the participant may not see the deck, nor its thumbnail');
  t.false((await http(s.url, 'GET', '/event/gallery', { cookie: participant })).text.includes(url));
  const other = await pageSignIn(s.url, b.owner.email);
  t.is((await http(s.url, 'GET', url, { cookie: other })).status, 404, 'workspace B cannot read A\'s thumbnail');
  t.is((await http(s.url, 'GET', '/event/decks/not-a-uuid/thumbnail.png', { cookie: organizer })).status, 404);
});

test.serial('errors: run_not_found, deck_not_found (404), not_approved (409), refused input (400), vote_off (409)', async (t) => {
  const none = '00000000-0000-4000-8000-000000000000';
  t.like((await http(s.url, 'GET', `/api/v1/event/decks/runs/${none}`, { key: a.owner.key })), { status: 404, body: { error: { code: 'run_not_found' } } });
  t.like((await http(s.url, 'GET', `/api/v1/event/decks/${none}`, { key: a.owner.key })), { status: 404, body: { error: { code: 'deck_not_found' } } });
  t.like((await http(s.url, 'POST', '/api/v1/event/decks/releases', { key: a.owner.key, body: { projectId: a.teams.Rocket } })), { status: 409, body: { error: { code: 'not_approved' } } });
  t.like((await http(s.url, 'POST', `/api/v1/event/decks/${deckA}/review`, { key: a.owner.key, body: { decision: 'maybe' } })), { status: 400, body: { error: { code: 'invalid_input' } } });
  t.like((await http(s.url, 'GET', '/api/v1/event/decks/runs/not-a-uuid', { key: a.owner.key })), { status: 400 });
  t.like((await http(s.url, 'POST', '/api/v1/event/decks/runs', { key: a.owner.key, body: { newRevision: 'yes' } })), { status: 400 });
  const write = await http(s.url, 'POST', '/api/v1/event/decks/runs', { key: a.part.key, body: {} });
  t.like(write, { status: 403, body: { error: { code: 'insufficient_event_role' } } });
  await http(s.url, 'PUT', '/api/v1/event/vote', { key: a.owner.key, body: { on: false } });
  try {
    t.like((await http(s.url, 'GET', '/api/v1/event/decks', { key: a.owner.key })), { status: 409, body: { error: { code: 'vote_off' } } });
    t.is((await http(s.url, 'GET', '/api/v1/event/decks/gallery', { key: a.owner.key })).status, 200, 'the gallery works whatever the vote section says');
  } finally {
    await http(s.url, 'PUT', '/api/v1/event/vote', { key: a.owner.key, body: { on: true } });
  }
});

test.serial('decks generate takes an Idempotency-Key: a retry answers the same run', async (t) => {
  const headers = { 'idempotency-key': 'gen-1' };
  const one = await http(s.url, 'POST', '/api/v1/event/decks/runs', { key: b.owner.key, body: {}, headers });
  const two = await http(s.url, 'POST', '/api/v1/event/decks/runs', { key: b.owner.key, body: {}, headers });
  t.is(one.status, 201, one.text);
  t.deepEqual(two.body, one.body);
  await work(one.body.run.id);
});

test.serial('REST: workspace B cannot read, list, review or release A\'s generated decks, runs or logs', async (t) => {
  const key = b.owner.key;
  t.like(await http(s.url, 'GET', `/api/v1/event/decks/runs/${runA}?log=true`, { key }), { status: 404, body: { error: { code: 'run_not_found' } } });
  t.like(await http(s.url, 'GET', `/api/v1/event/decks/${deckA}`, { key }), { status: 404, body: { error: { code: 'deck_not_found' } } });
  t.like(await http(s.url, 'POST', `/api/v1/event/decks/${deckA}/review`, { key, body: { decision: 'reject' } }), { status: 404, body: { error: { code: 'deck_not_found' } } });
  t.like(await http(s.url, 'POST', '/api/v1/event/decks/releases', { key, body: { projectId: a.teams.Rocket } }), { status: 404, body: { error: { code: 'project_not_found' } } });
  const list = await http(s.url, 'GET', '/api/v1/event/decks', { key });
  t.deepEqual(list.body.items.map((i: any) => i.team.name), ['Nova', 'Nova'], 'only its own');
  const runs = await http(s.url, 'GET', '/api/v1/event/decks/runs', { key });
  t.false(runs.body.items.some((r: any) => r.id === runA));
  const gallery = await http(s.url, 'GET', '/api/v1/event/decks/gallery', { key });
  t.deepEqual(gallery.body.items.map((i: any) => i.team.name), ['Nova']);
  t.is((await s.db.pool.query('select review from app_private.generated_decks where id = $1', [deckA])).rows[0].review, 'approved', 'untouched');
});

test.serial('GraphQL: the same functions answer B exactly as REST does', async (t) => {
  const gql = async (query: string) => (await http(s.url, 'POST', '/graphql', { key: b.owner.key, body: { query } })).body;
  const code = (r: any) => r.errors?.[0]?.extensions?.code;
  t.is(code(await gql(`{ deckGenerationRun(run: "${runA}", log: true) { run { id } jobs { id log } } }`)), 'run_not_found');
  t.is(code(await gql(`{ generatedDeck(deck: "${deckA}") { id } }`)), 'deck_not_found');
  t.is(code(await gql(`mutation { reviewGeneratedDeck(input: { deck: "${deckA}", approve: false }) { result { id review } } }`)), 'deck_not_found');
  t.is(code(await gql(`mutation { releaseGeneratedDecks(input: { project: "${a.teams.Rocket}" }) { result { team { id } } } }`)), 'project_not_found');
  const list = await gql('{ generatedDecksList { items { team { name } } } }');
  t.deepEqual(list.data.generatedDecksList.items.map((i: any) => i.team.name), ['Nova', 'Nova']);
  const runs = await gql('{ deckGenerationRuns { items { id } } }');
  t.false(runs.data.deckGenerationRuns.items.some((r: any) => r.id === runA));
  const gallery = await gql('{ deckGallery { items { team { name } } } }');
  t.deepEqual(gallery.data.deckGallery.items.map((i: any) => i.team.name), ['Nova']);
  // And A's own organizer reads A's over GraphQL (the allow side); the view stays a key there.
  const own = await http(s.url, 'POST', '/graphql', { key: a.owner.key, body: { query: `{ generatedDeck(deck: "${deckA}") { id viewKey } }` } });
  t.is(own.body.data.generatedDeck.id, deckA);
  t.is(own.body.data.generatedDeck.viewKey, jobA);
  const readOnly = await http(s.url, 'POST', '/graphql', { key: a.part.key, body: { query: `mutation { startDeckGeneration(input: { newRevision: true }) { result { run { id } } } }` } });
  t.is(code(readOnly.body), 'insufficient_event_role', JSON.stringify(readOnly.body));
});

test.serial('a released deck\'s thumbnail: another team\'s participant sees it; a guest, a member off the roster and a participant removed from the roster do not', async (t) => {
  const url = `/event/decks/${deckA}/thumbnail.png`;
  const wsId = (await s.db.pool.query('select workspace_id from app.projects where id = $1', [a.teams.Rocket])).rows[0].workspace_id as string;
  const other = await person(s.db.pool, wsId, 'p1@alpha.test'); // on the roster of Comet since setUp
  const leaver = await person(s.db.pool, wsId, 'p9@alpha.test');
  const guest = await person(s.db.pool, wsId, 'guest@alpha.test', 'guest');
  const offRoster = await person(s.db.pool, wsId, 'member@alpha.test');
  for (const who of [other, leaver, guest, offRoster]) await seed.password(s.db.pool, who.userId, PASSWORD);
  const roster = [{ email: 'p0@alpha.test', team: 'Rocket' }, { email: 'p1@alpha.test', team: 'Comet' }];
  await importRoster(s.url, a.owner.key, [...roster, { email: 'p9@alpha.test', team: 'Rocket' }]);
  for (const d of (await s.db.pool.query(`select id from app_private.generated_decks where project_id = $1`, [a.teams.Rocket])).rows) {
    const r = await http(s.url, 'POST', `/api/v1/event/decks/${d.id}/review`, { key: a.owner.key, body: { decision: 'approve' } });
    t.is(r.status, 200, r.text);
  }
  const released = await http(s.url, 'POST', '/api/v1/event/decks/releases', { key: a.owner.key, body: { projectId: a.teams.Rocket } });
  t.is(released.status, 200, released.text);

  const png = async (cookie: string) => (await http(s.url, 'GET', url, { cookie })).status;
  t.is(await png(await pageSignIn(s.url, other.email)), 200, 'released: a participant of another team sees it, as in the gallery');
  const leaverCookie = await pageSignIn(s.url, leaver.email);
  t.is(await png(leaverCookie), 200, 'on the roster: seen');
  await importRoster(s.url, a.owner.key, roster);
  t.is(await png(leaverCookie), 404, 'removed from the roster: the same session no longer sees it');
  t.is(await png(await pageSignIn(s.url, guest.email)), 404, 'a workspace guest (no roster role)');
  t.is(await png(await pageSignIn(s.url, offRoster.email)), 404, 'a workspace member off the roster');
});
