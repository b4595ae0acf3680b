// `npm run bench:event`: the event's two heavy paths, over HTTP against one real Podium
// server process (`podium start`, SERVICE_ROLE=all) on a fresh migrated database:
//   1. roster import of 1,500 rows naming 300 teams: first import (creates 300 projects),
//      the same roster again (no change), and a re-import moving 150 people between teams;
//   2. the `event status` round trip for that event: an organizer (all 300 teams) and a
//      participant (own team), sequential requests, median and p95.
// Prints the figures and PASS/FAIL against the targets; exits 0 either way (a benchmark
// reports, it does not fail CI).
//
// Environment: DATABASE_URL (else an embedded PostgreSQL is started in a temp dir),
// BENCH_REQUESTS status requests per caller (default 300), BENCH_WARMUP (default 30).
import * as seed from '../ops/harness/seed.ts';
import { printMachine, say, withStack } from './lib.ts';

const TEAMS = 300;
const ROWS = 1_500;
const TARGET_STATUS_MEDIAN_MS = 150;
const TARGET_IMPORT_MS = 2_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS || 300);
const WARMUP = Number(process.env.BENCH_WARMUP || 30);

async function timed(url: string, init: RequestInit, ok = 200): Promise<{ ms: number; body: any }> {
  const t0 = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${text.slice(0, 500)}`);
  return { ms, body: JSON.parse(text) };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** 1,500 rows, five people per team; `shift` moves every tenth person to the next team. */
function roster(shift = false) {
  return Array.from({ length: ROWS }, (_, i) => {
    const team = (Math.floor(i / 5) + (shift && i % 10 === 0 ? 1 : 0)) % TEAMS;
    return { email: `p${i}@bench.test`, name: `Person ${i}`, team: `Team ${String(team).padStart(3, '0')}` };
  });
}

async function statusRun(url: string, key: string): Promise<{ median: number; p95: number; teams: number }> {
  const init = { headers: { authorization: `Bearer ${key}` } };
  let teams = 0;
  for (let i = 0; i < WARMUP; i++) await timed(`${url}/api/v1/event/status`, init);
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const r = await timed(`${url}/api/v1/event/status`, init);
    samples.push(r.ms);
    teams = r.body.teams.length;
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p95: percentile(samples, 95), teams };
}

await withStack('bench-event', {}, async ({ db, url }) => {
  const base = await seed.basicWorkspace(db.pool, 'Bench', 'owner@bench.test');
  await seed.member(db.pool, base.ws.id, 'p0@bench.test', 'member');
  const participantKey = (await seed.key(db.pool, 'p0@bench.test', 'hackathon')).key;

  const owner = { 'content-type': 'application/json', authorization: `Bearer ${base.hackKey.key}` };
  const hour = 3600_000;
  const start = Date.now() + hour;
  await timed(`${url}/api/v1/event`, {
    method: 'PUT', headers: owner,
    body: JSON.stringify({
      expectedVersion: 0, name: 'Bench Hack', timezone: 'Europe/Berlin', startsAt: new Date(start).toISOString(),
      buildEndsAt: new Date(start + 24 * hour).toISOString(), voteOpensAt: new Date(start + 25 * hour).toISOString(),
      voteClosesAt: new Date(start + 27 * hour).toISOString(),
    }),
  }, 201);

  const put = (rows: unknown[]) => timed(`${url}/api/v1/event/roster`, { method: 'PUT', headers: owner, body: JSON.stringify({ participants: rows }) });
  say(`importing ${ROWS} roster rows naming ${TEAMS} teams...`);
  const first = await put(roster());
  if (first.body.created.length !== TEAMS) throw new Error(`expected ${TEAMS} teams created, got ${first.body.created.length}`);
  const same = await put(roster());
  const moved = await put(roster(true));

  say(`event status: ${WARMUP} warm-up then ${REQUESTS} sequential requests per caller...`);
  const org = await statusRun(url, base.hackKey.key);
  const part = await statusRun(url, participantKey);
  if (org.teams !== TEAMS) throw new Error(`organizer status listed ${org.teams} teams, expected ${TEAMS}`);

  const importMs = Math.max(first.ms, same.ms, moved.ms);
  const met = org.median < TARGET_STATUS_MEDIAN_MS && part.median < TARGET_STATUS_MEDIAN_MS && importMs < TARGET_IMPORT_MS;
  say('');
  say(`bench:event  ${TEAMS} teams, ${ROWS} roster rows, one server process (SERVICE_ROLE=all), client in this process`);
  printMachine();
  say('');
  const line = (label: string, value: string) => say(`  ${label.padEnd(46)}${value}`);
  line(`roster import, first (creates ${TEAMS} projects)`, `${first.ms.toFixed(0)} ms`);
  line('roster import, the same roster again', `${same.ms.toFixed(0)} ms`);
  line('roster import, 150 people moved between teams', `${moved.ms.toFixed(0)} ms`);
  line(`event status, organizer (${org.teams} teams)`, `median ${org.median.toFixed(1)} ms, p95 ${org.p95.toFixed(1)} ms`);
  line('event status, participant (own team)', `median ${part.median.toFixed(1)} ms, p95 ${part.p95.toFixed(1)} ms`);
  say('');
  say(`  target      status median < ${TARGET_STATUS_MEDIAN_MS} ms, every import < ${TARGET_IMPORT_MS} ms: ${met ? 'PASS' : 'FAIL'}`);
});
