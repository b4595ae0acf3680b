// `npm run bench:pages`: (a) the master page over loopback: median time to first byte
// (Node HTTP client, signed-in cookie) and median time to the load event in headless
// Chromium (navigation timing; the load includes the framed deck); (b) thumbnail job
// throughput with one worker: decks are pushed to an api-only server (jobs queue up),
// then one in-process worker (default concurrency) drains them; thumbnails per minute,
// once with Chromium and once with sharp title cards only.
// (c) the event pages of a participant in an event of 300 teams and 5,000 posts (4,000 in the
// feed, 1,000 in their team chat, 5 pinned): /event and /event/team, server time (a full
// GET over loopback, sequential) p50 and p99, and the bytes sent.
// Environment: DATABASE_URL (else embedded PostgreSQL), CHROMIUM_PATH (default
// /usr/bin/chromium), BENCH_SAMPLES (default 50; (c) takes at least 200), BENCH_THUMBNAILS
// (default 30), BENCH_ONLY=event runs (c) alone.
import http from 'node:http';
import path from 'node:path';
import { loadConfig } from '../core/config.ts';
import { createLogger } from '../core/log.ts';
import { startWorker } from '../workers/index.ts';
import { publish } from '../test/helpers/deck.ts';
import { pageSignIn, PASSWORD, CHROMIUM_ARGS } from '../test/helpers/pages.ts';
import * as seed from '../ops/harness/seed.ts';
import { createEvent } from '../test/helpers/event.ts';
import { http as call } from '../test/helpers/http.ts';
import { AUTH_SECRET, median, printMachine, say, withStack } from './lib.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES || 50);
const THUMBNAILS = Number(process.env.BENCH_THUMBNAILS || 30);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const DECK = {
  'index.html': '<!doctype html><html><head><link rel="stylesheet" href="style.css"></head><body><h1>Quarterly review</h1><p>Numbers and plans.</p><img src="chart.svg" alt=""></body></html>',
  'style.css': 'body{font:20px system-ui;background:#f4f1ea;margin:3rem}h1{color:#2b3a67}',
  'chart.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="120" height="180" y="20" fill="#2b3a67"/><rect x="140" width="120" height="120" y="80" fill="#c0392b"/></svg>',
  'downloads/figures.csv': 'q,revenue\n1,10\n2,12\n',
};

/** Milliseconds to the whole answer and its size, for one GET. */
function fullGet(url: string, cookie: string): Promise<{ ms: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { headers: { cookie } }, (res) => {
      let bytes = 0;
      res.on('data', (b: Buffer) => (bytes += b.length));
      res.on('end', () => (res.statusCode === 200 ? resolve({ ms: performance.now() - t0, bytes }) : reject(new Error(`${url}: status ${res.statusCode}`))));
    });
    req.on('error', reject);
  });
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)]!;

/** (c) An event of 300 teams and 5,000 posts; a participant's /event and /event/team. */
async function eventPages(db: { pool: import('pg').Pool }, url: string): Promise<void> {
  const ws = await seed.workspace(db.pool, 'Event bench');
  await seed.member(db.pool, ws.id, 'owner@event.test', 'owner', 'Olive Owner');
  const ownerKey = (await seed.key(db.pool, 'owner@event.test', 'hackathon')).key;
  const me = await seed.member(db.pool, ws.id, 'me@event.test', 'member', 'Mia Participant');
  await seed.password(db.pool, me.userId, PASSWORD);
  await createEvent(url, ownerKey, Date.now() + 3000);
  const participants = [{ email: 'me@event.test', name: 'Mia Participant', team: 'Team 001' }];
  for (let i = 1; i <= 300; i++) participants.push({ email: `p${i}@event.test`, name: `Person ${i}`, team: `Team ${String(i).padStart(3, '0')}` });
  const imported = await call(url, 'PUT', '/api/v1/event/roster', { key: ownerKey, body: { participants, invite: false } });
  if (imported.status !== 200) throw new Error(`roster: ${imported.status} ${imported.text}`);
  await new Promise((r) => setTimeout(r, 3500)); // the event starts: building
  await call(url, 'PUT', '/api/v1/event/agenda', { key: ownerKey, body: { items: Array.from({ length: 12 }, (_, i) => ({ title: `Item ${i + 1}`, kind: 'talk', startsAt: new Date(Date.now() + i * 3600_000).toISOString() })) } });
  const owner = (await db.pool.query(`select id from app.users where email = 'owner@event.test'`)).rows[0].id;
  const feed = (await call(url, 'GET', '/api/v1/event/feed', { key: ownerKey })).body.channel.id;
  const team = (await call(url, 'GET', '/api/v1/event/chats', { key: ownerKey })).body.items.find((c: any) => c.kind === 'team' && c.name === 'Team 001').id;
  // Bench data straight into the table (the posting rate would take hours through the API).
  await db.pool.query(
    `insert into app.chat_posts (channel_id, author_id, author_role, body, created_at, pinned_at, pinned_by)
     select case when g <= 4000 then $1::uuid else $2::uuid end, $3, 'organizer', 'Post ' || g || ': ' || repeat('words and more words ', 5),
            now() - (5000 - g) * interval '1 second', case when g in (100, 900, 1700, 2500, 3300) then now() end, case when g in (100, 900, 1700, 2500, 3300) then $3::uuid end
       from generate_series(1, 5000) g`,
    [feed, team, owner],
  );
  const cookie = await pageSignIn(url, 'me@event.test');
  const n = Math.max(SAMPLES, 200);
  say(`(c) event pages of a participant: 300 teams, 5,000 posts (4,000 feed, 1,000 team chat, 5 pinned), ${n} sequential GETs each after 20 warm-up`);
  // /api/v1/event/status (one SQL call, JSON) is the floor the machine's load sets for any event request.
  for (const p of ['/api/v1/event/status', '/event', '/event/team']) {
    for (let i = 0; i < 20; i++) await fullGet(url + p, cookie);
    const runs: { ms: number; bytes: number }[] = [];
    for (let i = 0; i < n; i++) runs.push(await fullGet(url + p, cookie));
    const ms = runs.map((r) => r.ms);
    say(`  ${p.padEnd(21)} p50 ${quantile(ms, 0.5).toFixed(2)} ms  p99 ${quantile(ms, 0.99).toFixed(2)} ms  ${(runs[0]!.bytes / 1024).toFixed(1)} KiB`);
  }
}

