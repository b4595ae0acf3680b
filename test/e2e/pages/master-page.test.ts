// The deck pages in a real browser (playwright-core driving Debian's Chromium): sign in,
// the master page (rename in place, duplicate, share and open the link in a second
// browser context, the view count moving, the zip, delete after `Delete this deck?`),
// the dashboard, what collaborators and guests see, a hostile deck kept off the app
// origin, Chromium-made thumbnails, axe-core checks and screenshots in test-artifacts/.
import test from 'ava';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { publish } from '../../helpers/deck.ts';
import { http } from '../../helpers/http.ts';
import { ARTIFACTS, launchChromium, PASSWORD, person, seriousViolations } from '../../helpers/pages.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { until } from '../../../ops/harness/until.ts';


let s: TestServer;
let browser: Browser;
let ownerKey: string;
let ws: string;

test.before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchChromium();
  s = await startTestServer({ worker: true, env: { CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } });
  const b = await seed.basicWorkspace(s.db.pool);
  ws = b.ws.id;
  ownerKey = b.deckKey.key;
  await seed.password(s.db.pool, b.owner.userId, PASSWORD);
});
test.after.always(async () => {
  await browser?.close();
  await s?.close();
});

async function signedIn(email: string, next = '/decks'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${s.url}${next}`);
  await page.waitForURL(/\/signin\?next=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${s.url}${next}`);
  return page;
}

/** Opens the deck menu (the title) unless it is open already. */
async function openMenu(page: Page): Promise<void> {
  if (!(await page.locator('#deck-menu').evaluate((d) => (d as HTMLDetailsElement).open))) await page.locator('#deck-menu > summary').click();
}

function thumbnailOf(deck: string, version: number) {
  return until(`the thumbnail of ${deck} v${version}`, async () =>
    (await s.db.pool.query('select renderer from app.deck_thumbnails where deck_id = $1 and version = $2', [deck, version])).rows[0]?.renderer as string | undefined, 30_000, 150);
}

test.serial('owner: master page, rename in place, share to a second context, views, zip, duplicate, delete', async (t) => {
  const files = { 'index.html': '<!doctype html><title>d</title><body style="background:#c00"><h1 id="hello">Hello deck</h1></body>', 'downloads/notes.txt': 'notes', 'downloads/data.csv': 'a,b\n1,2\n' };
  const deck = (await publish(s.url, ownerKey, files, { title: 'Board review' })).body.presentation.id as string;
  const page = await signedIn('owner@acme.test', `/decks/${deck}/present`);

  // The deck renders inside the sandboxed frame.
  const frame = page.frameLocator('iframe[sandbox]');
  await frame.locator('#hello').waitFor();
  t.is(await frame.locator('#hello').textContent(), 'Hello deck');
  await page.locator('#view-count').waitFor();
  t.is(await page.locator('#view-count').textContent(), '0 views');
  t.deepEqual(await seriousViolations(page), []);

  // Thumbnails are made by Chromium in the worker and show on hover in Version history.
  t.is(await thumbnailOf(deck, 1), 'chromium');
  await openMenu(page);
  await page.getByText('Version history').click();
  const thumb = page.locator('.versions li').first();
  await thumb.hover();
  await page.waitForFunction(() => (document.querySelector('.versions img') as HTMLImageElement | null)?.naturalWidth === 320);
  await page.screenshot({ path: path.join(ARTIFACTS, 'master-page-menu.png') });
  await page.keyboard.press('Escape');

  // Rename in place (keyboard: Enter saves).
  await openMenu(page);
  await page.getByRole('button', { name: 'Rename' }).click();
  await page.locator('#rename-input').fill('Board review <final>');
  await page.locator('#rename-input').press('Enter');
  await page.locator('#rename-form').waitFor({ state: 'hidden' });
  t.is(await page.locator('#deck-title').textContent(), 'Board review <final>');
  t.is(await page.locator('h1#deck-heading').textContent(), 'Board review <final>', 'the page heading follows the rename');
  t.is((await http(s.url, 'GET', `/api/v1/presentations/${deck}`, { key: ownerKey })).body.title, 'Board review <final>');

  // Share: mint a link, see the URL and embed snippets once, open it in another context.
  await openMenu(page);
  await page.getByRole('button', { name: 'Share…' }).click();
  await page.getByLabel('Link name').fill('For the board');
  await page.getByRole('button', { name: 'Create link' }).click();
  await page.locator('#share-result').waitFor();
  const url = await page.locator('#share-url').inputValue();
  t.regex(url, /\/v\/[A-Za-z0-9_-]+\/$/);
  t.regex(await page.locator('#share-script').inputValue(), /embed\.js/);
  t.regex(await page.locator('#share-iframe').inputValue(), /<iframe/);
  await page.screenshot({ path: path.join(ARTIFACTS, 'master-page-share.png') });
  await page.getByRole('button', { name: 'Done' }).click();
  const visitor = await browser.newContext();
  const vp = await visitor.newPage();
  await vp.goto(url);
  await vp.frameLocator('iframe').locator('#hello').waitFor();
  await visitor.close();
  await page.reload();
  t.is(await page.locator('#view-count').textContent(), '1 view');

  // Download files: All files (zip) first, then each file.
  await page.getByText('Download files (2)').click();
  const names = await page.locator('.right .panel a').allTextContents();
  t.deepEqual(names, ['All files (zip)', 'data.csv', 'notes.txt']);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByText('All files (zip)').click()]);
  const zip = readFileSync((await download.path())!);
  t.is(zip.subarray(0, 2).toString(), 'PK');
  t.true(zip.includes(Buffer.from('notes.txt')));
  await page.keyboard.press('Escape');
  await page.screenshot({ path: path.join(ARTIFACTS, 'master-page.png'), fullPage: true });

  // Duplicate: a new deck at version 1, opened on its own master page.
  await openMenu(page);
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await page.waitForURL((u) => u.pathname.endsWith('/present') && !u.pathname.includes(deck));
  t.is(await page.locator('#deck-title').textContent(), 'Board review <final> (copy)');

  // Delete asks first; Cancel keeps the deck, Delete removes it and goes to All decks.
  const copyUrl = page.url();
  await openMenu(page);
  await page.getByRole('button', { name: 'Delete' }).click();
  t.true(await page.getByRole('heading', { name: 'Delete this deck?' }).isVisible());
  await page.getByRole('button', { name: 'Cancel' }).click();
  t.is(page.url(), copyUrl);
  await openMenu(page);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.locator('[data-confirm-delete]').click();
  await page.waitForURL(`${s.url}/decks`);
  const copyId = new URL(copyUrl).pathname.split('/')[2];
  t.is((await http(s.url, 'GET', `/api/v1/presentations/${copyId}`, { key: ownerKey })).status, 404);

  // The dashboard lists the source deck; its page has every panel.
  t.deepEqual(await seriousViolations(page), []);
  await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard.png'), fullPage: true });
  await page.goto(`${s.url}/decks/${deck}`);
  t.true(await page.getByRole('cell', { name: 'For the board' }).isVisible());
  t.deepEqual(await seriousViolations(page), []);
  await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-deck.png'), fullPage: true });
  // A phone width keeps the bar usable.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${s.url}/decks/${deck}/present`);
  t.true(await page.locator('#deck-menu > summary').isVisible());
  await page.screenshot({ path: path.join(ARTIFACTS, 'master-page-phone.png') });
  await page.context().close();
});

