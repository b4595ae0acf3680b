// Every screen of a generated deck fits a 16:9 frame, measured in Chromium
// at 1280x720 and 1920x1080: nothing of a screen is hidden or needs scrolling, its type stays
// above a floor, citations sit in the footnote strip. The decks are built directly (this tests
// render.ts, not the generator): long README claims, many commits on the chart, wide code
// lines, long headings, pictures of every shape, and a screen split in two when the template
// has room for another. Every file is served with the deck service's sandbox policy, as the
// share link serves it: the pictures still load. Screenshots go to test-artifacts/decks-fit/
// (looked at, never compared).
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';
import type { Browser } from 'playwright-core';
import { DECK_SANDBOX } from '../../api/routes/deck/serve.ts';
import sharp from 'sharp';
import { Evidence } from '../../core/decks/evidence.ts';
import { buildDeck } from '../../core/decks/generate.ts';
import { sniff, type Picture } from '../../core/decks/pictures.ts';
import { renderDeckHtml, type RenderInput } from '../../core/decks/render.ts';
import type { Claim, DeckTemplate, Screen } from '../../core/decks/types.ts';
import { tarball } from '../helpers/deck-truth.ts';
import { ARTIFACTS, launchChromium } from '../helpers/pages.ts';
import { createHash } from 'node:crypto';

const ORIGIN = 'http://deck.invalid';
const SHOTS = path.join(ARTIFACTS, 'decks-fit');
const VIEWS = [{ width: 1280, height: 720 }, { width: 1920, height: 1080 }];
/** The smallest claim type a juror is shown at 1280x720 (px). */
const FLOOR_PX = 12;

const WORDS = 'the service keeps every shared list in sync across devices and tells each member what changed since they last looked while the organiser sees who is behind'.split(' ');
/** A README-like sentence of exactly n characters (real words, no long unbreakable runs). */
function prose(n: number, seed: number): string {
  let s = '';
  for (let i = seed; s.length < n; i++) s += (s ? ' ' : '') + WORDS[i % WORDS.length];
  return s.slice(0, n - 1).trimEnd() + '.';
}
const sha = (i: number) => createHash('sha1').update(String(i)).digest('hex');
const cite = (i: number): Claim['cite'] => (i % 3 === 0 ? { commit: sha(i) } : { path: `docs/a-rather-long/path/to/the/README-section-${i}.md`, start: i * 10 + 1, end: i * 10 + 14 });
const claims = (n: number, chars: number, seed: number): Claim[] => Array.from({ length: n }, (_, i) => (i === n - 1 && seed % 2 ? { text: prose(chars, seed + i), unverified: true } : { text: prose(chars, seed + i), cite: cite(seed + i) }));
const WIDE = Array.from({ length: 6 }, (_, i) => `  const result${i} = await someVeryLongFunctionName(request.body.items.map((item) => ({ ...item, owner: request.user.id, createdAt: new Date().toISOString() })), { retries: 3, timeoutMs: 5000 });`).join('\n');

const HEADINGS = ['Problem', 'What it does', 'How it works', 'What was built in the event', 'Evidence it runs', 'What is tested', 'What is next', 'The evidence'];

/** Eight full screens (the template's most): six claims of 240 characters each, a chart over
 *  many commits, a code screen of wide lines: nothing may be split, so type shrinks. */
function crowded(): Screen[] {
  return HEADINGS.map((heading, i): Screen => {
    const s: Screen = { heading, claims: claims(6, 240, i * 7) };
    if (heading === 'How it works') s.claims[5] = { text: 'src/server.js handles the list routes', cite: { path: 'src/server.js', start: 10, end: 15 }, quote: WIDE };
    if (heading === 'What was built in the event') {
      const commits = Array.from({ length: 400 }, (_, k) => sha(1000 + k));
      s.chart = { from: '2030-05-01T09:00:00.000Z', to: '2030-05-02T09:15:00.000Z', counts: Array.from({ length: 48 }, (_, k) => (k * 37) % 19), commits };
    }
    return s;
  });
}

