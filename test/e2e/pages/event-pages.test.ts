// The event pages in a real browser (playwright-core driving Debian's Chromium), one browser
// for the file: every page for each role (participant, advisor, jury, organizer, a member of
// another workspace), and the request, chat and thread pages, with axe-core (no moderate,
// serious or critical violation) and screenshots at
// desktop and phone widths in test-artifacts/; the countdown following the SERVER's test
// clock while the browser's own clock is broken on purpose; posts made through the REST
// route appearing on open pages through the event stream (bounded waits).
import test from 'ava';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { eventWorld, type EventWorld } from '../../helpers/event-pages.ts';
import { http } from '../../helpers/http.ts';
import { ARTIFACTS, launchChromium, seriousViolations } from '../../helpers/pages.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let w: EventWorld;
let browser: Browser;
test.before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchChromium();
  s = await startTestServer();
  w = await eventWorld(s.url, s.db.pool);
});
test.after.always(async () => {
  await browser?.close();
  await s?.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A browser context signed in with the session cookie, its Date broken (1999) so only the server's clock can be right. */
async function as(who: keyof EventWorld['cookies'], viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const [name, value] = w.cookies[who].split('=');
  await context.addCookies([{ name, value, url: s.url }]);
  await context.addInitScript(`(() => { const D = Date; const fixed = D.UTC(1999, 0, 1); globalThis.Date = class extends D { constructor(...a) { super(...(a.length ? a : [fixed])); } static now() { return fixed; } }; })();`);
  return context.newPage();
}

async function check(t: any, page: Page, name: string): Promise<void> {
  t.deepEqual(await seriousViolations(page), [], `${name}: no moderate, serious or critical axe violation`);
  await page.screenshot({ path: path.join(ARTIFACTS, `event-${name}.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(ARTIFACTS, `event-${name}-phone.png`), fullPage: true });
  t.true(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `${name}: no sideways scroll at phone width`);
  await page.setViewportSize(DESKTOP);
}

test.serial('every page for each role: axe clean, screenshots at desktop and phone width', async (t) => {
  const pages: [keyof EventWorld['cookies'], string, string, RegExp][] = [
    ['ann', '/event', 'home-participant', /Your team/],
    ['ann', '/event/team', 'team-participant', /Team Rocket/],
    ['ann', '/event/feed', 'feed-participant', /General/],
    ['advisor', '/event', 'home-advisor', /Programme/],
    ['advisor', `/event/team?team=${w.teams.Rocket}`, 'team-advisor', /Team chat/],
    ['jury', '/event', 'home-jury', /Programme/],
    ['owner', '/event', 'home-organizer', /Teams/],
    ['owner', `/event/team?team=${w.teams.Comet}`, 'team-organizer', /Team Comet/],
    ['eve', '/event', 'home-other-workspace', /Next deadline/],
    ['eve', `/event/team?team=${w.teams.Rocket}`, 'team-other-workspace', /Not found/],
    ['stranger', '/event', 'home-off-roster', /Not allowed/],
    ['jury', '/event/feed', 'feed-jury', /Not allowed/],
    // The other event page types (axe on every page type; the organizer's admin
    // pages and the gallery are opened by vote-page.test.ts, with the vote section on).
    ['ann', '/event/requests', 'requests-participant', /Help requests/],
    ['advisor', '/event/requests', 'requests-advisor', /Request queue/],
    ['ann', `/event/chats/${w.feedChannel}`, 'chat-participant', /Posts/],
    ['ann', `/event/chats/${w.feedChannel}/posts/${w.pinnedPost}`, 'thread-participant', /Thread/],
  ];
  for (const [who, url, name, expect] of pages) {
    const page = await as(who);
    await page.goto(s.url + url);
    t.regex(await page.locator('main').innerText(), expect, name);
    if (who === 'eve') t.false((await page.content()).includes('Rocket'), `${name}: nothing of the other workspace`);
    await check(t, page, name);
    await page.context().close();
  }
});

test.serial('the countdown follows the server clock, not the browser clock', async (t) => {
  await w.clock.to(w.buildEndMs - 10 * 60_000 - 30_000); // 10 min 30 s before the build end, by the server
  const page = await as('ann', PHONE);
  await page.goto(`${s.url}/event`);
  const timer = page.locator('[data-countdown]');
  t.regex(await page.locator('.countdown').innerText(), /Build ends/);
  const first = await timer.innerText();
  t.regex(first, /^10 min [23]\d s$/, first);
  // It counts down (the browser's own Date says 1999 and stands still).
  await page.waitForFunction((was) => document.querySelector('[data-countdown]')!.textContent !== was, first, { timeout: 5000 });
  const next = await timer.innerText();
  t.regex(next, /^10 min [123]\d s$/);
  t.true(next < first || next.length < first.length, `${next} after ${first}`);
  await page.context().close();
  await w.clock.to(w.startMs + 60 * 60_000);
});

test.serial('posts made through the REST route appear on open pages through the stream', async (t) => {
  const feed = await as('ann');
  await feed.goto(`${s.url}/event/feed`);
  await feed.waitForSelector('body[data-live="ready"]', { timeout: 10_000 });
  const team = await as('ann');
  await team.goto(`${s.url}/event/team`);
  await team.waitForSelector('body[data-live="ready"]', { timeout: 10_000 });
  const bob = await as('bob');
  await bob.goto(`${s.url}/event/team`);
  await bob.waitForSelector('body[data-live="ready"]', { timeout: 10_000 });

  const text = `Lunch is served <b>now</b> ${Date.now()}`;
  const r = await http(s.url, 'POST', '/api/v1/event/feed/posts', { key: w.ownerKey, body: { body: text } });
  t.is(r.status, 201);
  await feed.locator('ul.posts li.post .body', { hasText: text }).first().waitFor({ timeout: 5000 });
  t.is(await feed.locator('ul.posts b').count(), 0, 'the post text is text, not markup');
  t.regex(await feed.locator('#live-status').innerText(), /New post from Olive Owner/);

  const rocket = (await http(s.url, 'GET', '/api/v1/event/chats', { key: w.ownerKey })).body.items.find((c: any) => c.kind === 'team' && c.team.name === 'Rocket');
  const inTeam = await http(s.url, 'POST', `/api/v1/event/chats/${rocket.id}/posts`, { key: w.ownerKey, body: { body: 'Rocket: demo at 3' } });
  t.is(inTeam.status, 201);
  await team.locator('ul.posts .body', { hasText: 'Rocket: demo at 3' }).waitFor({ timeout: 5000 });
  // Bob (team Comet) is not sent Rocket's chat post: the stream keeps commit order, so once a
  // later post in his own team chat reached his page, Rocket's would have too.
  const comet = (await http(s.url, 'GET', '/api/v1/event/chats', { key: w.ownerKey })).body.items.find((c: any) => c.kind === 'team' && c.team.name === 'Comet');
  await http(s.url, 'POST', `/api/v1/event/chats/${comet.id}/posts`, { key: w.ownerKey, body: { body: 'after the Rocket post' } });
  await bob.locator('main').getByText('after the Rocket post').waitFor({ timeout: 5000 });
  t.is(await bob.getByText('Rocket: demo at 3').count(), 0);

  // A form post from the page itself lands and shows after the redirect.
  await feed.getByLabel('New post').fill('typed in the page\nsecond line');
  await feed.getByRole('button', { name: 'Post' }).click();
  await feed.waitForURL(`${s.url}/event/feed`);
  await feed.locator('ul.posts .body', { hasText: 'typed in the page' }).first().waitFor({ timeout: 5000 });
  for (const p of [feed, team, bob]) await p.context().close();
});

test.serial('a reaction made through the REST route changes the counts on open pages through the stream', async (t) => {
  const feed = await as('ann');
  const text = `React here ${Date.now()}`;
  const r = await http(s.url, 'POST', '/api/v1/event/feed/posts', { key: w.ownerKey, body: { body: text } });
  t.is(r.status, 201);
  await feed.goto(`${s.url}/event/feed`);
  await feed.waitForSelector('body[data-live="ready"]', { timeout: 10_000 });
  const react = (emoji: string, method = 'PUT') => http(s.url, method, `/api/v1/event/posts/${r.body.id}/reactions/${encodeURIComponent(emoji)}`, { key: w.ownerKey });
  const counts = feed.locator(`li.post[data-post="${r.body.id}"] [data-reactions]`);
  t.is((await react('👍')).status, 200);
  await counts.getByText('👍 1').waitFor({ timeout: 5000 });
  t.is((await react('🎉')).status, 200);
  await counts.getByText('🎉 1').waitFor({ timeout: 5000 });
  t.is(await counts.innerText(), '👍 1 · 🎉 1');
  t.is((await react('👍', 'DELETE')).status, 200);
  await counts.getByText('👍 1').waitFor({ state: 'detached', timeout: 5000 });
  t.is(await counts.innerText(), '🎉 1');
  await feed.context().close();
});
