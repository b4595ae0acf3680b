// Typed GraphQL (issue 44) for submissions (freeze and capture) and the generated jury and
// community decks: every query field answers its `@shape` type with every field selected,
// and says what the REST route calling the same function says; every mutation answers its
// type with the values the following reads show. The data fills the nested lists (receipts,
// exceptions, refused and late deliveries, jobs with logs, screens with every kind of claim,
// released, superseded and unchanged decks), and workspace B's key reads none of A's.
import test from 'ava';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { GraphQLSchema } from 'postgraphile/graphql';
import { withViews } from '../../../api/routes/event/decks.ts';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { generateBuiltin } from '../../../core/decks/builtin.ts';
import { Evidence } from '../../../core/decks/evidence.ts';
import type { DeckTemplate } from '../../../core/decks/types.ts';
import { generatedViewHash } from '../../../core/decks/view-link.ts';
import { createBlobStore } from '../../../core/storage/index.ts';
import { asUser } from '../../helpers/as.ts';
import { pushFixture, sendDelivery } from '../../helpers/codehost.ts';
import { publish } from '../../helpers/deck.ts';
import { assignRepository, Clock, createEvent, eventWorkspace, HOUR, importRoster, MINUTE, person, teamIds, type Person } from '../../helpers/event.ts';
import { answerTypes, liveSchema, mutateShaped, readShaped, sameAsJson } from '../../helpers/graphql.ts';
import { http } from '../../helpers/http.ts';
import { archiveOf, makeRepo, run, shapeSteps } from '../../helpers/projects.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let clock: Clock;
let schema: GraphQLSchema;
let a: { wsId: string; owner: Person; part: Person; teams: Record<string, string>; eventId: string; deckId: string; exportKey: string };
let b: { owner: Person; teams: Record<string, string>; exportKey: string };
const rocketSha = '1'.repeat(40);
const meteorSha = '2'.repeat(40);
const archive = Buffer.from('the frozen evidence of Rocket, as a capture stores it');
const archiveSha256 = createHash('sha256').update(archive).digest('hex');