/** Milliseconds to the first byte of the answer (headers), for one GET. */
function ttfb(url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { headers: { cookie } }, (res) => {
      res.once('data', () => {
        const ms = performance.now() - t0;
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve(ms) : reject(new Error(`status ${res.statusCode}`))));
      });
    });
    req.on('error', reject);
  });
}

async function waitThumbnails(pool: import('pg').Pool, decks: string[], timeoutMs = 15 * 60_000): Promise<{ renderer: string; n: number }[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query('select renderer, count(*)::int as n from app.deck_thumbnails where deck_id = any($1) group by renderer', [decks]);
    if (rows.reduce((a, r) => a + r.n, 0) >= decks.length) return rows;
    if (Date.now() > until) throw new Error('thumbnails did not finish in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

await withStack('bench-pages', { SERVICE_ROLE: 'api', STORAGE_DRIVER: 'local' }, async ({ tmp, db, url }) => {
  const base = await seed.basicWorkspace(db.pool, 'Bench', 'owner@bench.test');
  await seed.password(db.pool, base.owner.userId, PASSWORD);
  const deck = (await publish(url, base.deckKey.key, DECK, { title: 'Bench deck' })).body.presentation.id as string;
  const cookie = await pageSignIn(url, 'owner@bench.test');
  const pageUrl = `${url}/decks/${deck}/present`;

  say('bench:pages');
  printMachine();
  await eventPages(db, url);
  if (process.env.BENCH_ONLY === 'event') return;
  // (a) Time to first byte, sequential over loopback, after a short warm-up.
  for (let i = 0; i < 10; i++) await ttfb(pageUrl, cookie);
  const firstBytes: number[] = [];
  for (let i = 0; i < SAMPLES; i++) firstBytes.push(await ttfb(pageUrl, cookie));
  say(`(a) master page, ${SAMPLES} sequential loads`);
  say(`  time to first byte   median ${median(firstBytes).toFixed(2)} ms`);

  const { chromium } = await import('playwright-core');
  let browser: import('playwright-core').Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  } catch (err) {
    say(`  time to load         not measured: no Chromium at ${CHROMIUM} (${(err as Error).message.split('\n')[0]})`);
  }
  if (browser) {
    const context = await browser.newContext();
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url }]);
    const page = await context.newPage();
    const loads: number[] = [];
    const starts: number[] = [];
    const n = Math.min(SAMPLES, 30);
    for (let i = 0; i < n + 3; i++) {
      await page.goto(pageUrl, { waitUntil: 'load' });
      const t = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return { responseStart: nav.responseStart, loadEventEnd: nav.loadEventEnd };
      });
      if (i >= 3) {
        starts.push(t.responseStart);
        loads.push(t.loadEventEnd);
      }
    }
    say(`  in Chromium (${n} loads, deck frame included): first byte median ${median(starts).toFixed(1)} ms, load event median ${median(loads).toFixed(1)} ms`);
    await browser.close();
  }

  // (b) Thumbnail throughput with one worker.
  const config = loadConfig({ DATABASE_URL: db.url, AUTH_SECRET, DATA_DIR: path.join(tmp, 'data'), STORAGE_DRIVER: 'local', LOG_LEVEL: 'warn', CHROMIUM_PATH: 'off' });
  for (const mode of ['chromium', 'title-card'] as const) {
    config.chromiumPath = mode === 'chromium' ? CHROMIUM : null;
    const decks: string[] = [];
    for (let i = 0; i < THUMBNAILS; i++) {
      decks.push((await publish(url, base.deckKey.key, { ...DECK, 'index.html': DECK['index.html'].replace('Quarterly', `Deck ${i}`) }, { title: `Thumb ${mode} ${i}` })).body.presentation.id);
    }
    const t0 = performance.now();
    const worker = await startWorker({ config, pool: db.pool, log: createLogger('warn'), mail: null }, { pollInterval: 50 });
    const made = await waitThumbnails(db.pool, decks);
    const seconds = (performance.now() - t0) / 1000;
    await worker.stop();
    say(`(b) ${THUMBNAILS} thumbnails, one worker, ${mode === 'chromium' ? `Chromium (${CHROMIUM})` : 'sharp title cards only'}: ${seconds.toFixed(1)} s, ${((THUMBNAILS / seconds) * 60).toFixed(0)} per minute (${made.map((r) => `${r.n} ${r.renderer}`).join(', ')})`);
  }
});
