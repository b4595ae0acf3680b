// `npm run bench:vote`: the community vote against one real Podium server process
// (`podium start`, SERVICE_ROLE=all) on a fresh migrated database: 200 teams of 10
// participants (2,000 voters, 200 candidates), every candidate ready, voting open.
//   1. 2,000 ballots (each ranks the 199 other candidates) submitted concurrently from 50
//      clients over loopback HTTP, from a second process (bench/vote-load.ts), each with its
//      own key and Idempotency-Key: accepted per second, p50/p99; then every accepted ballot
//      found submitted in the database (none lost). The same generator, same bodies, same 50
//      connections, first runs against a do-nothing HTTP server in a third process: its
//      ceiling, so the figure is known to be the server's and not the generator's.
//   2. `results calculate` (POST /api/v1/community/results) over those 2,000 ballots: the
//      time of a calculation (median and max of BENCH_VOTE_RUNS, results deleted between
//      runs) and of the "already holds this ballot set" answer; exactness checked by the
//      BigInt recount of `podium vote recount` (core/vote/tally.ts) over the export:
//      every fraction, rank and the digest.
// Prints the figures and PASS/FAIL against the targets; exits 0 either way.
//
// Environment: DATABASE_URL (else an embedded PostgreSQL), BENCH_TEAMS (200),
// BENCH_TEAM_SIZE (10), BENCH_CONNECTIONS (50), BENCH_VOTE_RUNS (5).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BallotExport, VoteResult } from '../core/wire/community.ts';
import { tally } from '../core/vote/tally.ts';
import * as seed from '../ops/harness/seed.ts';
import { freeze, liveDeck } from '../test/helpers/vote.ts';
import { freePort, median, printMachine, ROOT, say, withStack } from './lib.ts';

const TEAMS = Number(process.env.BENCH_TEAMS || 200);
const TEAM_SIZE = Number(process.env.BENCH_TEAM_SIZE || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const RUNS = Number(process.env.BENCH_VOTE_RUNS || 5);
const TARGET_CALC_S = 2;
const TARGET_P99_MS = 100;
const HOUR = 3600_000;

interface Load { sent: number; accepted: number; statuses: Record<string, number>; elapsed: number; p50: number; p99: number; max: number }

function load(url: string, jobsFile: string): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/vote-load.ts'), 'run', url, jobsFile, String(CONNECTIONS)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.on('close', (code) => { try { resolve(JSON.parse(out)); } catch { reject(new Error(`load exited ${code}: ${out}`)); } });
  });
}

