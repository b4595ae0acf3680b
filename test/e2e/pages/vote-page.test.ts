// The Vote page in a real browser: hidden while the vote section is off (no link, the page a
// refusal in words); a whole vote by keyboard alone (Tab to Move up, Enter, the new order
// announced in the live region, Tab to Submit ballot); drag and drop and a saved draft; a stale
// page refused in words (revision_conflict); after the release the result with the method;
// jury refused; axe-core clean and screenshots at desktop and phone width.
import test from 'ava';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { http } from '../../helpers/http.ts';
import { ARTIFACTS, launchChromium, pageSignIn, PASSWORD, seriousViolations, submitted } from '../../helpers/pages.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { openVote, SCHEDULE, voteFixture, type VoteFixture } from '../../helpers/vote.ts';

let s: TestServer;
let browser: Browser;
let fx: VoteFixture;
const cookies: Record<string, string> = {};

test.before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchChromium();
  s = await startTestServer();
  fx = await voteFixture(s.db.pool, 'Vote', {
    teams: { Rocket: ['ann@vote.test'], Comet: ['bob@vote.test'], Apollo: ['cat@vote.test'], Zeta: ['dan@vote.test'] },
    others: [{ email: 'jules@vote.test', role: 'jury' }],
  });
  for (const email of ['owner@vote.test', 'ann@vote.test', 'bob@vote.test', 'jules@vote.test']) {
    await seed.password(s.db.pool, fx.users[email]!, PASSWORD);
    cookies[email] = await pageSignIn(s.url, email);
  }
  await openVote(fx);
});
test.after.always(async () => {
  await browser?.close();
  await s?.close();
});

async function as(email: string, width = 1280, height = 800): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  const [name, value] = cookies[email]!.split('=');
  await context.addCookies([{ name: name!, value: value!, url: s.url }]);
  return context.newPage();
}

/** Presses Tab until the focused element's text is `label` (bounded), as a keyboard user would. */
async function tabTo(page: Page, label: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.replace(/\s+/g, ' ').trim())) === label) return;
  }
  throw new Error(`Tab never reached “${label}”`);
}

const order = (page: Page) => page.locator('#ranking li .name').allInnerTexts();

test.serial('hidden while the vote section is off: no link; the page says the vote is not on yet, no organizer command for a participant', async (t) => {
  await fx.call('owner', 'app.set_vote_section(false)');
  try {
    const home = await http(s.url, 'GET', '/event', { cookie: cookies['ann@vote.test'] });
    t.is(home.status, 200);
    t.false(home.text.includes('href="/event/vote"'));
    const vote = await http(s.url, 'GET', '/event/vote', { cookie: cookies['ann@vote.test'] });
    t.is(vote.status, 200);
    t.regex(vote.text, /The community vote is not on yet\. Your organizers turn it on after the build/);
    t.false(vote.text.includes('hackathon event vote'), 'no organizer command for a participant');
    t.false(vote.text.includes('Something is off'));
    const org = await http(s.url, 'GET', '/event/vote', { cookie: cookies['owner@vote.test'] });
    t.is(org.status, 200);
    t.regex(org.text, /The vote section is off: .*<code>hackathon event vote --on<\/code>/);
  } finally {
    await fx.call('owner', 'app.set_vote_section(true)');
  }
  t.true((await http(s.url, 'GET', '/event', { cookie: cookies['ann@vote.test'] })).text.includes('href="/event/vote"'));
  t.is((await http(s.url, 'GET', '/event/vote', { cookie: cookies['jules@vote.test'] })).status, 403, 'jury does not vote');
});

