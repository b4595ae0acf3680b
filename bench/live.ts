// `npm run bench:live`: does the live log's write path grow with events?
//
// Every publishing transaction calls app_private.live_publish, which orders the log. It once
// took one instance-wide advisory lock held to commit, so every event on an
// instance queued behind every other; now the lock is per event. This bench runs, on a fresh
// migrated database and in one run, BENCH_PUBLISHERS connections publishing for BENCH_SECONDS
// per phase, the connections spread round-robin over 1 event and then over 10 events:
//   * per-event lock (live_publish as it is now): rows/s with 1 event and with 10;
//   * the instance-wide lock (the old function, recreated here under another name as the
//     baseline): the same two loads;
//   * ceilings of the same run: the same transactions writing the same row with no lock at
//     all (what Postgres and the commit flush allow), and with no write at all (what this load
//     generator and its pool allow).
// A publishing transaction is `begin; live_publish(...); <the change's own write>; commit`:
// the lock is held from the publish across one more round trip and the commit's flush, as in
// a post or a receipt (the publish comes from a function or trigger mid-transaction).
// Prints rows/s per phase and the ratio 10 events / 1 event; exits 0 (it reports).
//
// Environment: DATABASE_URL (else an embedded PostgreSQL), BENCH_PUBLISHERS (default 20),
// BENCH_SECONDS (per phase, default 5).
import os from 'node:os';
import type pg from 'pg';
import { createPool } from '../core/db/pool.ts';
import * as seed from '../ops/harness/seed.ts';
import { call, printMachine, say, withStack } from './lib.ts';

const PUBLISHERS = Number(process.env.BENCH_PUBLISHERS || 20);
const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const HOUR = 3600_000;
const PAYLOAD = JSON.stringify({ channelId: '00000000-0000-4000-8000-000000000001', post: { body: 'A post of about the length people write in a chat. '.repeat(4), kind: 'post' } });

type Phase = (c: pg.PoolClient, event: string) => Promise<void>;

async function run(pool: pg.Pool, events: string[], phase: Phase): Promise<number> {
  const clients = await Promise.all(Array.from({ length: PUBLISHERS }, () => pool.connect()));
  let rows = 0;
  const end = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  try {
    await Promise.all(clients.map(async (c, i) => {
      const event = events[i % events.length]!;
      while (performance.now() < end) {
        await c.query('begin');
        await phase(c, event);
        await c.query('commit');
        rows++;
      }
    }));
  } finally {
    for (const c of clients) c.release();
  }
  return rows / ((performance.now() - t0) / 1000);
}

await withStack('bench-live', {}, async ({ db, url }) => {
  const events: string[] = [];
  const start = Date.now() + HOUR;
  for (let i = 0; i < 10; i++) {
    const base = await seed.basicWorkspace(db.pool, `Bench ${i}`, `owner${i}@bench.test`);
    events.push((await call(url, 'PUT', '/api/v1/event', base.hackKey.key, {
      expectedVersion: 0, name: `Bench Hack ${i}`, timezone: 'UTC', startsAt: new Date(start).toISOString(),
      buildEndsAt: new Date(start + 24 * HOUR).toISOString(), voteOpensAt: new Date(start + 25 * HOUR).toISOString(),
      voteClosesAt: new Date(start + 27 * HOUR).toISOString(),
    }, 201)).event.id);
  }
  // The baseline: live_publish as first written (one instance-wide lock), and a table for
  // the change's own write.
  await db.pool.query(`
    create table public.bench_change (id bigint generated always as identity primary key, event_id uuid not null, body jsonb not null);
    create function public.bench_publish_instance_lock(p_event_id uuid, p_kind text, p_roles text[], p_team_id uuid, p_payload jsonb)
      returns bigint language plpgsql volatile set search_path = '' as $f$
    declare
      new_id bigint;
    begin
      perform pg_advisory_xact_lock(hashtext('app_private.live_events'));
      insert into app_private.live_events (workspace_id, event_id, kind, roles, team_id, payload)
        select e.workspace_id, e.id, p_kind, p_roles, p_team_id, p_payload from app.events e where e.id = p_event_id
        returning id into new_id;
      perform pg_notify('podium_live', new_id::text);
      return new_id;
    end;
    $f$;`);
  const roles = ['participant', 'advisor', 'organizer'];
  const change = (c: pg.PoolClient, event: string) => c.query('insert into public.bench_change (event_id, body) values ($1, $2)', [event, PAYLOAD]);
  const perEvent: Phase = async (c, event) => {
    await c.query('select app_private.live_publish($1, $2, $3, null, $4)', [event, 'post.created', roles, PAYLOAD]);
    await change(c, event);
  };
  const instance: Phase = async (c, event) => {
    await c.query('select public.bench_publish_instance_lock($1, $2, $3, null, $4)', [event, 'post.created', roles, PAYLOAD]);
    await change(c, event);
  };
  const unordered: Phase = async (c, event) => {
    await c.query(`insert into public.bench_change (event_id, body) values ($1, $2)`, [event, PAYLOAD]); // the same row, no lock
    await change(c, event);
  };
  const noWrite: Phase = async (c) => {
    await c.query('select $1::jsonb', [PAYLOAD]);
    await c.query('select 1');
  };

  const pool = createPool(db.url, PUBLISHERS);
  const load = () => os.loadavg()[0]!.toFixed(1);
  const results: { name: string; one: number; ten: number; load: string }[] = [];
  try {
    for (const [name, phase] of [
      ['per-event lock (live_publish now)', perEvent],
      ['instance-wide lock (000050, baseline)', instance],
      ['ceiling: same writes, no lock', unordered],
      ['ceiling: load generator, no write', noWrite],
    ] as const) {
      say(`${name}: ${PUBLISHERS} publishers for ${SECONDS} s over 1 event, then over 10...`);
      const one = await run(pool, events.slice(0, 1), phase);
      const ten = await run(pool, events, phase);
      results.push({ name, one, ten, load: load() });
    }
  } finally {
    await pool.end();
  }
  say('');
  say(`bench:live  ${PUBLISHERS} publishing connections, ${SECONDS} s a phase; transaction: begin; publish; the change's write; commit`);
  printMachine();
  say(`  load avg    ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min, at the end)`);
  say('');
  say(`  ${'variant'.padEnd(42)}${'1 event'.padStart(12)}${'10 events'.padStart(12)}${'10 / 1'.padStart(9)}   load (1 min)`);
  for (const r of results) say(`  ${r.name.padEnd(42)}${`${r.one.toFixed(0)}/s`.padStart(12)}${`${r.ten.toFixed(0)}/s`.padStart(12)}${(r.ten / r.one).toFixed(2).padStart(9)}   ${r.load}`);
  const now = results[0]!;
  const base = results[1]!;
  say('');
  say(`  10 events: per-event lock ${(now.ten / base.ten).toFixed(2)}x the instance-wide lock; ${((now.ten / results[2]!.ten) * 100).toFixed(0)}% of the no-lock ceiling`);
  say(`  target      throughput grows with events (10 events > 1 event with the per-event lock): ${now.ten > now.one ? 'PASS' : 'FAIL'}`);
});