/** The screens a generator hands in: every kind of citation, a negative claim, a quote, a chart and a diagram. */
const SCREENS = [
  {
    heading: 'Problem',
    claims: [
      { text: 'Reads the README', cite: { path: 'README.md', start: 1, end: 3 } },
      { text: 'Commits', cite: { commit: 'a'.repeat(40) } },
      { text: 'In its own words', cite: { showcase: 'tagline' } },
      { text: 'Arrived in push 1', cite: { receipt: 1 } },
      { text: 'Not checked', unverified: true },
      { text: 'No tests', absent: { subject: 'tests', checked: ['package.json', 'the file tree'] } },
      { text: 'The entry point', cite: { path: 'src/main.ts', start: 2, end: 2 }, quote: 'main();' },
    ],
  },
  {
    heading: 'What was built in the event',
    claims: [{ text: 'Built during the event', cite: { commit: 'b'.repeat(40) } }],
    chart: {
      from: '2026-11-28T10:00:00.000Z', to: '2026-11-28T22:00:00.000Z', counts: [1, 0, 2], commits: ['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(40)],
      rows: [{ sha: 'a'.repeat(40), at: '2026-11-28T10:30:00.000Z', who: 'Pat', subject: 'start', files: 3, added: 40, deleted: 2 }, { sha: 'b'.repeat(40), at: '2026-11-28T20:00:00.000Z', who: 'someone else', subject: 'more' }],
      pushes: [{ sequence: 1, at: '2026-11-28T20:05:00.000Z', commits: 2 }],
    },
  },
  {
    heading: 'How it works',
    claims: [{ text: 'A web service and a database', cite: { path: 'compose.yaml', start: 1, end: 9 } }],
    diagram: {
      nodes: [
        { id: 'web', label: 'web', kind: 'service', detail: 'build ./web, port 8080', cite: { path: 'compose.yaml', start: 2, end: 5 } },
        { id: 'db', label: 'postgres', kind: 'datastore', detail: null, cite: { path: 'compose.yaml', start: 6, end: 9 } },
      ],
      edges: [{ from: 'web', to: 'db', cite: { path: 'web/db.ts', start: 1, end: 1 } }],
    },
  },
];

/** The worker's part for every pending job of a run (as test/api/event/generated-decks.test.ts plays it). */
async function work(runId: string) {
  const { rows } = await s.db.pool.query(`select id from app_private.generation_jobs where run_id = $1 and status = 'pending' order by kind`, [runId]);
  for (const { id } of rows) {
    await s.db.pool.query('select app_private.generation_job_begin($1)', [id]);
    const html = `<p>${id}</p>`;
    await s.db.pool.query('select app_private.publish_generated_deck($1, $2, $3)', [id, JSON.stringify({
      entry: 'index.html', files: [{ path: 'index.html', sha256: createHash('sha256').update(html).digest('hex'), size: html.length }],
      screens: SCREENS, findings: [{ code: 'uncited_claim', message: 'Claim 5 of screen 1 cites nothing', screen: 1, claim: 5 }, { code: 'screen_count', message: '3 screens' }],
      generator: 'builtin/1',
    }), generatedViewHash(s.config.authSecret, id)]);
  }
}

const rest = async (key: string, method: string, path: string, body?: unknown) => {
  const r = await http(s.url, method, path, { key, body });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
  return r.body;
};
/** The typed answer with each `viewKey` turned into the `view` URL, as the REST routes answer it. */
const viewed = <T>(typed: T) => withViews(typed, s.config.publicUrl, s.config.authSecret);
const gqlError = async (key: string, query: string) => {
  const r = await http(s.url, 'POST', '/graphql', { key, body: { query } });
  return r.body.errors?.[0]?.extensions?.code ?? (r.body.errors ? 'error' : null);
};

test.before(async () => {
  s = await startTestServer();
  clock = new Clock(s.url);
  const w = await eventWorkspace(s.db.pool, 'Alpha');
  const start = Date.now() + HOUR;
  const eventId = (await createEvent(s.url, w.owner.key, start, 1)).id;
  await http(s.url, 'PUT', '/api/v1/event/github', { key: w.owner.key, body: { organization: 'Octo', template: 'Octo/template' } });
  await importRoster(s.url, w.owner.key, [
    { email: 'p0@alpha.test', team: 'Rocket' }, { email: 'p1@alpha.test', team: 'Comet' }, { email: 'p2@alpha.test', team: 'Meteor' },
  ]);
  const part = await person(s.db.pool, w.ws.id, 'p0@alpha.test');
  const teams = await teamIds(s.db.pool, w.ws.id);
  await assignRepository(s.db.pool, teams.Rocket!, 'Octo/Rocket', 'ready', 'f'.repeat(40));
  await assignRepository(s.db.pool, teams.Meteor!, 'Octo/Meteor', 'ready');
  await s.db.pool.query(`update app.event_teams set product_name = 'Rocket', tagline = 'Faster', description = 'It goes up' where project_id = $1`, [teams.Rocket]);

  // Before the freeze: accepted pushes, a refused one, a delivery with a bad signature.
  await clock.to(start + 10 * MINUTE);
  for (const payload of [
    pushFixture('Octo/Rocket', { after: rocketSha }),
    pushFixture('Octo/Rocket', { ref: 'refs/heads/dev', after: '3'.repeat(40) }),
    pushFixture('Octo/Meteor', { after: meteorSha }),
  ]) {
    const r = await sendDelivery(s.url, { eventId, payload });
    if (r.status !== 202) throw new Error(JSON.stringify(r.body));
  }
  await sendDelivery(s.url, { eventId, payload: pushFixture('Octo/Rocket'), secret: 'not-the-secret' });

  // Past the freeze (before the vote opens): Rocket captured, Meteor's capture failed, Comet
  // had no repository; a late push of Rocket; an exception for Comet.
  await clock.to(start + HOUR + 16 * MINUTE);
  await s.db.pool.query('select app_private.freeze_sweep($1)', [eventId]);
  const store = createBlobStore(s.config);
  try {
    await store.put(archiveSha256, archive.length, Readable.from([archive]));
  } finally {
    store.close();
  }
  await s.db.pool.query('select app_private.capture_done($1, $2, $3, $4)', [teams.Rocket, rocketSha, archiveSha256, archive.length]);
  await s.db.pool.query('select app_private.capture_failed($1, $2, $3)', [teams.Meteor, meteorSha, 'repository unreachable']);
  const late = await sendDelivery(s.url, { eventId, payload: pushFixture('Octo/Rocket', { before: rocketSha, after: '4'.repeat(40) }) });
  if (late.status !== 202) throw new Error(JSON.stringify(late.body));
  await rest(w.owner.key, 'POST', `/api/v1/submissions/${teams.Comet}/exception`, { reason: 'The team withdrew', missing: true, invalidateDecks: true });

  // A deck of the workspace, with a share link that was opened and a form answered through it.
  const deckKey = (await seed.key(s.db.pool, w.owner.email, 'deck')).key;
  const deckId = (await publish(s.url, deckKey, { 'index.html': '<h1>Alpha</h1>' }, { title: 'Alpha deck', metadata: { theme: 'dark' } })).body.presentation.id;
  const link = await rest(deckKey, 'POST', `/api/v1/presentations/${deckId}/share-links`, { name: 'jury' });
  const linkPath = link.url.slice(s.url.length);
  await http(s.url, 'GET', linkPath);
  const answered = await http(s.url, 'POST', `${linkPath}forms/feedback`, { body: { q: 'answer' } });
  if (answered.status >= 300) throw new Error(answered.text);
  const exportKey = (await seed.key(s.db.pool, w.owner.email, 'deck', { scopes: ['data:export'] })).key;
  a = { wsId: w.ws.id, owner: w.owner, part, teams, eventId, deckId, exportKey };

  const wb = await eventWorkspace(s.db.pool, 'Beta');
  await createEvent(s.url, wb.owner.key, Date.now() + HOUR, 1);
  await importRoster(s.url, wb.owner.key, [{ email: 'p0@beta.test', team: 'Nova' }]);
  const bDeckKey = (await seed.key(s.db.pool, wb.owner.email, 'deck')).key;
  await publish(s.url, bDeckKey, { 'index.html': '<h1>Beta</h1>' }, { title: 'Beta deck' });
  b = { owner: wb.owner, teams: await teamIds(s.db.pool, wb.ws.id), exportKey: (await seed.key(s.db.pool, wb.owner.email, 'deck', { scopes: ['data:export'] })).key };

  schema = await liveSchema(s.url, a.owner.key);
});
test.after.always(async () => {
  await clock?.reset();
  await s?.close();
});

test.serial('each field of the area answers an object type, not the JSON scalar', (t) => {
  const answers = answerTypes(schema, [
    'submissionsList', 'submissionShow', 'submissionFailures', 'submissionArtifact', 'submissionExceptionCheck', 'deckTemplates', 'deckPreviewTarget',
    'deckGenerationRuns', 'deckGenerationRun', 'generatedDecksList', 'generatedDeck', 'deckGallery', 'exportDecks',
    'reconcileSubmissions', 'startDeckGeneration', 'reviewGeneratedDeck', 'releaseGeneratedDecks',
  ], { lists: false });
  t.deepEqual(answers, {
    submissionsList: 'SubmissionsOverview', submissionShow: 'SubmissionTeamDetail', submissionFailures: 'SubmissionFailureReport',
    submissionArtifact: 'SubmissionArtifactFile', submissionExceptionCheck: 'SubmissionExceptionGate', deckTemplates: 'GeneratedDeckTemplateSet',
    deckPreviewTarget: 'DeckPreviewSource', deckGenerationRuns: 'DeckGenerationRunsPage', deckGenerationRun: 'DeckGenerationRunDetail',
    generatedDecksList: 'GeneratedDeckList', generatedDeck: 'GeneratedDeckDetail', deckGallery: 'DeckGalleryView', exportDecks: 'DeckExport',
    reconcileSubmissions: 'SubmissionSweepResult', startDeckGeneration: 'DeckGenerationStart', reviewGeneratedDeck: 'GeneratedDeckDetail',
    releaseGeneratedDecks: 'GeneratedDeckRelease',
  });
});

test.serial('submissionsList, submissionShow, submissionFailures answer typed, the same as REST (organizer and participant)', async (t) => {
  const list = await readShaped(s.url, a.owner.key, schema, 'submissionsList');
  const listJson = await rest(a.owner.key, 'GET', '/api/v1/submissions');
  t.true(Math.abs(Date.parse(list.serverTime) - Date.parse(listJson.serverTime)) < 60_000, 'the server time of each answer');
  sameAsJson(t, { ...list, serverTime: null }, { ...listJson, serverTime: null }, 'submissionsList');
  t.deepEqual(list.items.map((i: any) => [i.project.name, i.state]), [['Comet', 'missing'], ['Meteor', 'error'], ['Rocket', 'frozen']]);
  const rocket = list.items.find((i: any) => i.project.name === 'Rocket');
  t.like(rocket, { repository: { fullName: 'Octo/Rocket', branch: 'main', readiness: 'ready' }, frozen: { sha: rocketSha, source: 'push', archive: { sha256: archiveSha256, size: String(archive.length) } } });
  t.truthy(rocket.frozen.archive.fileId, 'the archive is a stored file');
  t.like(rocket.lastReceived, { sha: '4'.repeat(40), late: true, capture: null }, 'the late push, never captured');

  const mine = await readShaped(s.url, a.part.key, schema, 'submissionsList');
  sameAsJson(t, { ...mine, serverTime: null }, { ...(await rest(a.part.key, 'GET', '/api/v1/submissions')), serverTime: null }, 'submissionsList (participant)');
  t.deepEqual(mine.items.map((i: any) => i.project.name), ['Rocket']);

  for (const team of ['Rocket', 'Comet', 'Meteor']) {
    const show = await readShaped(s.url, a.owner.key, schema, 'submissionShow', { project: a.teams[team] });
    sameAsJson(t, show, await rest(a.owner.key, 'GET', `/api/v1/submissions/${a.teams[team]}`), `submissionShow ${team}`);
  }
  const rocketShow = await readShaped(s.url, a.owner.key, schema, 'submissionShow', { project: a.teams.Rocket });
  t.deepEqual(rocketShow.receipts.map((r: any) => [r.sha, r.verdict, r.refusal, r.late, r.capture?.state ?? null]), [
    ['4'.repeat(40), 'accepted', null, true, null], ['3'.repeat(40), 'refused', 'wrong_branch', false, null], [rocketSha, 'accepted', null, false, 'captured'],
  ]);
  t.truthy(Date.parse(rocketShow.freezeAt));
  const comet = await readShaped(s.url, a.owner.key, schema, 'submissionShow', { project: a.teams.Comet });
  t.like(comet.exceptions, [{ reason: 'The team withdrew', missing: true, sha: null, invalidateDecks: true, invalidateVoting: false }]);

  const failures = await readShaped(s.url, a.owner.key, schema, 'submissionFailures');
  sameAsJson(t, failures, await rest(a.owner.key, 'GET', '/api/v1/submissions/failures'), 'submissionFailures');
  t.is(failures.signatureFailures.count, '1');
  t.truthy(failures.signatureFailures.first);
  t.like(failures.attention, [{ project: { name: 'Meteor' }, state: 'error' }]);
  t.like(failures.refused, [{ refusal: 'wrong_branch', repository: 'Octo/Rocket', capture: null }]);
  t.like(failures.late, [{ late: true, verdict: 'accepted', repository: 'Octo/Rocket', sha: '4'.repeat(40) }]);
});

test.serial('submissionArtifact and submissionExceptionCheck answer typed: the archive REST serves, the repository the exception would capture from', async (t) => {
  const typed = await readShaped(s.url, a.owner.key, schema, 'submissionArtifact', { project: a.teams.Rocket });
  const file = await http(s.url, 'GET', `/api/v1/submissions/${a.teams.Rocket}/artifact`, { key: a.owner.key });
  t.is(file.status, 200);
  t.like(typed, { name: `submission-${rocketSha.slice(0, 12)}.tar.gz`, sha256: archiveSha256, size: String(archive.length), sha: rocketSha });
  t.is(file.headers.get('x-podium-archive-sha256'), typed.sha256);
  t.is(file.headers.get('x-podium-sha'), typed.sha);
  t.is(file.headers.get('content-disposition'), `attachment; filename="${typed.name}"`);
  t.is(Number(file.headers.get('content-length')), Number(typed.size));
  const show = await rest(a.owner.key, 'GET', `/api/v1/submissions/${a.teams.Rocket}`);
  t.is(typed.fileId, show.frozen.archive.fileId);
  t.is(await gqlError(a.owner.key, `{ submissionArtifact(project: "${a.teams.Meteor}") { sha256 } }`), 'not_frozen');

  t.deepEqual(await readShaped(s.url, a.owner.key, schema, 'submissionExceptionCheck', { project: a.teams.Meteor }), { repository: 'Octo/Meteor' });
  // Comet has no repository: the answer's only field is null, and it is still the object the
  // REST route answers (a row whose fields are all null is not a null answer).
  t.deepEqual(await readShaped(s.url, a.owner.key, schema, 'submissionExceptionCheck', { project: a.teams.Comet }), { repository: null });
  t.is(await gqlError(a.owner.key, `{ submissionExceptionCheck(project: "${b.teams.Nova}") { repository } }`), 'project_not_found');
});

test.serial('reconcileSubmissions answers the sweep typed, the counts a REST reconcile answers', async (t) => {
  const typed = await mutateShaped(s.url, a.owner.key, schema, 'reconcileSubmissions', {});
  const again = await rest(a.owner.key, 'POST', '/api/v1/submissions/reconcile');
  t.truthy(Date.parse(typed.at));
  sameAsJson(t, { ...typed, at: null }, { ...again, at: null }, 'reconcileSubmissions');
  t.like(typed, { selected: 0, frozen: '1', capturing: '0', missing: '1', errors: '1' });
});

test.serial('generated decks: start, runs, run, list, deck, review, release, gallery answer typed, the same as REST', async (t) => {
  await rest(a.owner.key, 'PUT', '/api/v1/event/vote', { on: true });

  const templates = await readShaped(s.url, a.owner.key, schema, 'deckTemplates');
  const { publisher, ...restTemplates } = await rest(a.owner.key, 'GET', '/api/v1/event/decks/templates');
  t.truthy(publisher);
  sameAsJson(t, templates, restTemplates, 'deckTemplates');
  t.is(templates.items[0].headings.length, templates.items[0].screens.max);

  const preview = await readShaped(s.url, a.part.key, schema, 'deckPreviewTarget', { team: null });
  const json = await asUser(s.db.pool, a.part.userId, a.wsId, 'member', ['hackathon:read'])(async (c) => (await c.query('select app.deck_preview_target(null) as r')).rows[0].r);
  sameAsJson(t, preview, json, 'deckPreviewTarget');
  t.like(preview, { team: { name: 'Rocket' }, sha: rocketSha, repository: 'Octo/Rocket', templateSha: 'f'.repeat(40), showcase: { product: 'Rocket', tagline: 'Faster', description: 'It goes up' } });
  t.deepEqual(preview.pushes.map((p: any) => p.sha), [rocketSha]);
  sameAsJson(t, preview.templates, restTemplates.items, 'deckPreviewTarget templates');

  // decks generate: the run and its (none yet) skipped jobs.
  const start = await mutateShaped(s.url, a.owner.key, schema, 'startDeckGeneration', { newRevision: false });
  const run1 = start.run.id;
  sameAsJson(t, start.run, (await rest(a.owner.key, 'GET', `/api/v1/event/decks/runs/${run1}`)).run, 'startDeckGeneration run');
  t.like(start, { run: { revision: 1, newRevision: false, status: 'running', counts: { pending: 2 } }, skipped: [] });
  const generating = await readShaped(s.url, a.owner.key, schema, 'deckGallery');
  sameAsJson(t, viewed(generating), await rest(a.owner.key, 'GET', '/api/v1/event/decks/gallery'), 'deckGallery (generating)');
  t.like(generating.items.find((i: any) => i.team.name === 'Rocket'), { jury: { state: 'generating' }, community: { state: 'generating' } });

  // The worker's first attempt at the jury deck fails and will be retried: the run shows it.
  const jury = (await s.db.pool.query(`select id from app_private.generation_jobs where run_id = $1 and kind = 'jury'`, [run1])).rows[0].id;
  await s.db.pool.query('select app_private.generation_job_begin($1)', [jury]);
  await s.db.pool.query('select app_private.generation_job_failed($1, $2, false)', [jury, 'the generator timed out']);
  const retrying = await readShaped(s.url, a.owner.key, schema, 'deckGenerationRun', { run: run1, log: true });
  sameAsJson(t, retrying, await rest(a.owner.key, 'GET', `/api/v1/event/decks/runs/${run1}?log=true`), 'deckGenerationRun (retrying)');
  t.like(retrying.jobs.find((j: any) => j.kind === 'jury'), { status: 'pending', attempts: 1, lastError: 'the generator timed out', deck: null });
  t.regex(retrying.jobs.find((j: any) => j.kind === 'jury').log, /attempt failed, will retry: the generator timed out/);
  await work(run1);
  const runs = await readShaped(s.url, a.owner.key, schema, 'deckGenerationRuns');
  sameAsJson(t, runs, await rest(a.owner.key, 'GET', '/api/v1/event/decks/runs'), 'deckGenerationRuns');
  t.like(runs, { currentRevision: 1, items: [{ id: run1, status: 'done', counts: { review: 2 } }] });
  const run = await readShaped(s.url, a.owner.key, schema, 'deckGenerationRun', { run: run1, log: true });
  sameAsJson(t, run, await rest(a.owner.key, 'GET', `/api/v1/event/decks/runs/${run1}?log=true`), 'deckGenerationRun');
  t.is(run.jobs.length, 2);
  t.like(run.jobs.find((j: any) => j.kind === 'jury'), { status: 'review', attempts: 2, lastError: null, skipReason: null, sha: rocketSha });
  t.true(run.jobs.every((j: any) => j.deck?.version === 1 && j.deck.review === 'pending' && /published \w+ deck v1/.test(j.log)));
  const quiet = await readShaped(s.url, a.owner.key, schema, 'deckGenerationRun', { run: run1, log: false });
  sameAsJson(t, quiet, await rest(a.owner.key, 'GET', `/api/v1/event/decks/runs/${run1}`), 'deckGenerationRun without the log');

  const list = await readShaped(s.url, a.owner.key, schema, 'generatedDecksList');
  sameAsJson(t, viewed(list), await rest(a.owner.key, 'GET', '/api/v1/event/decks'), 'generatedDecksList');
  t.deepEqual(list.items.map((i: any) => [i.team.name, i.kind, i.findings]), [['Rocket', 'jury', 2], ['Rocket', 'community', 2]]);
  for (const item of list.items) {
    const deck = await readShaped(s.url, a.owner.key, schema, 'generatedDeck', { deck: item.id });
    sameAsJson(t, viewed(deck), await rest(a.owner.key, 'GET', `/api/v1/event/decks/${item.id}`), `generatedDeck ${item.kind}`);
    t.is(deck.screens.length, 3);
    t.deepEqual(deck.screens[0].claims.map((c: any) => c.cite && Object.keys(c.cite).filter((k) => c.cite[k] !== null)), [['path', 'start', 'end'], ['commit'], ['showcase'], ['receipt'], null, null, ['path', 'start', 'end']]);
    t.deepEqual(deck.screens[1].chart.counts, [1, 0, 2]);
    t.is(deck.screens[2].diagram.edges[0].from, 'web');
    t.like(deck.findings, [{ code: 'uncited_claim', screen: 1, claim: 5 }, { code: 'screen_count', screen: null }]);
  }

  // decks review: the typed result is the deck the next read shows.
  for (const item of list.items) {
    const reviewed = await mutateShaped(s.url, a.owner.key, schema, 'reviewGeneratedDeck', { deck: item.id, approve: true, note: `fine ${item.kind}` });
    sameAsJson(t, viewed(reviewed), await rest(a.owner.key, 'GET', `/api/v1/event/decks/${item.id}`), `reviewGeneratedDeck ${item.kind}`);
    t.like(reviewed, { review: 'approved', reviewNote: `fine ${item.kind}` });
  }
  const released = await mutateShaped(s.url, a.owner.key, schema, 'releaseGeneratedDecks', { project: a.teams.Rocket });
  t.like(released, { team: { id: a.teams.Rocket, name: 'Rocket' }, superseded: [], unchanged: [] });
  t.deepEqual(released.released.map((r: any) => [r.kind, r.version]), [['jury', 1], ['community', 1]]);
  for (const r of released.released) {
    const deck = await rest(a.owner.key, 'GET', `/api/v1/event/decks/${r.id}`);
    t.like(deck, { release: 'released', kind: r.kind });
    t.is(viewed(r).view, deck.view, 'the viewKey released names the view the deck shows');
  }
  const unchanged = await mutateShaped(s.url, a.owner.key, schema, 'releaseGeneratedDecks', { project: a.teams.Rocket });
  t.deepEqual(unchanged.unchanged.map((r: any) => [r.kind, r.id, r.viewKey]), released.released.map((r: any) => [r.kind, r.id, null]));

  // A second run at the same revision skips both kinds: the skipped list is typed.
  const again = await mutateShaped(s.url, a.owner.key, schema, 'startDeckGeneration', { newRevision: false });
  sameAsJson(t, again.run, (await rest(a.owner.key, 'GET', `/api/v1/event/decks/runs/${again.run.id}`)).run, 'startDeckGeneration (skipping) run');
  t.deepEqual(again.skipped.map((x: any) => [x.team.name, x.kind]), [['Rocket', 'jury'], ['Rocket', 'community']]);
  t.regex(again.skipped[0].reason, /already generated at revision 1/);

  // A new revision, approved and released, supersedes the first release.
  const rev2 = await mutateShaped(s.url, a.owner.key, schema, 'startDeckGeneration', { newRevision: true });
  t.like(rev2.run, { revision: 2, newRevision: true });
  await work(rev2.run.id);
  for (const d of (await rest(a.owner.key, 'GET', '/api/v1/event/decks')).items.filter((i: any) => i.revision === 2)) {
    await mutateShaped(s.url, a.owner.key, schema, 'reviewGeneratedDeck', { deck: d.id, approve: true });
  }
  const second = await mutateShaped(s.url, a.owner.key, schema, 'releaseGeneratedDecks', { project: a.teams.Rocket });
  t.deepEqual(second.superseded.map((r: any) => [r.kind, r.id, r.version]), released.released.map((r: any) => [r.kind, r.id, 1]));
  t.deepEqual(second.released.map((r: any) => [r.kind, r.version]), [['jury', 2], ['community', 2]]);

  for (const who of [a.owner, a.part]) {
    const gallery = await readShaped(s.url, who.key, schema, 'deckGallery');
    sameAsJson(t, viewed(gallery), await rest(who.key, 'GET', '/api/v1/event/decks/gallery'), `deckGallery (${who.email})`);
    t.like(gallery.items.find((i: any) => i.team.name === 'Rocket'), { jury: { state: 'released', version: 2, evidenceChanged: false, thumbnail: false }, community: { state: 'released', version: 2 } });
  }
});

test.serial('exportDecks answers typed, the same as GET /api/v1/export', async (t) => {
  const typed = await readShaped(s.url, a.exportKey, schema, 'exportDecks');
  const json = await rest(a.exportKey, 'GET', '/api/v1/export');
  // REST adds each deck's page URL: the function's answer is the rest.
  // REST adds each deck's page URL: the function's answer is the rest. Each answer has its own instant.
  t.true(Math.abs(Date.parse(typed.exportedAt) - Date.parse(json.exportedAt)) < 60_000);
  sameAsJson(t, { ...typed, exportedAt: null }, { ...json, exportedAt: null, decks: json.decks.map(({ url, ...d }: any) => d) }, 'exportDecks');
  const deck = typed.decks.find((d: any) => d.id === a.deckId);
  t.like(deck, { title: 'Alpha deck', metadata: { theme: 'dark' }, owner: { email: a.owner.email }, role: 'owner' });
  t.is(deck.versions.length, 1);
  t.like(deck.shareLinks, [{ name: 'jury', follows: 'latest' }]);
  t.true(typed.views.some((v: any) => v.presentationId === a.deckId && v.linkId === deck.shareLinks[0].id));
  const response = typed.responses.find((r: any) => r.form === 'feedback');
  t.like(response, { presentationId: a.deckId, answers: { q: 'answer' }, link: { id: deck.shareLinks[0].id, name: 'jury' } });
  t.like(response.revisionsKept, [{ revision: 1, answers: { q: 'answer' } }]);
});

test.serial('two workspaces: B\'s key reads none of A\'s submissions or generated decks through the typed fields', async (t) => {
  const key = b.owner.key;
  const { id: deckA, review: reviewA } = (await s.db.pool.query(`select id, review from app_private.generated_decks where project_id = $1 and release = 'released' limit 1`, [a.teams.Rocket])).rows[0];
  const runA = (await s.db.pool.query(`select id from app_private.generation_runs where event_id = $1 limit 1`, [a.eventId])).rows[0].id;
  t.is(await gqlError(key, `{ submissionShow(project: "${a.teams.Rocket}") { project { name } } }`), 'project_not_found');
  t.is(await gqlError(key, `{ submissionArtifact(project: "${a.teams.Rocket}") { sha256 } }`), 'project_not_found');
  t.is(await gqlError(key, `{ submissionExceptionCheck(project: "${a.teams.Meteor}") { repository } }`), 'project_not_found');
  t.is(await gqlError(key, `{ deckPreviewTarget(team: "Rocket") { sha } }`), 'team_not_found');
  await rest(key, 'PUT', '/api/v1/event/vote', { on: true });
  t.is(await gqlError(key, `{ generatedDeck(deck: "${deckA}") { id screens { heading } } }`), 'deck_not_found');
  t.is(await gqlError(key, `{ deckGenerationRun(run: "${runA}", log: true) { jobs { log } } }`), 'run_not_found');
  t.is(await gqlError(key, `mutation { reviewGeneratedDeck(input: { deck: "${deckA}", approve: false }) { result { id } } }`), 'deck_not_found');
  t.is(await gqlError(key, `mutation { releaseGeneratedDecks(input: { project: "${a.teams.Rocket}" }) { result { team { id } } } }`), 'project_not_found');

  const schemaB = await liveSchema(s.url, key);
  const list = await readShaped(s.url, key, schemaB, 'submissionsList');
  t.deepEqual(list.items.map((i: any) => i.project.id), [b.teams.Nova]);
  const failures = await readShaped(s.url, key, schemaB, 'submissionFailures');
  t.deepEqual([failures.signatureFailures.count, failures.attention, failures.refused, failures.late], ['0', [], [], []]);
  t.deepEqual((await readShaped(s.url, key, schemaB, 'generatedDecksList')).items, []);
  t.deepEqual((await readShaped(s.url, key, schemaB, 'deckGenerationRuns')).items, []);
  t.deepEqual((await readShaped(s.url, key, schemaB, 'deckGallery')).items.map((i: any) => i.team.id), [b.teams.Nova]);
  const exported = await readShaped(s.url, b.exportKey, schemaB, 'exportDecks');
  t.is(exported.decks.length, 1);
  t.false(exported.decks.some((d: any) => d.id === a.deckId));
  t.false(JSON.stringify(exported).includes(a.deckId));
  t.is((await s.db.pool.query('select review from app_private.generated_decks where id = $1', [deckA])).rows[0].review, reviewA, 'untouched');
  t.is(reviewA, 'approved');
});

test.serial('the screens the builtin generator really writes (charts, diagrams, absences, quotes, every citation) fit app.generated_deck_screen', async (t) => {
  // The hand-written screens above are what the test publishes; this keeps the type level with
  // the generator (core/decks/types.ts): a key it starts writing fails here, not in a client.
  const templates: DeckTemplate[] = (await rest(a.owner.key, 'GET', '/api/v1/event/decks/templates')).items;
  const host = new LocalCodeHost(mkdtempSync(path.join(os.tmpdir(), 'podium-shapes-')), null as never);
  const begin = Date.parse('2030-05-01T09:00:00Z');
  const seen = new Set<string>();
  const keys = (v: any, p: string): void => {
    if (Array.isArray(v)) v.forEach((x) => keys(x, p));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) { seen.add(`${p}.${k}`); keys(x, `${p}.${k}`); }
  };
  for (const shape of ['node', 'python'] as const) {
    const { dir, sha } = await makeRepo(shapeSteps(shape, begin));
    const { gz, sha256 } = await archiveOf(dir, sha);
    await run(os.tmpdir(), ['clone', '-q', '--bare', dir, host.repositoryPath(`acme/${shape}`)]);
    const commits = await host.commits(`acme/${shape}`, sha, 500);
    for (const template of templates) {
      const { screens } = generateBuiltin({
        template, team: 'Rocket', eventName: 'Spring Hack', sha, archiveName: `submission-${sha.slice(0, 12)}.tar.gz`, archiveSha256: sha256,
        repository: `acme/${shape}`, window: { startsAt: new Date(begin).toISOString(), freezeAt: new Date(begin + 24.25 * HOUR).toISOString() },
        evidence: await Evidence.open(gz, sha256), commits, showcase: { product: 'Rocket', tagline: 'Faster', description: 'It goes up' },
        pushes: [{ sequence: 1, receivedAt: new Date(begin + HOUR).toISOString(), before: null, sha }],
      });
      keys(screens, 'screen');
      const { rows } = await s.db.pool.query(`select to_jsonb(array_agg(x)) as r
        from jsonb_populate_recordset(null::app.generated_deck_screen, app_private.json_shaped($1::jsonb, 'app.generated_deck_screen')) x`, [JSON.stringify(screens)]);
      t.is(rows[0].r.length, screens.length, `${shape} ${template.kind}`);
    }
  }
  for (const k of ['screen.chart.rows.at', 'screen.chart.pushes.sequence', 'screen.diagram.edges', 'screen.diagram.nodes.cite.path', 'screen.claims.absent.checked', 'screen.claims.quote', 'screen.claims.cite.receipt', 'screen.claims.cite.showcase']) {
    t.true(seen.has(k), `the generator wrote ${k}`);
  }
});
