// decks__generate on a real worker: a run over three frozen teams of different shapes (a Node
// app with tests, a Python service without tests, an empty template) produces valid decks,
// published as versions of deck-service decks with a read-only share link and a thumbnail,
// whose every citation points at lines that exist in the stored evidence archive; a tampered
// archive is refused (the job fails, nothing is published); a run cut short at the publish
// runs again to one version; --new-revision keeps the old decks; the chat-completions driver
// (a local stand-in) writes the prose and an invented citation becomes a finding.
import test from 'ava';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { loadConfig } from '../../core/config.ts';
import { Evidence } from '../../core/decks/evidence.ts';
import { createLogger } from '../../core/log.ts';
import { createBlobStore } from '../../core/storage/index.ts';
import { decksGenerate } from '../../workers/tasks/decks__generate.ts';
import { blobPath, frozenEvent, voteOn, type FrozenEvent } from '../helpers/decks.ts';
import { Clock } from '../helpers/event.ts';
import { http as call } from '../helpers/http.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { until } from '../../ops/harness/until.ts';

let s: TestServer;
let clock: Clock;
let ev: FrozenEvent;

test.before(async () => {
  s = await startTestServer();
  clock = new Clock(s.url);
  ev = await frozenEvent(s, clock, 'Shapes', 'shapes', { Rocket: 'node', Weather: 'python', Blank: 'empty' });
  // Rocket wrote a showcase on its team page: its tagline leads its decks
  await s.db.pool.query(`update app.event_teams set product_name = 'Rocket Todo', tagline = 'Todo lists that sync' where project_id = $1`, [ev.teams.Rocket!.id]);
  // a participant of Rocket's roster with a name, whose address (case aside) authored two of its commits
  await s.db.pool.query(`insert into app.roster_entries (event_id, email, name, role, team_id)
     select t.event_id, 'Bo@Team.test', 'Bo Lind', 'participant', t.project_id from app.event_teams t where t.project_id = $1`, [ev.teams.Rocket!.id]);
  await s.startWorker();
  await ev.frozen();
  await voteOn(s, ev.owner.key);
});
test.after.always(async () => {
  await clock?.reset();
  await s?.close();
});

const pool = () => s.db.pool as pg.Pool;
const runDone = (runId: string) => until(`run ${runId} done`, async () => {
  const r = await call(s.url, 'GET', `/api/v1/event/decks/runs/${runId}`, { key: ev.owner.key });
  return r.body.run?.status === 'done' ? r.body : null;
}, 120_000);
const archiveOf = async (team: string) => (await pool().query('select archive_sha256 from app.submissions where project_id = $1', [ev.teams[team]!.id])).rows[0].archive_sha256 as string;

let firstRun: any;

