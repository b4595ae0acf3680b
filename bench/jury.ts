// `npm run bench:jury`: jury judging against one real Podium server process (`podium start`,
// SERVICE_ROLE=all) on a fresh migrated database: 300 teams (one participant each), 30
// jurors, criteria of 3 weighted criteria, k = 3.
//   1. `jury assign --per-team 3` (POST /api/v1/event/jury/plan): the time of a plan (median
//      and max of BENCH_JURY_RUNS), with every team at k and the loads checked.
//   2. Every score submitted over HTTP by its juror (900 submissions, BENCH_CONNECTIONS at a
//      time): each save is one request answered by one SQL transaction; p50/p99.
//   3. `jury results calculate` over those 900 scores, both methods: the time of a
//      calculation (median and max of BENCH_JURY_RUNS, results deleted between runs) and of
//      the "already holds these scores" answer; exactness checked by the BigInt recount of
//      `podium jury recount` (core/jury/tally.ts) over the export: every fraction, rank and
//      the digest.
// Prints the figures and PASS/FAIL against the targets (assignment < 1 s, calculate < 2 s);
// exits 0 either way.
//
// Environment: DATABASE_URL (else an embedded PostgreSQL), BENCH_TEAMS (300), BENCH_JURORS
// (30), BENCH_PER_TEAM (3), BENCH_CONNECTIONS (30), BENCH_JURY_RUNS (5).
import type { JuryAssignments, JuryResult } from '../core/wire/jury.ts';
import { tally, type ScoreFile } from '../core/jury/tally.ts';
import * as seed from '../ops/harness/seed.ts';
import { loadAverage, median, printMachine, say, withStack } from './lib.ts';

const TEAMS = Number(process.env.BENCH_TEAMS || 300);
const JURORS = Number(process.env.BENCH_JURORS || 30);
const K = Number(process.env.BENCH_PER_TEAM || 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 30);
const RUNS = Number(process.env.BENCH_JURY_RUNS || 5);
const TARGET_ASSIGN_S = 1;
const TARGET_CALC_S = 2;
const HOUR = 3600_000;