test.serial('collaborators get the read-only bar and the dashboard pointer; guests cannot duplicate', async (t) => {
  const deck = (await publish(s.url, ownerKey, { 'index.html': '<h1>shared</h1>' }, { title: 'Shared deck' })).body.presentation.id as string;
  const other = await seed.workspace(s.db.pool, 'Elsewhere');
  await person(s.db.pool, other.id, 'cora@else.test', 'member');
  const guestWs = await seed.workspace(s.db.pool, 'Guests');
  await person(s.db.pool, guestWs.id, 'gus@guest.test', 'guest');
  for (const email of ['cora@else.test', 'gus@guest.test']) {
    await http(s.url, 'POST', `/api/v1/presentations/${deck}/collaborators`, { key: ownerKey, body: { email } });
  }
  const cora = await signedIn('cora@else.test', `/decks/${deck}/present`);
  t.is(await cora.locator('iframe').count(), 0);
  t.true(await cora.getByRole('link', { name: 'dashboard', exact: true }).isVisible());
  await openMenu(cora);
  t.true(await cora.getByRole('button', { name: 'Duplicate' }).isEnabled());
  t.is(await cora.getByRole('button', { name: 'Rename' }).count(), 0);
  t.is(await cora.getByRole('button', { name: 'Delete' }).count(), 0);
  t.is(await cora.getByRole('button', { name: 'Share…' }).count(), 0);
  t.true(await cora.getByText('Version history').isVisible());
  t.deepEqual(await seriousViolations(cora), []);
  await cora.context().close();

  const gus = await signedIn('gus@guest.test', `/decks/${deck}/present`);
  await openMenu(gus);
  t.true(await gus.getByRole('button', { name: 'Duplicate' }).isDisabled());
  await gus.context().close();
});

test.serial('a deck trying parent.document, cookies, localStorage, fetch and top navigation cannot reach the app origin', async (t) => {
  const hostile = `<!doctype html><body><pre id="out"></pre><script>
var out = {};
function probe(name, fn) { try { out[name] = String(fn()); } catch (e) { out[name] = 'blocked:' + e.name; } }
probe('parent', function () { return parent.document.cookie + '|' + parent.document.body.innerHTML.length; });
probe('top', function () { return top.document.title; });
probe('cookie', function () { return document.cookie; });
probe('localStorage', function () { localStorage.setItem('x', '1'); return localStorage.getItem('x'); });
probe('origin', function () { return self.origin; });
probe('navigate', function () { top.location.href = 'about:blank#hijacked'; return 'tried'; });
fetch('/api/v1/me', { credentials: 'include' }).then(function (r) { out.fetch = String(r.status); }, function (e) { out.fetch = 'blocked:' + e.name; })
  .then(function () { document.getElementById('out').textContent = JSON.stringify(out); });
</script></body>`;
  const deck = (await publish(s.url, ownerKey, { 'index.html': hostile }, { title: 'Hostile' })).body.presentation.id as string;
  const page = await signedIn('owner@acme.test', `/decks/${deck}/present`);
  const out = page.frameLocator('iframe[sandbox]').locator('#out');
  await out.filter({ hasText: 'fetch' }).waitFor();
  const r = JSON.parse((await out.textContent())!);
  t.regex(r.parent, /^blocked:/);
  t.regex(r.top, /^blocked:/);
  t.is(r.cookie, 'blocked:SecurityError', 'a sandboxed document without allow-same-origin may not read cookies');
  t.false(String(r.cookie).includes('podium_session'));
  t.regex(r.localStorage, /^blocked:/);
  t.is(r.origin, 'null', 'an opaque origin, not the app');
  t.not(r.fetch, '200', 'the app API never sees the session from a deck');
  await page.waitForTimeout(300);
  t.is(new URL(page.url()).pathname, `/decks/${deck}/present`, 'top navigation was refused');
  // The app page itself still has its session: the deck just could not touch it.
  t.is((await page.evaluate(() => fetch('/api/v1/me').then((x) => x.status))), 200);
  await page.context().close();
});
