// axe-core on the two page types the other axe tests do not reach: the local code
// host's invitation page (signed in, as printed by the bootstrap record) and the hub's account
// page. In a real Chromium, failing on any moderate, serious or critical finding.
import test from 'ava';
import type { Browser } from 'playwright-core';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { ownRepository } from '../../helpers/codehost.ts';
import { assignRepository, createEvent, eventWorkspace, HOUR, importRoster, person, teamIds } from '../../helpers/event.ts';
import { startTestHub, type TestHub } from '../../helpers/hub.ts';
import { http } from '../../helpers/http.ts';
import { launchChromium, PASSWORD, seriousViolations } from '../../helpers/pages.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let hub: TestHub;
let browser: Browser;
const PAGE = '/codehost/invitations/acme/rocket';

test.before(async () => {
  browser = await launchChromium();
  [s, hub] = await Promise.all([startTestServer(), startTestHub()]);
  const host = new LocalCodeHost(s.config.dataDir, s.db.pool);
  const a = await eventWorkspace(s.db.pool, 'AxeHost');
  const event = await createEvent(s.url, a.owner.key, Date.now() + HOUR);
  await http(s.url, 'PUT', '/api/v1/event/github', { key: a.owner.key, body: { organization: 'acme', template: 'acme/template' } });
  const ann = await person(s.db.pool, a.ws.id, 'ann@axehost.test');
  await importRoster(s.url, a.owner.key, [{ email: ann.email, team: 'Rocket' }]);
  await ownRepository(s.db.pool, event.id, 'acme/rocket');
  await host.createEmpty('acme/rocket');
  await assignRepository(s.db.pool, (await teamIds(s.db.pool, a.ws.id)).Rocket!, 'acme/rocket', 'invited');
  await http(s.url, 'PUT', '/bootstrap/github', { key: ann.key, body: { login: 'ann-gh' } });
  await host.invite('acme/rocket', 'ann-gh', 'maintain');
  await seed.password(s.db.pool, ann.userId, PASSWORD);
});
test.after.always(async () => {
  await browser?.close();
  await Promise.all([s?.close(), hub?.close()]);
});

test('the code host invitation page, signed in, is axe clean with one h1', async (t) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(s.url + PAGE);
  await page.waitForURL(/\/signin/);
  await page.getByLabel('Email').fill('ann@axehost.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(s.url + PAGE);
  await page.locator('main h1').waitFor();
  t.deepEqual(await seriousViolations(page), []);
  t.is(await page.locator('h1').count(), 1);
  await page.context().close();
});

test('the hub account page is axe clean with one h1', async (t) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(hub.url + '/account');
  t.deepEqual(await seriousViolations(page), []);
  t.is(await page.locator('h1').count(), 1);
  await page.context().close();
});
