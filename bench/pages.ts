// `npm run bench:pages`: (a) the master page over loopback: median time to first byte
// (Node HTTP client, signed-in cookie) and median time to the load event in headless
// Chromium (navigation timing; the load includes the framed deck); (b) thumbnail job
// throughput with one worker: decks are pushed to an api-only server (jobs queue up),
// then one in-process worker (default concurrency) drains them; thumbnails per minute,
// once with Chromium and once with sharp title cards only.
// Environment: DATABASE_URL (else embedded PostgreSQL), CHROMIUM_PATH (default
// /usr/bin/chromium), BENCH_SAMPLES (default 50), BENCH_THUMBNAILS (default 30).
import http from 'node:http';
import path from 'node:path';
import { loadConfig } from '../core/config.ts';
import { createLogger } from '../core/log.ts';
import { startWorker } from '../workers/index.ts';
import { publish } from '../test/helpers/deck.ts';
import { pageSignIn, PASSWORD, CHROMIUM_ARGS } from '../test/helpers/pages.ts';
import * as seed from '../test/helpers/seed.ts';
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