async function png(width: number, height: number, hue: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: hue, g: 120, b: 255 - hue } } }).png().toBuffer();
}
async function picture(p: string, width: number, height: number, hue: number, embed: Picture['embed'] = null): Promise<Picture> {
  const data = await png(width, height, hue);
  const s = sniff(data)!;
  const sha256 = createHash('sha256').update(data).digest('hex');
  return { path: p, embed, alt: embed ? 'The shared list on a phone' : '', ...s, data, sha256, file: `pictures/${sha256.slice(0, 32)}.png` };
}

const base = (screens: Screen[], extra: Partial<RenderInput> = {}): RenderInput => ({
  team: 'Rockets', kind: 'jury', eventName: 'Spring Hack 2030', sha: sha(1), archiveName: `submission-${sha(1).slice(0, 12)}.tar.gz`, generator: 'builtin/1', screens, ...extra,
});

interface Measure {
  screen: string;
  hidden: number; // px of the screen's content outside the frame (or needing a scroll)
  sideways: number;
  claimPx: number | null;
  /** Pictures on the screen that did not load. */
  broken: string[];
}

let browser: Browser;
test.before(async () => {
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});
test.after.always(async () => browser?.close());

/** Each screen of the deck, shown in turn by the deck's own keyboard handling, measured. */
async function measure(name: string, d: RenderInput | { html: string; files: { path: string; data: Buffer }[] }, view: { width: number; height: number }): Promise<Measure[]> {
  const html = 'html' in d ? d.html : renderDeckHtml(d);
  const files = new Map('html' in d ? d.files.map((f) => [f.path, f.data]) : (d.pictures ?? []).map((p) => [p.file, p.data]));
  const context = await browser.newContext({ viewport: view });
  try {
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.origin !== ORIGIN) return route.abort();
      const sandbox = { 'content-security-policy': DECK_SANDBOX };
      if (url.pathname === '/index.html') return route.fulfill({ status: 200, body: html, headers: { 'content-type': 'text/html; charset=utf-8', ...sandbox } });
      const data = files.get(url.pathname.slice(1));
      return data ? route.fulfill({ status: 200, body: data, headers: { 'content-type': 'image/png', ...sandbox } }) : route.abort();
    });
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/index.html`, { waitUntil: 'load' });
    const n = await page.locator('section.screen').count();
    const out: Measure[] = [];
    for (let i = 0; i < n; i++) {
      await page.waitForFunction((k) => document.querySelector('section.screen.on')?.id === `s${k}`, i + 1);
      await page.waitForFunction(() => [...document.querySelectorAll('section.screen.on img')].every((img) => (img as HTMLImageElement).complete));
      out.push(await page.evaluate(() => {
        const e = document.querySelector('section.screen.on') as HTMLElement;
        const main = document.querySelector('main')!;
        const frame = e.getBoundingClientRect();
        const bottom = Math.min(frame.bottom, main.getBoundingClientRect().bottom);
        let hidden = Math.max(0, e.scrollHeight - e.clientHeight, main.scrollHeight - main.clientHeight);
        let sideways = Math.max(0, e.scrollWidth - e.clientWidth);
        for (const x of e.querySelectorAll('*')) {
          const r = x.getBoundingClientRect();
          if (r.width === 0 && r.height === 0) continue;
          hidden = Math.max(hidden, frame.top - r.top, r.bottom - bottom);
          sideways = Math.max(sideways, frame.left - r.left, r.right - frame.right);
        }
        const li = e.querySelector('.body li');
        const broken = [...e.querySelectorAll('img')].filter((img) => img.naturalWidth === 0).map((img) => img.getAttribute('src')!);
        return { screen: e.getAttribute('aria-label')!, hidden: Math.round(hidden), sideways: Math.round(sideways), claimPx: li ? parseFloat(getComputedStyle(li).fontSize) : null, broken };
      }));
      await page.screenshot({ path: path.join(SHOTS, `${name}-${view.width}x${view.height}-${i + 1}.png`) });
      await page.keyboard.press('ArrowRight');
    }
    return out;
  } finally {
    await context.close();
  }
}

function assertFits(t: import('ava').ExecutionContext, ms: Measure[], view: { width: number; height: number }) {
  for (const m of ms) {
    t.true(m.hidden <= 1, `${view.width}x${view.height} "${m.screen}": ${m.hidden}px of it are outside the frame`);
    t.true(m.sideways <= 1, `${view.width}x${view.height} "${m.screen}": ${m.sideways}px of it stick out sideways`);
    t.deepEqual(m.broken, [], `${view.width}x${view.height} "${m.screen}": every picture loads under the deck's sandbox`);
    if (m.claimPx !== null) t.true(m.claimPx >= FLOOR_PX * (view.height / 720), `${view.width}x${view.height} "${m.screen}": claims set at ${m.claimPx}px, under the floor`);
  }
}

