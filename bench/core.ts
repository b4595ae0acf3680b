// `npm run bench:core`: throughput and latency of the authenticated hot path.
// One real Podium server process (`podium start`, SERVICE_ROLE=all) over a fresh migrated
// database; autocannon in a second process drives GET /api/v1/me with a deck key, so every
// request authenticates against Postgres. Prints the figures and PASS/FAIL against the target.
//
// Environment: DATABASE_URL (else an embedded PostgreSQL is started in a temp dir),
// BENCH_CONNECTIONS (default 20), BENCH_DURATION seconds (default 12),
// BENCH_WARMUP seconds (default 3), DB_POOL_SIZE (passed through to the server).
import * as seed from '../test/helpers/seed.ts';
import { cannon, printMachine, say, withStack } from './lib.ts';

const TARGET_RPS = 3_000;
const TARGET_P99_MS = 20;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const DURATION_S = Number(process.env.BENCH_DURATION || 12);
const WARMUP_S = Number(process.env.BENCH_WARMUP || 3);

await withStack('bench-core', {}, async ({ db, url, stopServer }) => {
  const base = await seed.basicWorkspace(db.pool, 'Bench', 'owner@bench.test');
  const probe = await fetch(`${url}/api/v1/me`, { headers: { authorization: `Bearer ${base.deckKey.key}` } });
  if (probe.status !== 200) throw new Error(`GET /api/v1/me answered ${probe.status}: ${await probe.text()}`);

  // Committed transactions in the bench database, to show every request reached PostgreSQL.
  // Backends flush their statistics lazily but always on exit: read the total after the server stops.
  const commits = async () => {
    await db.pool.query('select pg_stat_clear_snapshot()');
    const { rows } = await db.pool.query('select xact_commit::float8 as n from pg_stat_database where datname = current_database()');
    return rows[0].n as number;
  };
  const before = await commits();
  const auth = ['-H', `authorization=Bearer ${base.deckKey.key}`];
  say(`warm-up: ${WARMUP_S}s, ${CONNECTIONS} connections`);
  const warm = await cannon(`${url}/api/v1/me`, CONNECTIONS, WARMUP_S, auth);
  say(`measuring: ${DURATION_S}s, ${CONNECTIONS} connections, GET /api/v1/me with a deck key`);
  const r = await cannon(`${url}/api/v1/me`, CONNECTIONS, DURATION_S, auth);
  await stopServer();
  await new Promise((res) => setTimeout(res, 300));
  const perRequest = ((await commits()) - before) / (warm.requests.total + r.requests.total);

  const errors = r.errors + r.timeouts;
  const met = r.requests.average >= TARGET_RPS && r.latency.p99 < TARGET_P99_MS && errors === 0 && r.non2xx === 0;
  say('');
  say('bench:core  GET /api/v1/me (API key, authenticated against PostgreSQL on every request)');
  printMachine();
  say(`  method      one server process (SERVICE_ROLE=all, DB_POOL_SIZE=${process.env.DB_POOL_SIZE || 'default 10'}), autocannon in a second process, ${CONNECTIONS} connections, ${DURATION_S}s after ${WARMUP_S}s warm-up`);
  say('');
  say(`  requests/s  ${r.requests.average.toFixed(0)} (average; ${r.requests.total} requests in total)`);
  say(`  latency     p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms (average ${r.latency.average} ms, max ${r.latency.max} ms)`);
  say(`  errors      ${errors} (errors ${r.errors}, timeouts ${r.timeouts}), non-2xx ${r.non2xx}`);
  say(`  database    ${perRequest.toFixed(2)} committed transactions per request (server's whole run incl. worker; ~1 means every request was checked against PostgreSQL)`);
  say('');
  say(`  target      >= ${TARGET_RPS} req/s with p99 < ${TARGET_P99_MS} ms and no errors: ${met ? 'PASS' : 'FAIL'}`);
});
