// `npm run bench:core`: throughput and latency of the authenticated hot path, beside the
// database's own ceiling in the same run.
// One real Podium server process (`podium start`, SERVICE_ROLE=all) over a fresh migrated
// database; wrk (C, its own process) drives GET /api/v1/me with a deck key, so every request
// authenticates against Postgres. Then `pgbench -S` (one indexed select per transaction,
// prepared) at the server's pool size: /me is at most one such round trip plus HTTP (requests
// arriving together share one, api/auth/batch.ts), so the ratio says what the Node side
// costs. It prints the round trips per request from the server's podium_db_round_trips_total.
// /me and pgbench alternate over BENCH_ROUNDS paired rounds (default 3) and the ratio is taken
// per round, then the median: pgbench alone moved 74-104k tps between consecutive runs on one
// idle machine, so a single pair decided the verdict by chance.
// The load generator's ceiling, in the same run: the same wrk, connections and duration
// against a bare node:http process answering every GET with /me's own JSON bytes from memory
// (no framework, no database): what one Node process can answer on this machine, and so the
// most the figure above could be.
// Finally the key revokes itself over the wire and the very next request must answer 401:
// no speed-up may cache a key past its revocation.
//
// Needs wrk (apt-get install -y wrk) and pgbench (postgresql-client) for the ceiling.
// Environment: DATABASE_URL (else an embedded PostgreSQL is started in a temp dir),
// BENCH_CONNECTIONS (default 20), BENCH_DURATION seconds (default 12), BENCH_ROUNDS (default 3),
// BENCH_WARMUP seconds (default 3), DB_POOL_SIZE (passed through to the server; default 10,
// also pgbench's client count), BENCH_WRK_THREADS (default 2).
import * as seed from '../ops/harness/seed.ts';
import { cpuSeconds, load, loadAverage, median, pgbenchSelect, type LoadResult, type PgbenchResult, printMachine, requireWrk, row, say, startBareHttp, withStack } from './lib.ts';

const TARGET_OF_PGBENCH = 0.3; // >= 30% of pgbench -S -M prepared at the server's pool size
const TARGET_P99_MS = 20;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const DURATION_S = Number(process.env.BENCH_DURATION || 12);
const WARMUP_S = Number(process.env.BENCH_WARMUP || 3);
const POOL = Number(process.env.DB_POOL_SIZE || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);

requireWrk();

