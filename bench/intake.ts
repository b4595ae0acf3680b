// `npm run bench:intake`: the submissions intake and capture, against one real Podium
// server process (`podium start`, SERVICE_ROLE=all: one api and one worker) on a fresh
// migrated database:
//   1. signed push deliveries per second accepted by the replica over loopback, the load
//      from a second process (bench/intake-load.ts), then every accepted delivery counted in
//      app.submission_receipts (none lost, none doubled);
//   2. the time from the freeze (an on-demand sweep right after it) to every submission
//      captured, for 200 teams of a 5 MB repository, with the server's one worker.
// Prints the figures and PASS/FAIL against the targets; exits 0 either way.
//
// Environment: DATABASE_URL (else an embedded PostgreSQL), BENCH_CONNECTIONS (default 32),
// BENCH_SECONDS (default 10), BENCH_TEAMS (default 200).
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LocalCodeHost } from '../core/codehost/local.ts';
import { git as hostGit } from '../core/codehost/git.ts';
import { AUTH_SECRET, printMachine, ROOT, say, withStack, benchEvent, call } from './lib.ts';

const TEAMS = Number(process.env.BENCH_TEAMS || 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const REPO_BYTES = 5 * 1024 * 1024;
const TARGET_RATE = 1_000;
const TARGET_P99_MS = 50;
const TARGET_CAPTURE_S = 60;
const HOUR = 3600_000;

interface Load { sent: number; accepted: number; statuses: Record<string, number>; elapsed: number; p50: number; p99: number; max: number }

function load(url: string, eventId: string, repository: string, seconds: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/intake-load.ts'), url, eventId, AUTH_SECRET, repository, String(CONNECTIONS), String(seconds)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.on('close', (code) => { try { resolve(JSON.parse(out)); } catch { reject(new Error(`load exited ${code}: ${out}`)); } });
  });
}


const setClock = (url: string, at: number) => call(url, 'PUT', '/api/v1/test/clock', null, { offsetSeconds: Math.round((at - Date.now()) / 1000) });