for (const view of VIEWS) {
  test.serial(`${view.width}x${view.height}: eight crowded screens (long README claims, a chart of 400 commits, wide code) each fit, type shrunk within the floor`, async (t) => {
    const d = base(crowded(), { maxScreens: 8, identity: { name: 'Rocket Lists', nameCite: { path: 'README.md', start: 1, end: 1 }, description: prose(200, 3), descriptionCite: { path: 'README.md', start: 3, end: 5 } } });
    const ms = await measure('crowded', d, view);
    t.is(ms.length, 9, 'nothing split: the template has no room for another screen');
    assertFits(t, ms, view);
  });

  test.serial(`${view.width}x${view.height}: with room in the template a crowded screen is split in two, and both halves fit`, async (t) => {
    const screens = crowded().slice(0, 6);
    const d = base(screens, { maxScreens: 8 });
    const html = renderDeckHtml(d);
    t.regex(html, /<h2 class="h">Problem \(1\/2\)<\/h2>/);
    t.regex(html, /<h2 class="h">Problem \(2\/2\)<\/h2>/);
    t.is((html.match(/<section class="screen[ "]/g) ?? []).length, 1 + 8, 'two screens split, the template\'s eight reached');
    assertFits(t, await measure('split', d, view), view);
  });

  test.serial(`${view.width}x${view.height}: pictures (wide, tall, small) on the title and their own screen fit, each captioned with its path`, async (t) => {
    const pictures = [
      await picture('docs/screenshot.png', 1600, 900, 40, { path: 'README.md', line: 7 }),
      await picture('screenshots/tall-phone.png', 400, 1400, 90),
      await picture('assets/wide-banner.png', 2400, 300, 160),
      await picture('docs/img/diagram.png', 900, 900, 220),
    ];
    const d = base(crowded().slice(0, 6), { maxScreens: 6, pictures, identity: { name: 'A project name that is long enough to wrap on the title screen of a deck', nameCite: { path: 'README.md', start: 1, end: 1 }, description: prose(200, 5), descriptionCite: { path: 'README.md', start: 3, end: 3 } } });
    const html = renderDeckHtml(d);
    t.regex(html, /<figure class="pic hero"><img src="pictures\/[0-9a-f]{32}\.png" alt="The shared list on a phone" width="1600" height="900"><figcaption><cite>docs\/screenshot\.png \(embedded at README\.md:7\)<\/cite>/);
    t.regex(html, /aria-label="4 of 8: In pictures"/, 'the other pictures follow "What it does"');
    for (const p of ['screenshots/tall-phone.png', 'assets/wide-banner.png', 'docs/img/diagram.png']) t.true(html.includes(`<cite>${p}</cite>`), p);
    const ms = await measure('pictures', d, view);
    assertFits(t, ms, view);
  });
}

