// `npm run bench:decks`: generated decks per minute, against real Podium processes on a fresh
// migrated database:
//   1. one server process (SERVICE_ROLE=all: the API and one worker replica) generates both
//      decks of every team (`decks generate`): 200 teams, 400 decks, each from a 5 MB
//      evidence archive (a Node app with tests plus 5 MiB of random bytes, so the archive does
//      not compress; one distinct commit per team), timed from the start of the run to the
//      run `done` (every deck published as a deck-service version with its share link);
//   2. a second worker replica (SERVICE_ROLE=worker, same database and DATA_DIR) joins and
//      `decks generate --new-revision` regenerates all 400, timed the same way.
// Thumbnails (title cards: CHROMIUM_PATH=off) are jobs of the same workers; the time until
// they are all made is printed beside. Prints the figures and PASS/FAIL against the target
// (400 decks in under 5 minutes with one worker); exits 0 either way.
//
// Environment: DATABASE_URL (else an embedded PostgreSQL), BENCH_TEAMS (default 200).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LocalCodeHost } from '../core/codehost/local.ts';
import { git as hostGit } from '../core/codehost/git.ts';
import { NODE_APP } from '../test/helpers/projects.ts';
import { AUTH_SECRET, freePort, printMachine, ROOT, say, stopServer, waitHealthy, withStack, benchEvent, call } from './lib.ts';

const TEAMS = Number(process.env.BENCH_TEAMS || 200);
const REPO_BYTES = 5 * 1024 * 1024;
const TARGET_S = 300;
const HOUR = 3600_000;