test.serial('a run over three team shapes: valid decks, every citation in the archive, published with a view and a thumbnail', async (t) => {
  const started = await call(s.url, 'POST', '/api/v1/event/decks/runs', { key: ev.owner.key, body: {} });
  t.is(started.status, 201, started.text);
  t.like(started.body.run, { revision: 1, counts: { pending: 6, skipped: 0 } });
  firstRun = await runDone(started.body.run.id);
  t.like(firstRun.run, { status: 'done', counts: { review: 6, failed: 0 } });
  for (const job of firstRun.jobs) {
    t.is(job.attempts, 1);
    const deck = (await call(s.url, 'GET', `/api/v1/event/decks/${job.deck.id}`, { key: ev.owner.key })).body;
    t.deepEqual(deck.findings, [], `${job.team.name} ${job.kind}: no finding`);
    t.like(deck, { kind: job.kind, version: 1, review: 'pending', release: 'not released', generator: 'builtin/1' });
    const range = deck.template.screens;
    t.true(deck.screens.length >= range.min && deck.screens.length <= range.max);
    // Every citation against the archive as stored, read independently of the worker.
    const sha256 = await archiveOf(job.team.name);
    const evidence = await Evidence.open(readFileSync(blobPath(s, sha256)), sha256);
    for (const sc of deck.screens) for (const c of sc.claims) {
      t.truthy(c.cite, `${sc.heading}: ${c.text}`);
      if (c.cite?.path) t.true(evidence.hasLines(c.cite.path, c.cite.start, c.cite.end), `${c.cite.path}:${c.cite.start}-${c.cite.end}`);
    }
    // The read-only view serves the self-contained deck.
    t.regex(deck.view, new RegExp(`^${s.url}/v/[A-Za-z0-9_-]{43}/$`));
    const page = await fetch(deck.view);
    t.is(page.status, 200);
    const html = await (await fetch(`${deck.view}index.html`)).text();
    t.regex(html, /<section class="screen title" id="s1"/);
    t.true(html.includes(job.team.name));
    const version = (await pool().query('select d.current_version, f.path from app.decks d join app.deck_files f on f.deck_id = d.id where d.id = $1', [deck.presentationId])).rows;
    t.deepEqual(version, [{ current_version: 1, path: 'index.html' }]);
  }
  const rocket = firstRun.jobs.find((j: any) => j.team.name === 'Rocket' && j.kind === 'jury');
  const deck = (await call(s.url, 'GET', `/api/v1/event/decks/${rocket.deck.id}`, { key: ev.owner.key })).body;
  t.deepEqual(deck.screens[0].claims[0], { text: 'Rocket Todo: "Todo lists that sync"', cite: { showcase: 'tagline' } });
  const tested = deck.screens.find((x: any) => x.heading === 'What is tested').claims.map((c: any) => c.text).join('\n');
  t.regex(tested, /test\/todo\.test\.js holds 3 tests/);
  const builtClaims = deck.screens.find((x: any) => x.heading === 'What was built in the event').claims;
  t.regex(builtClaims[0].text, /3 commits by 2 authors dated in the event window \(author dates, set by the team\)/);
  t.is(builtClaims[1].text, "Commits by Bo Lind (2); 1 author not on the team's roster (1)", 'contributors by roster name, from generation_job_begin through the worker');
  // where the code came from: the push frozenEvent recorded, as the server received it
  const receipt = (await pool().query(`select seq from app.submission_receipts where project_id = $1 and verdict = 'accepted'`, [ev.teams.Rocket!.id])).rows[0].seq;
  const where = deck.screens.find((x: any) => x.heading === 'Where the code came from');
  // frozenEvent records the push an hour before the event starts (the commits are dated in it)
  t.regex(where.claims[0].text, /^The whole history arrived in one push at \d{4}-\d\d-\d\d \d\d:\d\d UTC \(before the event began\): 3 commits, dated from \d{4}-\d\d-\d\d \(author dates\)$/);
  t.deepEqual(where.claims[0].cite, { receipt: Number(receipt) });
  t.regex(where.claims[1].text, /^3 commits are dated after the push that brought them arrived \(the first, ".+", dated .+\): author dates are set by whoever commits$/, 'dates the team set after the server received them');
  const blank = firstRun.jobs.find((j: any) => j.team.name === 'Blank' && j.kind === 'jury');
  const blankWhere = (await call(s.url, 'GET', `/api/v1/event/decks/${blank.deck.id}`, { key: ev.owner.key })).body.screens.find((x: any) => x.heading === 'Where the code came from');
  t.regex(blankWhere.claims[0].text, /^The whole tree is the event template's revision [0-9a-f]{12}, unchanged \(1 file\): the team added nothing$/);
  await until('the thumbnails', async () =>
    (await pool().query(`select count(*)::int as n from app.deck_thumbnails t join app_private.generated_decks g on g.deck_id = t.deck_id and g.version = t.version`)).rows[0].n === 6, 120_000);
});

test.serial('the private log tells each step', async (t) => {
  const r = await call(s.url, 'GET', `/api/v1/event/decks/runs/${firstRun.run.id}?log=true`, { key: ev.owner.key });
  const log = r.body.jobs.find((j: any) => j.team.name === 'Weather' && j.kind === 'jury').log as string;
  t.regex(log, /attempt 1 started\n.*evidence submission-[0-9a-f]{12}\.tar\.gz verified against sha256 [0-9a-f]{12}…: 5 files\n.*history of [0-9a-f]{12} from the code host: 3 commits\n.*push receipts of the team before the freeze: 1\n.*template revision [0-9a-f]{12}: 1 files, compared so its text is not shown as the team's\n.*generator builtin\/1: 7 screens, 0 validation findings\n.*published jury deck v1 \(0 findings\)\n$/s);
});

test.serial('killed after storing the deck but before publishing: the job runs again to one version', async (t) => {
  // A fresh job for Blank (its decks are invalidated by an exception, so they are regenerated).
  await pool().query(`insert into app.submission_exceptions (event_id, project_id, at, reason, sha, missing, invalidate_decks)
                      values ($1, $2, app.now(), 'test', $3, false, true)`, [ev.eventId, ev.teams.Blank!.id, ev.teams.Blank!.sha]);
  await s.worker!.stop(); // this test drives the task itself
  s.worker = null;
  const started = await call(s.url, 'POST', '/api/v1/event/decks/runs', { key: ev.owner.key, body: {} });
  t.like(started.body.run, { counts: { pending: 2, skipped: 4 } });
  const jobId = (await pool().query(`select id from app_private.generation_jobs where run_id = $1 and kind = 'jury' and status = 'pending'`, [started.body.run.id])).rows[0].id;
  const task = decksGenerate({ config: s.config, pool: pool(), log: createLogger('silent'), mail: null }, createBlobStore(s.config));
  await t.throwsAsync(Promise.resolve(task({ jobId }, helpers(pool(), /publish_generated_deck/)) as Promise<unknown>), { message: 'worker killed' });
  t.is((await pool().query('select status from app_private.generation_jobs where id = $1', [jobId])).rows[0].status, 'pending', 'back to pending with its error, for the retry');
  await task({ jobId }, helpers(pool()));
  await task({ jobId }, helpers(pool()));
  const decks = (await pool().query('select version from app_private.generated_decks where job_id = $1', [jobId])).rows;
  t.deepEqual(decks, [{ version: 2 }], 'one new version for the job, whatever the attempts');
  t.like((await pool().query('select status, attempts from app_private.generation_jobs where id = $1', [jobId])).rows[0], { status: 'review', attempts: 2 });
  await s.startWorker();
  await runDone(started.body.run.id);
});

test.serial('a tampered evidence archive is refused: the job fails for good, nothing is published', async (t) => {
  // A fresh worker: nothing of the archive is held in memory from an earlier run.
  await s.worker!.stop();
  await s.startWorker();
  const sha256 = await archiveOf('Weather');
  const file = blobPath(s, sha256);
  const original = readFileSync(file);
  const bad = Buffer.from(original);
  bad[bad.length - 30] ^= 0x55;
  writeFileSync(file, bad);
  try {
    const before = (await pool().query('select count(*)::int as n from app_private.generated_decks where project_id = $1', [ev.teams.Weather!.id])).rows[0].n;
    const started = await call(s.url, 'POST', '/api/v1/event/decks/runs', { key: ev.owner.key, body: { newRevision: true } });
    t.is(started.status, 201, started.text);
    const done = await runDone(started.body.run.id);
    const weather = done.jobs.filter((j: any) => j.team.name === 'Weather');
    t.deepEqual(weather.map((j: any) => [j.status, j.attempts, j.deck]), [['failed', 1, null], ['failed', 1, null]]);
    t.regex(weather[0].lastError, /does not match its recorded sha256.*refused, nothing was read/);
    t.is((await pool().query('select count(*)::int as n from app_private.generated_decks where project_id = $1', [ev.teams.Weather!.id])).rows[0].n, before);
    t.true(done.jobs.filter((j: any) => j.team.name !== 'Weather').every((j: any) => j.status === 'review'), 'the other teams are generated');
    const g = (await call(s.url, 'GET', '/api/v1/event/decks/gallery', { key: ev.owner.key })).body;
    t.like(g.items.find((i: any) => i.team.name === 'Weather'), { jury: { state: 'failed' }, community: { state: 'failed' } });
  } finally {
    writeFileSync(file, original);
  }
});

test.serial('--new-revision keeps the old decks: revision 1 and 2 side by side, each a version of the same deck', async (t) => {
  const list = (await call(s.url, 'GET', '/api/v1/event/decks', { key: ev.owner.key })).body.items as any[];
  const rocketJury = list.filter((d) => d.team.name === 'Rocket' && d.kind === 'jury');
  t.deepEqual(rocketJury.map((d) => [d.version, d.revision]), [[2, 2], [1, 1]]);
  const ids = (await pool().query(`select distinct deck_id from app_private.generated_decks where project_id = $1 and kind = 'jury'`, [ev.teams.Rocket!.id])).rows;
  t.is(ids.length, 1, 'one deck-service deck, two versions');
  t.is((await pool().query('select count(*)::int as n from app.deck_versions where deck_id = $1', [ids[0].deck_id])).rows[0].n, 2);
  const v1 = await call(s.url, 'GET', `/api/v1/event/decks/${rocketJury[1].id}`, { key: ev.owner.key });
  t.is((await fetch(`${v1.body.view}index.html`)).status, 200, 'the old version still serves');
});

// ----------------------------------------------------------------- the chat-completions driver

test.serial('with GENERATOR_URL the stand-in writes the prose; an invented citation is stored as a finding and shown', async (t) => {
  const requests: any[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const json = JSON.parse(body);
      requests.push(json);
      const user = JSON.parse(json.messages[1].content);
      const screens = user.deck.headings.slice(0, user.deck.screens.min).map((h: any) => ({
        heading: h.heading,
        claims: user.evidence.slice(0, 1).map((e: any) => ({ text: `Stand-in: ${e.text}`.slice(0, 150), cite: e.cite })),
      }));
      screens[1].claims.push({ text: 'Won three awards', cite: { path: 'AWARDS.md', start: 1, end: 3 } });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify({ screens }) } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    await s.worker!.stop();
    s.worker = null;
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const config = { ...s.config, generator: loadConfig({ AUTH_SECRET: s.config.authSecret, GENERATOR_URL: url, GENERATOR_MODEL: 'stand-in', DATA_DIR: s.config.dataDir }).generator };
    const started = await call(s.url, 'POST', '/api/v1/event/decks/runs', { key: ev.owner.key, body: { newRevision: true } });
    const task = decksGenerate({ config, pool: pool(), log: createLogger('silent'), mail: null }, createBlobStore(s.config));
    const jobs = (await pool().query(`select j.id, p.name, j.kind from app_private.generation_jobs j join app.projects p on p.id = j.project_id where run_id = $1 and status = 'pending'`, [started.body.run.id])).rows;
    const rocket = jobs.find((j) => j.name === 'Rocket' && j.kind === 'community')!;
    await task({ jobId: rocket.id }, helpers(pool()));
    t.is(requests.length, 1);
    t.is(requests[0].model, 'stand-in');
    const deckId = (await pool().query('select id from app_private.generated_decks where job_id = $1', [rocket.id])).rows[0].id;
    const deck = (await call(s.url, 'GET', `/api/v1/event/decks/${deckId}`, { key: ev.owner.key })).body;
    t.is(deck.generator, 'chat/stand-in');
    t.deepEqual(deck.findings.map((f: any) => f.code), ['invalid_citation']);
    t.regex(deck.findings[0].message, /AWARDS\.md, which is not in the evidence archive/);
    t.regex(deck.screens[0].claims[0].text, /^Stand-in: /);
    await s.startWorker();
    await runDone(started.body.run.id);
  } finally {
    await new Promise((r) => server.close(r));
  }
});

/** Task helpers over the test pool; `dieOn` makes one query fail as if the process died there. */
function helpers(p: pg.Pool, dieOn?: RegExp) {
  return {
    logger: { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} },
    withPgClient: async <T>(fn: (c: pg.PoolClient) => Promise<T>) => {
      const c = await p.connect();
      const query = c.query;
      try {
        if (dieOn) (c as any).query = (text: string, ...rest: unknown[]) => (dieOn.test(text) ? Promise.reject(new Error('worker killed')) : (query as any).call(c, text, ...rest));
        return await fn(c);
      } finally {
        c.query = query;
        c.release();
      }
    },
  } as never;
}