test.serial('a short screen keeps large type; the title and its citations sit in the footnote strip', async (t) => {
  const d = base([{ heading: 'Problem', claims: [{ text: 'Shared lists for families', cite: { path: 'README.md', start: 3, end: 3 } }] }], {
    identity: { name: 'Rocket Lists', nameCite: { path: 'README.md', start: 1, end: 1 }, description: 'Shared lists for families.', descriptionCite: { path: 'README.md', start: 3, end: 3 } },
  });
  const html = renderDeckHtml(d);
  t.regex(html, /<h1>Rocket Lists<sup>1<\/sup><\/h1><p class="tag">Shared lists for families\.<sup>2<\/sup><\/p>/);
  t.regex(html, /<ol class="notes" aria-label="Citations"><li><b>1<\/b><cite>README\.md:1<\/cite><\/li><li><b>2<\/b><cite>README\.md:3<\/cite><\/li><\/ol><\/section>/);
  t.regex(html, /<section class="screen few" id="s2" aria-label="2 of 2: Problem" data-k="1.3" style="--k:1.3">/);
  const [, problem] = await measure('short', d, VIEWS[0]!);
  t.true(problem!.claimPx! >= 26, `a lone claim is large (${problem!.claimPx}px)`);
});

const JURY: DeckTemplate = {
  kind: 'jury', name: 'jury', description: 'Five-minute live presentation for the jury', schemaVersion: 1, screens: { min: 6, max: 8 }, maxClaimChars: 240, maxClaimsPerScreen: 6,
  headings: HEADINGS.map((heading, i) => ({ heading, required: i < 6 })),
};

test.serial('a real project (pino, whose README opens with its banner): the title names it with its line and picture, the other picture has its screen, every screen fits', async (t) => {
  const dir = path.resolve('test/fixtures/decks/pino');
  const entries = readdirSync(dir).filter((f) => f !== 'FIXTURE.txt').map((f) => ({ path: f, data: readFileSync(path.join(dir, f)) }));
  const { gz, sha256 } = tarball(entries, sha(7));
  const evidence = await Evidence.open(gz, sha256);
  const built = await buildDeck({
    template: JURY, team: 'Loggers', eventName: 'Spring Hack 2030', sha: sha(7), archiveName: `submission-${sha(7).slice(0, 12)}.tar.gz`, archiveSha256: sha256,
    repository: 'acme/pino', window: { startsAt: '2030-05-01T09:00:00.000Z', freezeAt: '2030-05-02T09:15:00.000Z' }, evidence, commits: null,
  }, null);
  t.regex(built.html, /<h1>pino<sup>1<\/sup><\/h1><p class="tag">Very low overhead JavaScript logger\.<sup>2<\/sup><\/p>/);
  t.regex(built.html, /<cite>README\.md:3<\/cite>.*<cite>README\.md:8<\/cite>/s);
  t.regex(built.html, /<figure class="pic hero"><img src="pictures\/[0-9a-f]{32}\.png" alt="banner" width="3694" height="925"><figcaption><cite>pino-banner\.png \(embedded at README\.md:1\)<\/cite>/);
  t.true(built.html.includes('<cite>pretty-demo.png (embedded at README.md:'), 'the README\'s second picture, on its own screen');
  t.deepEqual(built.files.map((f) => f.data.length), [42012, 14524]);
  for (const view of VIEWS) assertFits(t, await measure('pino', built, view), view);
});

test.serial('a compose app (web, worker, redis, postgres): "How it works" with its architecture diagram and every other screen fit', async (t) => {
  const { fixtureEntries, inputOf } = await import('../helpers/deck-fixtures.ts');
  const built = await buildDeck(inputOf(fixtureEntries('compose-app'), JURY), null);
  t.true(built.html.includes('<figure class="chart diagram">'));
  for (const view of VIEWS) {
    const ms = await measure('compose-app', built, view);
    t.true(ms.some((m) => /How it works/.test(m.screen)), 'the screen is there');
    assertFits(t, ms, view);
  }
});