test.serial('the whole vote by keyboard alone, the order announced', async (t) => {
  const page = await as('ann@vote.test');
  await page.goto(`${s.url}/event/vote`);
  t.deepEqual(await order(page), ['Apollo', 'Comet', 'Zeta'], 'never the own team (Rocket)');
  t.is(await page.locator('#ranking a', { hasText: 'Vote presentation' }).count(), 3, 'each candidate with its vote presentation');
  t.deepEqual(await seriousViolations(page), []);
  await page.screenshot({ path: path.join(ARTIFACTS, 'event-vote.png'), fullPage: true });
  await tabTo(page, 'Move up Zeta');
  await page.keyboard.press('Enter');
  t.is(await page.locator('#rank-status').innerText(), 'Zeta moved to position 2 of 3');
  await page.keyboard.press('Enter'); // focus stays on the moved team's button
  t.is(await page.locator('#rank-status').innerText(), 'Zeta moved to position 1 of 3');
  await page.keyboard.press('Enter');
  t.is(await page.locator('#rank-status').innerText(), 'Zeta is already first');
  t.deepEqual(await order(page), ['Zeta', 'Apollo', 'Comet']);
  await tabTo(page, 'Submit ballot');
  await submitted(page, () => page.keyboard.press('Enter'));
  t.is(page.url(), `${s.url}/event/vote?done=1`);
  t.is(await page.locator('#ballot-state').innerText(), 'submitted');
  t.regex(await page.getByRole('status').filter({ hasText: 'Your ballot is submitted' }).innerText(), /^Your ballot is submitted \(revision \d+\): it counts\. You may change it and submit again until the vote closes\.$/);
  t.regex(await page.locator('main').innerText(), /UTC\s*\(\d{4}-\d\d-\d\d \d\d:\d\d Europe\/Berlin\)|UTC/, 'instants in UTC with the event\'s own time beside them');
  t.deepEqual(await page.locator('#submitted li').allInnerTexts(), ['Zeta', 'Apollo', 'Comet']);
  const b = await fx.call('ann@vote.test', 'app.community_ballot()');
  t.deepEqual(b.submission.map((x: any) => x.name), ['Zeta', 'Apollo', 'Comet']);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(ARTIFACTS, 'event-vote-phone.png'), fullPage: true });
  await page.context().close();
});

test.serial('drag and drop, a draft saved; a stale page refused in words', async (t) => {
  const page = await as('bob@vote.test');
  await page.goto(`${s.url}/event/vote`);
  t.deepEqual(await order(page), ['Apollo', 'Rocket', 'Zeta']);
  await page.dragAndDrop('#ranking li:nth-child(3)', '#ranking li:nth-child(1)', { targetPosition: { x: 20, y: 3 } });
  t.deepEqual(await order(page), ['Zeta', 'Apollo', 'Rocket']);
  t.is(await page.locator('#rank-status').innerText(), 'Zeta moved to position 1 of 3');
  await submitted(page, () => page.getByRole('button', { name: 'Save draft' }).click());
  t.is(page.url(), `${s.url}/event/vote?done=1`);
  t.is(await page.locator('#ballot-state').innerText(), 'draft');
  t.regex(await page.locator('main').innerText(), /Draft saved \(revision \d+\)\. It counts only once you submit it\./);
  t.deepEqual(await order(page), ['Zeta', 'Apollo', 'Rocket'], 'the page draws the saved draft');
  const b = await fx.call('bob@vote.test', 'app.community_ballot()');
  t.deepEqual(b.draft.map((x: any) => x.name), ['Zeta', 'Apollo', 'Rocket']);
  // Another client saves meanwhile: this page's revision is stale.
  await fx.call('bob@vote.test', 'app.save_vote_ballot($1, $2, $3)', [[fx.teams.Apollo], b.eligibilityVersion, b.revision]);
  await submitted(page, () => page.getByRole('button', { name: 'Submit ballot' }).click());
  t.regex(await page.locator('main').innerText(), /revision/i);
  t.is((await fx.call('bob@vote.test', 'app.community_ballot()')).state, 'draft', 'nothing submitted');
  await page.context().close();
});