async function stub(): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/vote-load.ts'), 'stub', String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', (c: Buffer) => String(c).includes('listening') && resolve());
    proc.on('exit', (code) => reject(new Error(`stub exited ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, proc };
}

async function call(url: string, method: string, p: string, key: string | null, body?: unknown, ok = [200]): Promise<any> {
  const res = await fetch(`${url}${p}`, { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(key ? { authorization: `Bearer ${key}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!ok.includes(res.status)) throw new Error(`${method} ${p} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

const setClock = (url: string, at: number) => call(url, 'PUT', '/api/v1/test/clock', null, { offsetSeconds: (at - Date.now()) / 1000 });

function shuffle<T>(xs: T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomBytes(4).readUInt32LE() % (i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

await withStack('bench-vote', { PODIUM_TEST_MODE: '1' }, async ({ db, url, tmp }) => {
  const pool = db.pool;
  const base = await seed.basicWorkspace(pool, 'Bench', 'owner@bench.test');
  const key = base.hackKey.key;
  const start = Date.now() + HOUR;
  await call(url, 'PUT', '/api/v1/event', key, {
    expectedVersion: 0, name: 'Bench Hack', timezone: 'UTC', startsAt: new Date(start).toISOString(),
    buildEndsAt: new Date(start + 24 * HOUR).toISOString(), voteOpensAt: new Date(start + 25 * HOUR).toISOString(),
    voteClosesAt: new Date(start + 27 * HOUR).toISOString(),
  }, [201]);
  await call(url, 'PUT', '/api/v1/event/vote', key, { on: true });
  const names = Array.from({ length: TEAMS }, (_, i) => `Team ${String(i).padStart(3, '0')}`);
  const voters = names.flatMap((team, t) => Array.from({ length: TEAM_SIZE }, (_, m) => ({ email: `v${t}-${m}@bench.test`, team })));
  say(`setting up: ${TEAMS} teams, ${voters.length} voters with keys, ${TEAMS} live vote decks...`);
  await call(url, 'PUT', '/api/v1/event/roster', key, { participants: voters.map((v) => ({ email: v.email, team: v.team })) });
  const eventId = (await pool.query('select id from app.events where workspace_id = $1', [base.ws.id])).rows[0].id as string;
  const projects = new Map<string, string>((await pool.query('select name, id from app.projects where workspace_id = $1', [base.ws.id])).rows.map((r) => [r.name, r.id]));
  const keys = new Map<string, string>();
  for (let i = 0; i < voters.length; i += 20) {
    await Promise.all(voters.slice(i, i + 20).map(async (v) => {
      await seed.member(pool, base.ws.id, v.email);
      keys.set(v.email, (await seed.key(pool, v.email, 'hackathon')).key);
    }));
  }
  for (const team of names) {
    const project = projects.get(team)!;
    await freeze(pool, eventId, project);
    await pool.query('update app.event_teams set vote_link = $2 where project_id = $1', [project, (await liveDeck(pool, base.ws.id, base.owner.userId, new URL(url).host)).url]);
  }
  await setClock(url, start + 24 * HOUR + 30 * 60_000); // after the freeze
  await call(url, 'PUT', '/api/v1/event/roster/lock', key);
  const locked = await call(url, 'PUT', '/api/v1/community/eligibility/lock', key, { confirmedProjects: [...projects.values()] });
  await setClock(url, start + 25 * HOUR + 60_000); // the vote is open
  await call(url, 'POST', '/api/v1/community/voting/open', key);
  const version = locked.version as number;

  // Every voter ranks the 199 other candidates in a random order.
  const all = [...projects.values()];
  const jobs = voters.map((v) => {
    const own = projects.get(v.team)!;
    return { key: keys.get(v.email)!, body: JSON.stringify({ ranking: shuffle(all.filter((p) => p !== own)), eligibilityVersion: version, expectedRevision: 0 }) };
  });
  const jobsFile = path.join(tmp, 'jobs.json');
  writeFileSync(jobsFile, JSON.stringify(jobs));

  say(`the load generator's ceiling: ${jobs.length} of the same requests, ${CONNECTIONS} connections, against a do-nothing server...`);
  const s = await stub();
  let ceiling: Load;
  try {
    ceiling = await load(s.url, jobsFile);
  } finally {
    s.proc.kill('SIGTERM');
  }
  say(`warm-up: ${Math.min(200, voters.length)} ballot reads...`);
  await Promise.all(voters.slice(0, 200).map((v) => call(url, 'GET', '/api/v1/community/ballot', keys.get(v.email)!)));
  say(`submissions: ${jobs.length} ballots of ${TEAMS - 1} candidates, ${CONNECTIONS} concurrent clients, from a second process...`);
  const run = await load(url, jobsFile);
  const { rows: [counted] } = await pool.query(
    `select count(*) filter (where state = 'submitted')::int as submitted, count(*)::int as n from app.vote_ballots where event_id = $1`, [eventId]);
  const lost = run.accepted - counted.submitted;

  await call(url, 'POST', '/api/v1/community/voting/close', key);
  say(`results calculate over ${counted.submitted} ballots: ${RUNS} runs (results deleted between runs)...`);
  const times: number[] = [];
  let result: VoteResult | null = null;
  for (let i = 0; i < RUNS; i++) {
    await pool.query('delete from app.vote_results where event_id = $1', [eventId]);
    const t0 = performance.now();
    const r = await call(url, 'POST', '/api/v1/community/results', key, undefined, [201]);
    times.push((performance.now() - t0) / 1000);
    result = r.result;
  }
  const t1 = performance.now();
  const again = await call(url, 'POST', '/api/v1/community/results', key, undefined, [200]);
  const heldS = (performance.now() - t1) / 1000;
  const exported = (await call(url, 'GET', `/api/v1/community/results/${again.version}/ballots`, key)) as BallotExport;
  const recount = tally(exported);
  // Compared field by field (jsonb orders an object's keys its own way).
  const rowKey = (r: { rank: number | null; projectId: string; name: string; score: string | null; fraction: string | null; ballots: number }) => [r.rank, r.projectId, r.name, r.score, r.fraction, r.ballots];
  const tieKey = (t: { rank: number; projectIds: string[]; names: string[] }) => [t.rank, t.projectIds, t.names];
  const exact = JSON.stringify(recount.rows.map(rowKey)) === JSON.stringify(result!.rows.map(rowKey))
    && JSON.stringify(recount.ties.map(tieKey)) === JSON.stringify(result!.ties.map(tieKey)) && recount.digest === result!.digest;
  const calcMedian = median(times);
  const calcMax = Math.max(...times);
  const rate = run.accepted / run.elapsed;

  const ok = calcMax < TARGET_CALC_S && exact && run.p99 < TARGET_P99_MS && lost === 0 && run.accepted === jobs.length;
  say('');
  say('bench:vote  one server process (SERVICE_ROLE=all), load from a second process over loopback');
  printMachine();
  say('');
  const line = (label: string, value: string) => say(`  ${label.padEnd(56)}${value}`);
  line(`generator ceiling (do-nothing server, ${CONNECTIONS} connections)`, `${(ceiling.accepted / ceiling.elapsed).toFixed(0)}/s, p50 ${ceiling.p50.toFixed(1)} ms, p99 ${ceiling.p99.toFixed(1)} ms`);
  line(`ballots submitted (${CONNECTIONS} clients, ${run.elapsed.toFixed(2)} s)`, `${run.accepted} of ${jobs.length} accepted (${rate.toFixed(0)}/s), statuses ${JSON.stringify(run.statuses)}`);
  line('submission latency', `p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, max ${run.max.toFixed(1)} ms`);
  line('accounted for in the database', `${counted.submitted} submitted ballots for ${run.accepted} accepted (${lost} lost)`);
  line(`results calculate (${counted.submitted} x ${TEAMS - 1} ranked)`, `median ${(calcMedian * 1000).toFixed(0)} ms, max ${(calcMax * 1000).toFixed(0)} ms over ${RUNS} runs`);
  line('same ballot set again ("already holds")', `${(heldS * 1000).toFixed(0)} ms`);
  line('exact (BigInt recount of the export)', `${exact ? 'every fraction, rank and the digest equal' : 'MISMATCH'} (digest ${result!.digest}, ${result!.ties.length} ties)`);
  say('');
  say(`  target      calculate < ${TARGET_CALC_S} s and exact; submissions p99 < ${TARGET_P99_MS} ms, none lost: ${ok ? 'PASS' : 'FAIL'}`);
});
