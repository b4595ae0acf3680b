// The simulated hackathon, short version (ops/simulate, `npm run simulate:event -- --short`):
// four teams on the replica harness (2 api + 2 worker replicas) over the simulation's own
// PostgreSQL, Redis, s3rver and SMTP, with one fault of each kind (an API replica and a worker
// replica SIGKILLed mid-capture and mid-generation, PostgreSQL restarted under the ballots,
// Redis down during sign-ins, storage refusing during captures, the webhook target
// unreachable during the push burst). Every check of the table must pass; the figures are
// printed, never asserted. The shared PostgreSQL and Redis of the suite are not touched.
import test from 'ava';
import { FAULT_PLAN, SHORT, simulate } from '../../ops/simulate/main.ts';

test('a short simulated event under one fault of each kind: every check of the table passes', async (t) => {
  t.timeout(15 * 60_000, 'a hang guard on a loaded 2-core machine, not a speed check');
  const lines: string[] = [];
  const r = await simulate({ seed: 21, preset: SHORT, log: (m) => void lines.push(m) });
  t.log(r.text);
  const fired = new Set(r.faultRows.map((row) => row[0]));
  for (const kind of Object.values(FAULT_PLAN).flat()) t.true(fired.has(kind), `the fault ${kind} fired`);
  t.is(r.faultRows.length, Object.values(FAULT_PLAN).flat().length, 'every planned fault fired once');
  t.true(r.checks.length >= 10);
  for (const c of r.checks) t.true(c.ok, `${c.name}: ${c.detail}`);
});