const setClock = (url: string, at: number) => call(url, 'PUT', '/api/v1/test/clock', null, { offsetSeconds: Math.round((at - Date.now()) / 1000) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const ENV = { PODIUM_TEST_MODE: '1', CHROMIUM_PATH: 'off' };

await withStack('bench-decks', ENV, async ({ db, url, tmp }) => {
  const { key, start, event, names, projects } = await benchEvent(db, url, TEAMS);

  say(`building a template (a Node app with tests and ${REPO_BYTES / 1024 / 1024} MiB of random bytes) and ${TEAMS} team repositories...`);
  const dataDir = path.join(tmp, 'data');
  const host = new LocalCodeHost(dataDir, db.pool);
  await host.createEmpty('bench/template');
  const work = path.join(tmp, 'work');
  mkdirSync(work);
  await hostGit(['init', '-q', '-b', 'main', work]);
  const at = (h: number) => ({ GIT_AUTHOR_DATE: new Date(start + h * HOUR).toISOString(), GIT_COMMITTER_DATE: new Date(start + h * HOUR).toISOString() });
  const id = (who: string) => ['-c', `user.name=${who}`, '-c', `user.email=${who}@bench.test`];
  for (const [name, content] of Object.entries(NODE_APP)) {
    mkdirSync(path.dirname(path.join(work, name)), { recursive: true });
    writeFileSync(path.join(work, name), content);
  }
  writeFileSync(path.join(work, 'assets.bin'), randomBytes(REPO_BYTES)); // incompressible: the archive stays ~5 MB
  await hostGit(['add', '.'], { cwd: work });
  await hostGit([...id('ana'), 'commit', '-q', '-m', 'template'], { cwd: work, env: at(-24) });
  const shas: string[] = [];
  for (let i = 0; i < TEAMS; i++) {
    await hostGit(['checkout', '-q', '-B', `team-${i}`, 'main'], { cwd: work });
    writeFileSync(path.join(work, 'TEAM.md'), `# Team ${i}\n\nWhat team ${i} built.\n`);
    await hostGit(['add', 'TEAM.md'], { cwd: work });
    await hostGit([...id(`dev${i % 3}`), 'commit', '-q', '-m', `team ${i} work`], { cwd: work, env: at(2) });
    shas.push((await hostGit(['rev-parse', 'HEAD'], { cwd: work })).trim());
  }
  await hostGit(['push', '-q', host.repositoryPath('bench/template'), 'refs/heads/*:refs/heads/*'], { cwd: work });
  for (let i = 0; i < TEAMS; i++) {
    const full = `bench/team-${String(i).padStart(3, '0')}`;
    await host.createFromTemplate('bench/template', full, `team-${i}`);
    await db.pool.query('select app_private.set_team_repository($1, $2, $3, $4)', [projects.get(names[i]!), full, 'ready', shas[i]]);
  }

  say(`freezing: the sweep captures ${TEAMS} archives...`);
  await setClock(url, start + 24 * HOUR + 16 * 60_000);
  await call(url, 'POST', '/api/v1/submissions/reconcile', key);
  for (;;) {
    const { rows: [c] } = await db.pool.query(`select count(*) filter (where state = 'frozen')::int as f, count(*) filter (where state = 'error')::int as e from app.submissions where event_id = $1`, [event.id]);
    if (c.f === TEAMS) break;
    if (c.e > 0) throw new Error(`${c.e} captures failed`);
    await sleep(200);
  }
  const { rows: [sizes] } = await db.pool.query(`select min(archive_size)::bigint as min, max(archive_size)::bigint as max from app.submissions where event_id = $1`, [event.id]);
  await call(url, 'PUT', '/api/v1/event/vote', key, { on: true });

  /** Starts a run and waits for it (and, separately, for the thumbnails of its decks). */
  async function measure(newRevision: boolean) {
    const t0 = performance.now();
    const started = await call(url, 'POST', '/api/v1/event/decks/runs', key, { newRevision }, 201);
    let run: any;
    for (;;) {
      run = await call(url, 'GET', `/api/v1/event/decks/runs/${started.run.id}`, key);
      if (run.run.status === 'done') break;
      await sleep(250);
    }
    const runS = (performance.now() - t0) / 1000;
    for (;;) {
      const { rows: [c] } = await db.pool.query(`select count(*)::int as n from app_private.generated_decks g join app_private.generation_jobs j on j.id = g.job_id
        left join app.deck_thumbnails t on t.deck_id = g.deck_id and t.version = g.version where j.run_id = $1 and t.deck_id is null`, [started.run.id]);
      if (c.n === 0) break;
      await sleep(250);
    }
    const thumbS = (performance.now() - t0) / 1000;
    const { rows: [f] } = await db.pool.query(`select count(*)::int as n, coalesce(sum(jsonb_array_length(g.findings)), 0)::int as findings
      from app_private.generated_decks g join app_private.generation_jobs j on j.id = g.job_id where j.run_id = $1`, [started.run.id]);
    return { counts: run.run.counts, runS, thumbS, decks: f.n, findings: f.findings };
  }

  say(`run 1: ${TEAMS * 2} decks with one worker replica (the server's own)...`);
  const one = await measure(false);

  say('run 2: a second worker replica joins; --new-revision regenerates all...');
  const port = await freePort();
  const second: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'cli/podium/bin.js'), 'start'], {
    cwd: ROOT,
    env: { ...process.env, ...ENV, DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', AUTH_SECRET, LOG_LEVEL: 'warn', DATA_DIR: dataDir, SERVICE_ROLE: 'worker', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let two;
  try {
    await waitHealthy(`http://127.0.0.1:${port}`, second);
    two = await measure(true);
  } finally {
    await stopServer(second);
  }

  const perMin = (r: { decks: number; runS: number }) => (r.decks / r.runS) * 60;
  const ok = one.decks === TEAMS * 2 && one.counts.failed === 0 && one.runS <= TARGET_S * (TEAMS / 200);
  say('');
  say(`bench:decks  one server process (SERVICE_ROLE=all), then a second worker replica (SERVICE_ROLE=worker)`);
  printMachine();
  say(`  archives    ${TEAMS} teams, ${(Number(sizes.min) / 1024 / 1024).toFixed(2)}-${(Number(sizes.max) / 1024 / 1024).toFixed(2)} MiB each (local blob store)`);
  say('');
  const line = (label: string, r: typeof one) => say(`  ${label.padEnd(26)}${r.decks} decks in ${r.runS.toFixed(1)} s (${perMin(r).toFixed(0)} decks/min), ${r.counts.failed} failed, ${r.findings} findings; thumbnails done at ${r.thumbS.toFixed(1)} s`);
  line('one worker replica', one);
  line('two worker replicas', two);
  say('');
  say(`  target      ${TEAMS * 2} decks in under ${(TARGET_S * (TEAMS / 200)).toFixed(0)} s with one worker: ${ok ? 'PASS' : 'FAIL'}`);
});