await withStack('bench-intake', { PODIUM_TEST_MODE: '1' }, async ({ db, url, tmp }) => {
  const { key, start, event, names, projects } = await benchEvent(db, url, TEAMS);

  say(`building a ${REPO_BYTES / 1024 / 1024} MB template and ${TEAMS} team repositories, one distinct commit each...`);
  const host = new LocalCodeHost(path.join(tmp, 'data'), db.pool);
  await host.createEmpty('bench/template');
  const work = path.join(tmp, 'work');
  mkdirSync(work);
  await hostGit(['init', '-q', '-b', 'main', work]);
  const id = ['-c', 'user.name=Bench', '-c', 'user.email=bench@x.test'];
  writeFileSync(path.join(work, 'assets.bin'), randomBytes(REPO_BYTES)); // incompressible: the archive stays ~5 MB
  await hostGit(['add', '.'], { cwd: work });
  await hostGit([...id, 'commit', '-q', '-m', 'template'], { cwd: work });
  const shas: string[] = [];
  for (let i = 0; i < TEAMS; i++) {
    await hostGit(['checkout', '-q', '-B', `team-${i}`, 'main'], { cwd: work });
    writeFileSync(path.join(work, 'TEAM'), `${i}\n`);
    await hostGit(['add', 'TEAM'], { cwd: work });
    await hostGit([...id, 'commit', '-q', '-m', `team ${i}`], { cwd: work });
    shas.push((await hostGit(['rev-parse', 'HEAD'], { cwd: work })).trim());
  }
  await hostGit(['push', '-q', host.repositoryPath('bench/template'), 'refs/heads/*:refs/heads/*'], { cwd: work });
  for (let i = 0; i < TEAMS; i++) {
    const full = `bench/team-${String(i).padStart(3, '0')}`;
    await host.createFromTemplate('bench/template', full, `team-${i}`);
    await db.pool.query('select app_private.set_team_repository($1, $2, $3, $4)', [projects.get(names[i]!), full, 'ready', shas[i]]);
  }

  // The load generator's own ceiling: the same load against a bare node:http sink that reads
  // each body and answers 202, in this process (nothing else runs in it meanwhile).
  say(`load ceiling: ${SECONDS} s against a bare node:http sink...`);
  const sink = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(202, { 'content-type': 'application/json' }).end('{"sequence":1,"verdict":"accepted"}'));
  });
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
  const ceiling = await load(`http://127.0.0.1:${(sink.address() as AddressInfo).port}`, event.id, 'bench/team-000', SECONDS);
  await new Promise((r) => sink.close(r));

  await setClock(url, start + HOUR); // building
  say(`intake: warm-up 2 s, then ${SECONDS} s with ${CONNECTIONS} connections from a second process...`);
  const warm = await load(url, event.id, 'bench/team-000', 2);
  const run = await load(url, event.id, 'bench/team-000', SECONDS);
  const { rows: [counted] } = await db.pool.query(
    `select count(*)::int as n, count(distinct delivery_id)::int as d from app.submission_receipts where event_id = $1 and delivery_id like 'bench-%'`, [event.id]);
  const accepted = warm.accepted + run.accepted;
  const lost = accepted - counted.n;
  const rate = run.accepted / run.elapsed;

  // The load pushed revision aaaa... to team 000, which its repository does not have: one
  // real last push for team 000, so every capture can succeed.
  const { signBody, webhookSecret } = await import('../core/codehost/webhook.ts');
  const last = JSON.stringify({ ref: 'refs/heads/main', after: shas[0], repository: { full_name: 'bench/team-000', owner: { login: 'bench' } }, organization: { login: 'bench' } });
  await fetch(`${url}/webhooks/github/${event.id}`, { method: 'POST', body: last, headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-github-delivery': 'bench-final', 'x-hub-signature-256': signBody(webhookSecret(AUTH_SECRET, event.id), last) } });

  say(`capture: the freeze passes, the sweep runs, ${TEAMS} captures with the server's one worker...`);
  await setClock(url, start + 24 * HOUR + 16 * 60_000);
  const t0 = performance.now();
  await call(url, 'POST', '/api/v1/submissions/reconcile', key);
  let frozen = 0;
  let errors = 0;
  while (performance.now() - t0 < 10 * 60_000) {
    const { rows: [c] } = await db.pool.query(`select count(*) filter (where state = 'frozen')::int as f, count(*) filter (where state = 'error')::int as e from app.submissions where event_id = $1`, [event.id]);
    frozen = c.f;
    errors = c.e;
    if (frozen === TEAMS) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const captureS = (performance.now() - t0) / 1000;
  const { rows: [blobs] } = await db.pool.query(`select count(distinct archive_sha256)::int as n, sum(archive_size)::bigint as bytes from app.submissions where event_id = $1`, [event.id]);

  const ok = rate >= TARGET_RATE && run.p99 < TARGET_P99_MS && lost === 0 && counted.n === counted.d && frozen === TEAMS && captureS <= TARGET_CAPTURE_S;
  say('');
  say(`bench:intake  one server process (SERVICE_ROLE=all), load from a second process over loopback`);
  printMachine();
  say('');
  const line = (label: string, value: string) => say(`  ${label.padEnd(52)}${value}`);
  line(`deliveries accepted (${CONNECTIONS} connections, ${run.elapsed.toFixed(1)} s)`, `${run.accepted} (${rate.toFixed(0)}/s), statuses ${JSON.stringify(run.statuses)}`);
  line('delivery latency', `p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, max ${run.max.toFixed(1)} ms`);
  line('load ceiling (the same load, a bare node:http sink)', `${(ceiling.accepted / ceiling.elapsed).toFixed(0)}/s, p99 ${ceiling.p99.toFixed(1)} ms: Podium at ${((100 * rate) / (ceiling.accepted / ceiling.elapsed)).toFixed(0)}% of it`);
  line('accounted for in the database', `${counted.n} receipts for ${accepted} accepted deliveries (${lost} lost, ${counted.n - counted.d} doubled)`);
  line(`freeze to all captured (${TEAMS} teams, 5 MB)`, `${captureS.toFixed(1)} s: ${frozen} frozen, ${errors} errors, ${blobs.n} archives, ${(Number(blobs.bytes) / 1024 ** 3).toFixed(2)} GiB`);
  say('');
  say(`  target      >= ${TARGET_RATE}/s, p99 < ${TARGET_P99_MS} ms, none lost; ${TEAMS} captures <= ${TARGET_CAPTURE_S} s: ${ok ? 'PASS' : 'FAIL'}`);
});
