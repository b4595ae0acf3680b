// The dashboard key dialog in a real browser (playwright-core driving Debian's Chromium):
// write scopes of both tools unticked by default, a hackathon key with a pin and a lifetime,
// its secret shown once (gone on reload), working on the API with exactly its scopes.
import test from 'ava';
import type { Browser } from 'playwright-core';
import { http } from '../../helpers/http.ts';
import { launchChromium, PASSWORD } from '../../helpers/pages.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let browser: Browser;
let ws: string;
test.before(async () => {
  browser = await launchChromium();
  s = await startTestServer();
  const b = await seed.basicWorkspace(s.db.pool);
  ws = b.ws.id;
  await seed.password(s.db.pool, b.owner.userId, PASSWORD);
});
test.after.always(async () => {
  await browser?.close();
  await s?.close();
});

test('defaults unticked, a hackathon key made with a pin and a lifetime, its secret shown once', async (t) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${s.url}/decks/keys`);
  await page.waitForURL(/\/signin\?next=/);
  await page.getByLabel('Email').fill('owner@acme.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${s.url}/decks/keys`);

  t.true(await page.getByRole('checkbox', { name: 'presentations:read' }).isChecked());
  t.false(await page.getByRole('checkbox', { name: /presentations:write/ }).isChecked(), 'presentations:write unticked by default');
  t.true(await page.getByRole('checkbox', { name: 'hackathon:read' }).isChecked());
  t.false(await page.getByRole('checkbox', { name: /hackathon:write/ }).isChecked(), 'hackathon:write unticked by default');
  t.true(await page.getByRole('radio', { name: /Deck publishing/ }).isChecked());

  await page.getByLabel('Name').fill('Event laptop');
  await page.getByRole('radio', { name: /Hackathon events/ }).check();
  await page.getByLabel(/Expires after/).fill('7');
  await page.getByRole('checkbox', { name: /Only for the workspace Acme/ }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByRole('heading', { name: 'Key “Event laptop” created' }).waitFor();
  const secret = await page.getByLabel('Key', { exact: true }).inputValue();
  t.regex(secret, /^hck_[A-Za-z0-9_-]{43}$/);
  t.is((await page.content()).split(secret).length, 2, 'shown exactly once');
  t.truthy(await page.getByText('This key is shown once').count());

  const who = await http(s.url, 'GET', '/api/v1/me', { key: secret });
  t.is(who.status, 200);
  t.deepEqual(who.body.key.scopes, ['hackathon:read']);
  t.is(who.body.key.workspaceId, ws);
  t.truthy(who.body.key.expiresAt);

  await page.reload();
  t.false((await page.content()).includes(secret), 'gone on reload');
  t.true((await page.content()).includes(`hck_…${secret.slice(-4)}`), 'listed by its last four characters');
  // Back to the fresh form: the write scopes are unticked again.
  await page.goto(`${s.url}/decks/keys`);
  t.false(await page.getByRole('checkbox', { name: /hackathon:write/ }).isChecked());
  await page.context().close();
});
