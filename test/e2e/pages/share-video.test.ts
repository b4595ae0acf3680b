// A deck's video through a share link, played by Chromium: the browser's media
// loader asks for byte ranges, the server answers 206 with Content-Range, and the video
// reaches HAVE_CURRENT_DATA once played. The clip is a real WebM (test/fixtures/media/).
import test from 'ava';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { publish } from '../../helpers/deck.ts';
import { http } from '../../helpers/http.ts';
import { launchChromium } from '../../helpers/pages.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

const CLIP = readFileSync(new URL('../../fixtures/media/clip.webm', import.meta.url));

let s: TestServer;
let browser: Browser;
test.before(async () => {
  browser = await launchChromium();
  s = await startTestServer();
});
test.after.always(async () => {
  await browser?.close();
  await s?.close();
});

test('a deck video plays in Chromium through the share link, fetched by byte ranges (206)', async (t) => {
  const key = (await seed.basicWorkspace(s.db.pool)).deckKey.key;
  const html = '<!doctype html><title>Clip</title><video id="v" src="media/clip.webm" muted playsinline preload="auto"></video>';
  const p = await publish(s.url, key, { 'index.html': html, 'media/clip.webm': CLIP }, { title: 'Video deck' });
  const l = await http(s.url, 'POST', `/api/v1/presentations/${p.body.presentation.id}/share-links`, { key, body: {} });
  const page = await browser.newPage();
  const media: { range: string | undefined; status: number; contentRange: string | null }[] = [];
  page.on('response', async (r) => {
    if (!r.url().endsWith('clip.webm')) return;
    media.push({ range: (await r.request().allHeaders()).range, status: r.status(), contentRange: await r.headerValue('content-range') });
  });
  await page.goto(`${l.body.url}index.html`);
  await page.evaluate(() => (document.getElementById('v') as HTMLVideoElement).play());
  await page.waitForFunction(() => (document.getElementById('v') as HTMLVideoElement).readyState >= 2);
  t.true(media.length >= 1, 'the browser fetched the clip');
  const ranged = media.filter((m) => m.range !== undefined);
  t.true(ranged.length >= 1, `the media loader asked for a range: ${JSON.stringify(media)}`);
  for (const m of ranged) {
    t.is(m.status, 206, JSON.stringify(m));
    t.regex(m.contentRange ?? '', new RegExp(`^bytes \\d+-\\d+/${CLIP.length}$`));
  }
  const error = await page.evaluate(() => (document.getElementById('v') as HTMLVideoElement).error?.message ?? null);
  t.is(error, null);
  await page.close();
});
