// axe-core on the jury pages in a real Chromium, failing on any moderate, serious or
// critical finding, one <h1> each: the juror's list, a team page with the score form (and the
// pages Save draft and Submit score answer, with their notices), the organizer's progress on /event/jury, and
// after the release /event/results side by side, the gallery with its winner badge and the
// dashboards with their jury cards. Seeded as test/api/pages/jury-pages.test.ts is.
import test from 'ava';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, pageSignIn, PASSWORD, seriousViolations } from '../../helpers/pages.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { voteFixture, type VoteFixture } from '../../helpers/vote.ts';
import { CRITERIA } from '../../helpers/jury.ts';

let s: TestServer;
let browser: Browser;
let fx: VoteFixture;
const cookies: Record<string, string> = {};
const J = 'j1@jaxe.test';
const OWNER = 'owner@jaxe.test';
const ANN = 'ann@jaxe.test';

test.before(async () => {
  browser = await launchChromium();
  s = await startTestServer();
  fx = await voteFixture(s.db.pool, 'Jaxe', {
    teams: { Rocket: [ANN], Comet: ['cat@jaxe.test'] },
    others: [{ email: J, role: 'jury' }],
    voteSection: false,
    ready: [],
  });
  for (const email of [OWNER, ANN, J]) {
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

async function as(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, value] = cookies[email]!.split('=');
  await context.addCookies([{ name: name!, value: value!, url: s.url }]);
  return context.newPage();
}

async function clean(t: import('ava').ExecutionContext, page: Page, label: string): Promise<void> {
  t.deepEqual(await seriousViolations(page), [], label);
  t.is(await page.locator('h1').count(), 1, `${label}: one h1`);
}

test.serial('the juror: the list, a team page with the score form, and the pages a saved draft and a submitted score answer', async (t) => {
  const page = await as(J);
  await page.goto(`${s.url}/event/jury`);
  await page.locator('main table').first().waitFor();
  await clean(t, page, '/event/jury (juror)');
  await page.goto(`${s.url}/event/jury/${fx.teams.Rocket}`);
  await page.locator('#score-form').waitFor();
  await clean(t, page, '/event/jury/:team');
  // The deck beside the form at 1280 px: both cards start on one line, and Submit is on screen.
  const [deckBox, formBox] = await Promise.all([page.locator('section[aria-labelledby="deck-h"]').boundingBox(), page.locator('section[aria-labelledby="form-h"]').boundingBox()]);
  t.true(!!deckBox && !!formBox && deckBox.y === formBox.y && deckBox.x + deckBox.width <= formBox.x, 'deck and score form side by side');
  await page.getByLabel(/^Impact/).fill('4');
  await page.getByLabel(/^Private note/).fill('a private note');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
  await clean(t, page, 'POST /event/jury/:team (draft saved)');
  await page.getByLabel(/^Execution/).fill('3');
  await page.getByRole('button', { name: 'Submit score' }).click();
  await page.getByRole('status').filter({ hasText: 'Score submitted' }).waitFor();
  await clean(t, page, 'POST /event/jury/:team (score submitted)');
  await page.goto(`${s.url}/event`);
  await page.locator('#jury-h').waitFor();
  await clean(t, page, '/event (juror, jury card)');
  await page.context().close();
});

test.serial('the organizer\'s progress; after the release the results, the gallery\'s winner and the dashboard', async (t) => {
  const org = await as(OWNER);
  await org.goto(`${s.url}/event/jury`);
  await org.locator('#p-h').waitFor();
  await clean(t, org, '/event/jury (organizer)');
  await fx.call('owner', 'app.close_jury()');
  await fx.call('owner', 'app.calculate_jury_results($1)', ['mean']);
  await fx.call('owner', 'app.release_jury_results($1)', [1]);
  await org.goto(`${s.url}/event`);
  await org.locator('#jury-h').waitFor();
  await clean(t, org, '/event (organizer, jury card)');
  await org.context().close();
  const ann = await as(ANN);
  await ann.goto(`${s.url}/event/results`);
  await ann.locator('#side-h').waitFor();
  t.is(await ann.locator('main table').count(), 2, 'the side-by-side table and the jury result');
  await clean(t, ann, '/event/results');
  await ann.goto(`${s.url}/event/gallery`);
  await ann.getByText('Jury winner').waitFor();
  await clean(t, ann, '/event/gallery (winner badge)');
  await ann.context().close();
});