test.serial('generation_job_pushes: the team\'s accepted pushes before the freeze, oldest first; not a late push, nor another team\'s', async (t) => {
  const rocket = firstRun.jobs.find((j: any) => j.team.name === 'Rocket' && j.kind === 'jury');
  const blank = firstRun.jobs.find((j: any) => j.team.name === 'Blank' && j.kind === 'jury');
  const repo = (await pool().query('select full_name, template_sha from app.team_repositories where project_id = $1', [ev.teams.Rocket!.id])).rows[0];
  // a push after the freeze is late: it is not in the frozen revision, so not on the deck
  const late = (await pool().query('select app_private.record_delivery($1, $2, $3, $4) as r', [ev.eventId, 'd-late-rocket', 'push',
    JSON.stringify({ ref: 'refs/heads/main', before: ev.teams.Rocket!.sha, after: 'a'.repeat(40), repository: { full_name: repo.full_name, owner: { login: 'shapes' } } })])).rows[0].r;
  t.like(late, { verdict: 'accepted', late: true });
  const pushes = async (job: string) => (await pool().query('select app_private.generation_job_pushes($1) as r', [job])).rows[0].r;
  const seq = Number((await pool().query(`select seq from app.submission_receipts where project_id = $1 and not late`, [ev.teams.Rocket!.id])).rows[0].seq);
  t.deepEqual((await pushes(rocket.id)).map((p: any) => ({ ...p, receivedAt: typeof p.receivedAt })), [
    { sequence: seq, receivedAt: 'string', before: repo.template_sha, sha: ev.teams.Rocket!.sha },
  ]);
  t.deepEqual(await pushes(blank.id), [], 'the template team pushed nothing');
});
