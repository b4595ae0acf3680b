// axe-core on every page type the other browser tests do not open, in a real
// Chromium, failing on any moderate, serious or critical finding: the first-run page, sign-in
// (password and emailed code), an invitation's page, the operator's mail outbox, the deck dashboard and deck page (share-link table with its
// action column), the master page (one <h1>), the key and invitation pages (action columns),
// a problem page, and the share viewer (with its bar, embedded, behind a password, dead).
// The main pages carry a meta description; the share viewer has one <main> and one <h1>.
import test from 'ava';
import type { Browser, Page } from 'playwright-core';
import { sha256 } from '../../../core/crypto.ts';
import { publish } from '../../helpers/deck.ts';
import { http } from '../../helpers/http.ts';
import { launchChromium, PASSWORD, seriousViolations } from '../../helpers/pages.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let browser: Browser;
let deck: string;
let open: string, locked: string;
const INVITE_SECRET = 'axe-pages-invitation-secret-0123456789';

test.before(async () => {
  browser = await launchChromium();
  s = await startTestServer();
  const b = await seed.basicWorkspace(s.db.pool);
  await seed.password(s.db.pool, b.owner.userId, PASSWORD);
  const key = b.deckKey.key;
  deck = (await publish(s.url, key, { 'index.html': '<!doctype html><title>d</title><h1 id="hello">Hello deck</h1>', 'downloads/notes.txt': 'notes' }, { title: 'Quarterly review' })).body.presentation.id;
  const link = (body: Record<string, unknown>) => http(s.url, 'POST', `/api/v1/presentations/${deck}/share-links`, { key, body });
  open = (await link({ name: 'Board' })).body.url;
  locked = (await link({ name: 'Locked', password: 'open sesame' })).body.url;
  const invited = await http(s.url, 'POST', '/api/v1/invitations', { key, body: { email: 'new.person@example.test', role: 'member' } });
  if (invited.status !== 201 && invited.status !== 200) throw new Error(`invitation not made: ${invited.status} ${invited.text}`);
  // An invitation whose link secret the test knows (the mailed one is never readable), for its page.
  const inv = (await s.db.pool.query(`insert into app_private.invitations (kind, workspace_id, email, role, source, invited_by)
    values ('workspace', $1, 'guest.person@example.test', 'member', 'invite', $2) returning id`, [b.ws.id, b.owner.userId])).rows[0];
  await s.db.pool.query('select app_private.invitation_issue($1, $2)', [inv.id, sha256(INVITE_SECRET)]);
  await s.db.pool.query(`select app_private.operator_add('owner@acme.test', 'test')`); // the outbox page is an operator's
});
test.after.always(async () => {
  await browser?.close();
  await s?.close();
});

async function signedIn(): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(`${s.url}/signin?next=/decks`);
  await page.getByLabel('Email').fill('owner@acme.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${s.url}/decks`);
  return page;
}

const description = (page: Page) => page.evaluate(() => document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null);

test.serial('signed out: the first-run page, both sign-in pages and an invitation are axe clean and describe themselves', async (t) => {
  const page = await (await browser.newContext()).newPage();
  for (const path of ['/', '/signin', '/signin/code', `/invitations/${INVITE_SECRET}`]) {
    await page.goto(s.url + path);
    t.deepEqual(await seriousViolations(page), [], path);
    t.regex((await description(page)) ?? '', /Podium.{10,}\./, `${path}: a meta description`);
    t.is(await page.locator('h1').count(), 1, `${path}: one h1`);
  }
  await page.context().close();
});

test.serial('signed in: dashboard, deck page, master page, keys, invitations, the mail outbox and a problem page are axe clean', async (t) => {
  const page = await signedIn();
  // The seed's keys are listed on /decks/keys (a table with an action column).
  for (const [path, ready] of [
    ['/decks', 'main h1'],
    [`/decks/${deck}`, 'main table'],
    [`/decks/${deck}/present`, 'iframe[sandbox]'],
    ['/decks/keys', 'main table'],
    ['/workspace/invitations', 'main table'],
    ['/operator/mail', 'main h1'],
    ['/decks/00000000-0000-4000-8000-000000000000', 'main h1'],
  ] as const) {
    await page.goto(s.url + path);
    await page.locator(ready).first().waitFor();
    t.deepEqual(await seriousViolations(page), [], path);
    t.is(await page.locator('h1').count(), 1, `${path}: one h1`);
    t.regex((await description(page)) ?? '', /Podium.{10,}\./, `${path}: a meta description`);
  }
  // The action columns are named for screen readers, not blank.
  for (const path of [`/decks/${deck}`, '/decks/keys', '/workspace/invitations']) {
    await page.goto(s.url + path);
    const headers = await page.locator('th').allInnerTexts();
    t.false(headers.some((h) => h.trim() === ''), `${path}: no empty column header (${headers.join(' | ')})`);
  }
  // The master page's heading names the deck, and follows a rename.
  await page.goto(`${s.url}/decks/${deck}/present`);
  t.is(await page.locator('h1').textContent(), 'Quarterly review');
  await page.context().close();
});

test.serial('the share viewer: one main, one h1 naming the deck, axe clean with its bar, embedded, behind a password and dead', async (t) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  for (const url of [open, `${open}?embed=1`]) {
    await page.goto(url);
    await page.frameLocator('iframe').locator('#hello').waitFor();
    t.is(await page.locator('main').count(), 1, url);
    t.is(await page.locator('main iframe').count(), 1, `${url}: the deck is the main content`);
    t.deepEqual(await page.locator('h1').allTextContents(), ['Quarterly review'], url);
    t.deepEqual(await seriousViolations(page), [], url);
    t.regex((await description(page)) ?? '', /Quarterly review/);
  }
  await page.goto(locked);
  t.deepEqual(await seriousViolations(page), [], 'password page');
  t.is(await page.locator('main h1').count(), 1);
  await page.goto(`${s.url}/v/${'x'.repeat(43)}/`);
  t.deepEqual(await seriousViolations(page), [], 'dead link page');
  t.is(await page.locator('main h1').count(), 1);
  await page.context().close();
});
