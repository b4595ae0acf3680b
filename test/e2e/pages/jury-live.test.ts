// The organizer's jury page follows the live stream in a real Chromium, without a reload: its
// progress is drawn again from the server when a juror submits (jury.progress) and when
// judging closes (jury.window). A reload would lose the marker the test leaves on the page's
// window. (Jurors do not read the live stream: spec rule 8 keeps jury viewers off feed and chats.)
import test from 'ava';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, pageSignIn, PASSWORD } from '../../helpers/pages.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { voteFixture, type VoteFixture } from '../../helpers/vote.ts';
import { CRITERIA } from '../../helpers/jury.ts';

let s: TestServer;
let browser: Browser;
let fx: VoteFixture;
const cookies: Record<string, string> = {};
const J = 'j1@jlive.test';
const OWNER = 'owner@jlive.test';

test.before(async () => {
  browser = await launchChromium();
  s = await startTestServer();
  fx = await voteFixture(s.db.pool, 'Jlive', {
    teams: { Rocket: ['ann@jlive.test'], Comet: ['cat@jlive.test'] },
    others: [{ email: J, role: 'jury' }],
    voteSection: false,
    ready: [],
  });
  for (const email of [OWNER, J]) {
    await seed.password(s.db.pool, fx.users[email]!, PASSWORD);
    cookies[email] = await pageSignIn(s.url, email);
  }
  await fx.call('owner', 'app.set_jury_criteria($1)', [JSON.stringify(CRITERIA)]);
  await fx.call('owner', 'app.assign_jury($1, $2)', [1, 0]);
  await fx.call('owner', 'app.open_jury()');
});
test.after.always(async () => {
  await browser?.close();
  await s?.close();
});

async function as(email: string, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, value] = cookies[email]!.split('=');
  await context.addCookies([{ name: name!, value: value!, url: s.url }]);
  const page = await context.newPage();
  await page.goto(`${s.url}${path}`);
  await page.waitForSelector('body[data-live="ready"]', { timeout: 10_000 });
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  return page;
}

const stayed = (page: Page) => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

test.serial('the organizer\'s progress is drawn again when a juror submits and when judging closes, without a reload', async (t) => {
  const org = await as(OWNER, '/event/jury');
  const progress = org.locator('#jury-progress');
  t.regex(await progress.innerText(), /0 of 2 scores submitted/);
  await fx.call(J, 'app.submit_jury_score($1, $2, $3, $4)', [fx.teams.Rocket, JSON.stringify({ Impact: 4, Execution: 3 }), null, 0]);
  await progress.getByText('1 of 2 scores submitted').waitFor({ timeout: 10_000 });
  t.true(await stayed(org), 'the same page, not a reload');
  t.regex(await org.locator('#live-status').innerText(), /Updated/);
  // The section drawn again still follows: a second submission moves it on.
  await fx.call(J, 'app.submit_jury_score($1, $2, $3, $4)', [fx.teams.Comet, JSON.stringify({ Impact: 2, Execution: 5 }), null, 0]);
  await org.locator('#jury-progress').getByText('2 of 2 scores submitted').waitFor({ timeout: 10_000 });
  t.true(await stayed(org));
  await fx.call('owner', 'app.close_jury()');
  await org.locator('#jury-progress').getByText(/judging closed/).waitFor({ timeout: 10_000 });
  t.true(await stayed(org));
  await org.context().close();
});