test.serial('organizer: coverage, the audited ballot list with its chart, and the audit of that read', async (t) => {
  const page = await as('owner@vote.test');
  await page.goto(`${s.url}/event/admin/ballots`);
  t.regex(await page.locator('main').innerText(), /Reading this list is recorded/);
  t.is(await page.locator('svg.chart').count(), 1);
  t.regex(await page.locator('svg.chart title').textContent() ?? '', /^1 of 4 ballots submitted/);
  t.false((await page.content()).includes(fx.teams.Zeta!), 'never a ranking');
  t.deepEqual(await seriousViolations(page), []);
  await page.screenshot({ path: path.join(ARTIFACTS, 'event-admin-ballots.png'), fullPage: true });
  await page.goto(`${s.url}/event/vote`);
  t.regex(await page.locator('main').innerText(), /Coverage\s+1 of 4 voters submitted \(25%\), 0 invalidated \(eligibility v\d+\)\./, 'the organizer\'s vote page shows the coverage, counts only');
  await page.goto(`${s.url}/event/admin/vote`);
  const audit = page.getByRole('region', { name: 'Ballot list reads' });
  t.regex(await audit.innerText(), /owner@vote\.test/);
  t.regex(await page.locator('main').innerText(), /4 candidates \(0 excluded\), 4 voters \(0 excluded\)/);
  t.deepEqual(await seriousViolations(page), []);
  await page.screenshot({ path: path.join(ARTIFACTS, 'event-admin-vote.png'), fullPage: true });
  const form = (path: string, fields: Record<string, string>) => http(s.url, 'POST', path, {
    cookie: cookies['owner@vote.test'], raw: new URLSearchParams({ back: '/event/admin/decks', ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.url },
  });
  t.is((await form('/event/admin/decks/generate', {})).status, 303, 'a run starts (no worker here: its jobs stay pending)');
  const decks = await http(s.url, 'GET', '/event/admin/decks', { cookie: cookies['owner@vote.test'] });
  t.regex(decks.text, /<span class="badge">running<\/span>/);
  t.regex(decks.text, /8 pending/, 'two decks for each of the four teams');
  const again = await form('/event/admin/decks/generate', {});
  t.is(again.status, 409, 'run_in_progress');
  t.regex(again.text, /in progress/i);
  const release = await form('/event/admin/decks/release', { projectId: fx.teams.Zeta! });
  t.is(release.status, 409);
  t.regex(release.text, /approved/i);
  t.is((await http(s.url, 'GET', '/event/admin/decks', { cookie: cookies['ann@vote.test'] })).status, 403);
  for (const p of ['/event/admin', '/event/admin/roster', '/event/admin/submissions', '/event/admin/decks', '/event/gallery']) {
    await page.goto(s.url + p);
    t.deepEqual(await seriousViolations(page), [], p);
    await page.screenshot({ path: path.join(ARTIFACTS, `event-${p.slice(7).replace(/\//g, '-') || 'admin'}.png`), fullPage: true });
  }
  await page.context().close();
});

test.serial('after the release: the result with the method explained', async (t) => {
  await fx.at(SCHEDULE.voteCloses + 0.25);
  await fx.call('owner', 'app.close_voting()').catch(() => undefined);
  const calc = await fx.call('owner', 'app.calculate_vote_results()');
  await fx.call('owner', 'app.release_vote_results($1)', [calc.version]);
  const page = await as('bob@vote.test', 390, 844);
  await page.goto(`${s.url}/event/vote`);
  const main = await page.locator('main').innerText();
  t.regex(main, /Result/);
  t.true(await page.getByRole('button', { name: 'Save draft' }).isDisabled(), 'no active Save draft after the close');
  t.regex(main, /The vote is closed: ballots are saved and submitted only while it is open\./);
  t.regex(main, /How the score is counted/);
  t.is(await page.locator('table tbody tr').count(), 4);
  t.regex(await page.locator('table tbody tr').first().innerText(), /Zeta/, 'the only counted ballot ranks Zeta first');
  t.deepEqual(await seriousViolations(page), []);
  await page.screenshot({ path: path.join(ARTIFACTS, 'event-vote-result-phone.png'), fullPage: true });
  await page.context().close();
});