await withStack('bench-core', {}, async ({ tmp, db, url, server, stopServer }) => {
  const base = await seed.basicWorkspace(db.pool, 'Bench', 'owner@bench.test');
  const auth = { authorization: `Bearer ${base.deckKey.key}` };
  const probe = await fetch(`${url}/api/v1/me`, { headers: auth });
  if (probe.status !== 200) throw new Error(`GET /api/v1/me answered ${probe.status}: ${await probe.text()}`);
  const meBytes = Buffer.from(await probe.arrayBuffer());

  // Committed transactions in the bench database, to show every request reached PostgreSQL.
  // Backends flush their statistics lazily but always on exit: read the total after the server stops.
  const commits = async () => {
    await db.pool.query('select pg_stat_clear_snapshot()');
    const { rows } = await db.pool.query('select xact_commit::float8 as n from pg_stat_database where datname = current_database()');
    return rows[0].n as number;
  };
  const before = await commits();
  // Socket round trips to PostgreSQL the server's pool completed (its /metrics counter).
  const trips = async () => {
    const text = await (await fetch(`${url}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith('podium_db_round_trips_total '));
    return line ? Number(line.split(' ')[1]) : NaN;
  };
  say(`warm-up: ${WARMUP_S}s, ${CONNECTIONS} connections`);
  const warm = await load(`${url}/api/v1/me`, CONNECTIONS, WARMUP_S, auth);
  // Paired rounds: /me, then pgbench -S at the server's pool size; the ratio per round.
  const rounds: { me: LoadResult; cpuUs: number; trips: number; load: string; pgb: PgbenchResult | { missing: string }; pgLoad: string }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    say(`round ${i + 1} of ${ROUNDS}: ${DURATION_S}s of GET /api/v1/me (${CONNECTIONS} connections, a deck key), then ${DURATION_S}s of pgbench -S (${POOL} clients)`);
    const loadBefore = loadAverage();
    const cpu0 = cpuSeconds([server.pid!]);
    const trips0 = await trips();
    const me = await load(`${url}/api/v1/me`, CONNECTIONS, DURATION_S, auth);
    const tripsPerRequest = ((await trips()) - trips0) / (me.requests + 1); // + the scrape's own queue-depth query
    const cpuUs = ((cpuSeconds([server.pid!]) - cpu0) / me.requests) * 1e6;
    const meLoad = `${loadBefore} -> ${loadAverage()}`;
    const pgLoadBefore = loadAverage();
    const pgb = await pgbenchSelect(POOL, DURATION_S);
    rounds.push({ me, cpuUs, trips: tripsPerRequest, load: meLoad, pgb, pgLoad: `${pgLoadBefore} -> ${loadAverage()}` });
  }
  const measured = rounds.reduce((n, x) => n + x.me.requests, 0);
  // Revocation holds under the fast path: the key revokes itself, the next request is refused.
  const revoke = await fetch(`${url}/cli/auth/key`, { method: 'DELETE', headers: auth });
  const after = await fetch(`${url}/api/v1/me`, { headers: auth });
  const revokedOk = revoke.status === 200 && after.status === 401;

  await stopServer();
  await new Promise((res) => setTimeout(res, 300));
  const perRequest = ((await commits()) - before) / (warm.requests + measured + 2);

  say(`load ceiling: ${DURATION_S}s, ${CONNECTIONS} connections against a bare node:http process answering /me's bytes`);
  const bare = await startBareHttp(tmp, meBytes);
  await load(bare.url + '/api/v1/me', CONNECTIONS, WARMUP_S, auth);
  const bareCpu0 = cpuSeconds(bare.pids());
  const ceiling = await load(bare.url + '/api/v1/me', CONNECTIONS, DURATION_S, auth);
  const bareCpuUs = ((cpuSeconds(bare.pids()) - bareCpu0) / ceiling.requests) * 1e6;
  await bare.stop();

  const clean = rounds.every((x) => x.me.errors + x.me.non2xx === 0);
  const missing = rounds.find((x) => 'missing' in x.pgb)?.pgb as { missing: string } | undefined;
  const ratios = missing ? [] : rounds.map((x) => x.me.rps / (x.pgb as PgbenchResult).tps);
  const ratio = missing ? null : median(ratios);
  const p99 = median(rounds.map((x) => x.me.p99));
  say('');
  say('bench:core  GET /api/v1/me (API key, authenticated against PostgreSQL on every request)');
  printMachine();
  say(`  method      one server process (SERVICE_ROLE=all, DB_POOL_SIZE=${POOL}), wrk in a second process, ${CONNECTIONS} connections; ${ROUNDS} paired rounds of ${DURATION_S}s (/me, then pgbench -S) after ${WARMUP_S}s warm-up`);
  say('');
  rounds.forEach((x, i) => {
    say(row(`round ${i + 1}: podium GET /api/v1/me`, x.me, `load ${x.load}`));
    say(`  ${'  CPU of the Node process'.padEnd(34)} ${x.cpuUs.toFixed(0).padStart(7)} us per request (PostgreSQL's share is not in it); ${x.trips.toFixed(3)} round trips to PostgreSQL per request`);
    if ('missing' in x.pgb) say(`  ${x.pgb.missing}`);
    else say(`  ${`round ${i + 1}: pgbench -S -M prepared -c ${x.pgb.clients}`.padEnd(34)} ${x.pgb.tps.toFixed(0).padStart(7)} tps    latency average ${x.pgb.latencyMs.toFixed(2)} ms  load ${x.pgLoad}: podium at ${(ratios[i]! * 100).toFixed(0)}%`);
  });
  say(row('ceiling: bare node:http, same bytes', ceiling, `${bareCpuUs.toFixed(0)} us CPU per request; Podium's median round at ${((median(rounds.map((x) => x.me.rps)) / ceiling.rps) * 100).toFixed(0)}% of it`));
  if (!missing) say(`  ${(rounds[0]!.pgb as PgbenchResult).version}`);
  say(`  round trips counted by the server's podium_db_round_trips_total over each measured run (includes the worker's polling in this process)`);
  say(`  database    ${perRequest.toFixed(2)} committed transactions per request (server's whole run incl. worker; requests that arrive together share one authenticating statement, so under load this falls below 1 while every request is still checked)`);
  say(`  revocation  DELETE /cli/auth/key answered ${revoke.status}; the next GET /api/v1/me answered ${after.status}: ${revokedOk ? 'PASS' : 'FAIL'}`);
  say('');
  const okRatio = ratio !== null && ratio >= TARGET_OF_PGBENCH;
  say(`  target      >= ${TARGET_OF_PGBENCH * 100}% of pgbench -S (median of the rounds' ratios): ${ratio === null ? 'not measured' : `${(ratio * 100).toFixed(0)}% ${okRatio ? 'PASS' : 'FAIL'}`}; p99 < ${TARGET_P99_MS} ms (median): ${p99.toFixed(2)} ms ${p99 < TARGET_P99_MS ? 'PASS' : 'FAIL'}; no errors: ${clean ? 'PASS' : 'FAIL'}; revoked key refused at once: ${revokedOk ? 'PASS' : 'FAIL'}`);
});