async function call(url: string, method: string, p: string, key: string | null, body?: unknown, ok = [200]): Promise<any> {
  const res = await fetch(`${url}${p}`, { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(key ? { authorization: `Bearer ${key}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!ok.includes(res.status)) throw new Error(`${method} ${p} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const r = await fn();
  return [r, performance.now() - t0];
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
const f = (ms: number) => `${ms.toFixed(1)} ms`;

await withStack('bench-jury', { PODIUM_TEST_MODE: '1' }, async ({ db, url }) => {
  const pool = db.pool;
  const base = await seed.basicWorkspace(pool, 'Bench', 'owner@bench.test');
  const key = base.hackKey.key;
  const start = Date.now() + HOUR;
  await call(url, 'PUT', '/api/v1/event', key, {
    expectedVersion: 0, name: 'Bench Hack', timezone: 'UTC', startsAt: new Date(start).toISOString(),
    buildEndsAt: new Date(start + 24 * HOUR).toISOString(), voteOpensAt: new Date(start + 25 * HOUR).toISOString(),
    voteClosesAt: new Date(start + 27 * HOUR).toISOString(),
  }, [201]);
  const teams = Array.from({ length: TEAMS }, (_, i) => `Team ${String(i).padStart(3, '0')}`);
  const jurors = Array.from({ length: JURORS }, (_, i) => `juror${i}@bench.test`);
  say(`setting up: ${TEAMS} teams, ${JURORS} jurors with keys, k = ${K}...`);
  await call(url, 'PUT', '/api/v1/event/roster', key, {
    participants: [...teams.map((team, i) => ({ email: `p${i}@bench.test`, team })), ...jurors.map((email) => ({ email, role: 'jury' }))],
    invite: false,
  });
  const keys = new Map<string, string>();
  for (const email of jurors) {
    await seed.member(pool, base.ws.id, email);
    keys.set(email, (await seed.key(pool, email, 'hackathon')).key);
  }
  await call(url, 'PUT', '/api/v1/event/jury/criteria', key, [
    { name: 'Impact', weight: 3 }, { name: 'Execution', weight: 2 }, { name: 'Originality', weight: 1 },
  ]);

  // 1. The plan.
  await call(url, 'POST', '/api/v1/event/jury/plan', key, { perTeam: K, seed: 0 }); // warm-up
  const planTimes: number[] = [];
  let plan!: JuryAssignments;
  for (let i = 0; i < RUNS; i++) {
    const [p, ms] = await timed(() => call(url, 'POST', '/api/v1/event/jury/plan', key, { perTeam: K, seed: i + 1 }));
    planTimes.push(ms);
    plan = p;
  }
  const perTeam = new Map<string, number>();
  for (const a of plan.items) perTeam.set(a.projectId, (perTeam.get(a.projectId) ?? 0) + 1);
  const loads = plan.jurors.map((j) => j.load);
  const planOk = plan.shortfall.length === 0 && perTeam.size === TEAMS && [...perTeam.values()].every((n) => n === K) && Math.max(...loads) - Math.min(...loads) <= 1;

  // 2. Every score submitted.
  await call(url, 'POST', '/api/v1/event/jury/open', key);
  const jobs = plan.items.map((a, i) => ({ key: keys.get(a.juror)!, team: a.projectId, scores: { Impact: 1 + (i % 5), Execution: 1 + ((i * 7) % 5), Originality: 1 + ((i * 3) % 5) } }));
  say(`submitting ${jobs.length} scores, ${CONNECTIONS} at a time...`);
  const saveTimes: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (next < jobs.length) {
      const j = jobs[next++]!;
      const [, ms] = await timed(() => call(url, 'POST', `/api/v1/event/jury/scores/${j.team}/submission`, j.key, { scores: j.scores, expectedRevision: 0 }));
      saveTimes.push(ms);
    }
  }));
  const saveElapsed = performance.now() - t0;
  const submitted = Number((await pool.query(`select count(*) from app.jury_scores where state = 'submitted'`)).rows[0].count);
  await call(url, 'POST', '/api/v1/event/jury/close', key);

  // 3. Calculate, both methods.
  const calc: Record<string, { times: number[]; again: number; exact: boolean; digest: string }> = {};
  for (const method of ['mean', 'rank'] as const) {
    const times: number[] = [];
    let r!: JuryResult;
    for (let i = 0; i < RUNS; i++) {
      await pool.query('delete from app.jury_results');
      const [x, ms] = await timed(() => call(url, 'POST', '/api/v1/event/jury/results', key, { method }, [201]));
      times.push(ms);
      r = x;
    }
    const [, again] = await timed(() => call(url, 'POST', '/api/v1/event/jury/results', key, { method }, [200]));
    const file = (await call(url, 'GET', `/api/v1/event/jury/results/${r.version}/scores`, key)) as ScoreFile;
    const re = tally(file);
    const exact = re.digest === r.digest && re.rows.every((x, i) => x.fraction === r.rows[i]!.fraction && x.rank === r.rows[i]!.rank && x.score === r.rows[i]!.score);
    calc[method] = { times, again, exact, digest: r.digest };
  }

  printMachine();
  say();
  say(`bench:jury: ${TEAMS} teams, ${JURORS} jurors, k = ${K}, ${jobs.length} scores (3 weighted criteria); load average ${loadAverage()}`);
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  say(`  assignment (POST /plan): median ${f(median(planTimes))}, max ${f(Math.max(...planTimes))} over ${RUNS} runs; every team at k, loads ${Math.min(...loads)}-${Math.max(...loads)}: ${planOk ? 'yes' : 'NO'}  target < ${TARGET_ASSIGN_S} s: ${pass(Math.max(...planTimes) < TARGET_ASSIGN_S * 1000 && planOk)}`);
  say(`  score submission (one request, one transaction each): ${jobs.length} in ${(saveElapsed / 1000).toFixed(2)} s (${(jobs.length / (saveElapsed / 1000)).toFixed(0)}/s), p50 ${f(pct(saveTimes, 50))}, p99 ${f(pct(saveTimes, 99))}; ${submitted} submitted in the database`);
  for (const [method, c] of Object.entries(calc)) {
    say(`  calculate --method ${method}: median ${f(median(c.times))}, max ${f(Math.max(...c.times))} over ${RUNS} runs; same inputs again ${f(c.again)}; recount exact (fractions, ranks, digest ${c.digest}): ${c.exact ? 'yes' : 'NO'}  target < ${TARGET_CALC_S} s: ${pass(Math.max(...c.times) < TARGET_CALC_S * 1000 && c.exact)}`);
  }
});
