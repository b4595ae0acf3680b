// share, tokens, views, responses (+ CSV), response, notify, list, versions, files list,
// delete: the built binary against a real server.
import test from 'ava';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { main } from '../../../cli/deckcli/main.ts';
import { runInProcess } from '../in-process.ts';
import { makeHome, runDeckcli as deckcli } from './run.ts';

let s: TestServer;
let env: NodeJS.ProcessEnv;
let deckId: string;
test.before(async () => {
  s = await startTestServer();
  const key = (await seed.basicWorkspace(s.db.pool)).deckKey.key;
  env = { ...makeHome().env, DECKS_API_KEY: key, DECKS_API_URL: s.url };
  const root = mkdtempSync(path.join(os.tmpdir(), 'share-deck-'));
  mkdirSync(path.join(root, 'downloads'));
  writeFileSync(path.join(root, 'index.html'), '<form method="post" action="forms/signup"><input name="email"></form>');
  writeFileSync(path.join(root, 'downloads', 'a.pdf'), 'pdf');
  const first = JSON.parse((await deckcli(['push', root, '--title', '=Evil "Deck"', '--json'], env)).stdout);
  deckId = first.presentation.id;
  await deckcli(['push', root], env);
});
test.after.always(() => s?.close());

test.serial('share prints the URL once; --json carries token, url and embed; switches reach the link', async (t) => {
  const r = await deckcli(['share', deckId, '--no-bar', '--no-download', '--name', 'press'], env);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /^http:\/\/127\.0\.0\.1:\d+\/v\/[A-Za-z0-9_-]+\/\n$/);
  t.regex(r.stderr, /^Share link "press": follows the latest version, bar off, downloads off, forms on\. The URL is shown only now\.\n$/);
  const unnamed = await deckcli(['share', deckId], env);
  t.regex(unnamed.stderr, /^Share link: follows the latest version, bar on, downloads on, forms on\. The URL is shown only now\.\n$/, 'an unnamed link says "Share link" once');
  const j = JSON.parse((await deckcli(['share', deckId, '--json', '--placement', 'homepage', '--no-forms'], env)).stdout);
  t.deepEqual(Object.keys(j).sort(), ['embed', 'token', 'url']);
  t.deepEqual(Object.keys(j.embed).sort(), ['embedJsUrl', 'iframe', 'script']);
  t.regex(j.embed.iframe, /placement=homepage/);
  t.false(j.token.formsEnabled);
  const withEmbed = await deckcli(['share', deckId, '--embed'], env);
  t.regex(withEmbed.stdout, /Script embed:\n  <script src=.*\nIframe embed:\n  <iframe /);
});

test.serial('a share password comes from --password-stdin or DECKS_SHARE_PASSWORD; stdin twice is a usage error', async (t) => {
  const a = await deckcli(['share', deckId, '--password-stdin'], env, 'hunter2\n');
  t.is(a.code, 0, a.stderr);
  t.regex(a.stderr, /, password/);
  const b = await deckcli(['share', deckId], { ...env, DECKS_SHARE_PASSWORD: 'x' });
  t.regex(b.stderr, /, password/);
  const twice = await deckcli(['share', deckId, '--password-stdin', '--api-key-stdin'], { ...env, DECKS_API_KEY: '' }, 'k\n');
  t.is(twice.code, 1);
  t.regex(twice.stderr, /stdin was already read once/);
  t.is((await deckcli(['share', deckId, '--password', 'a', '--password-stdin'], env)).code, 1);
  t.is((await deckcli(['share', deckId, '--expires-in', 'soon'], env)).code, 2);
});

test.serial('tokens: no bar column; downloads column shows the count or a no-downloads marker; --json carries the switches', async (t) => {
  const r = await deckcli(['tokens', deckId], env);
  t.is(r.code, 0, r.stderr);
  t.notRegex(r.stdout, /DOWNLOADS/, 'piped: no header row');
  t.regex(r.stdout, /press .* no downloads /);
  const tty = await runInProcess('deckcli', main, ['tokens', deckId], { ...env, NO_COLOR: '1' }, undefined, undefined, true);
  const header = tty.stdout.split('\n')[0];
  t.notRegex(header, /BAR/);
  t.regex(header, /DOWNLOADS/);
  const j = JSON.parse((await deckcli(['tokens', deckId, '--json'], env)).stdout);
  for (const tok of j.items) for (const k of ['showBar', 'canDownload', 'downloadCount']) t.true(k in tok, k);
});

test.serial('views, list, versions, files list, and paging limits', async (t) => {
  const link = JSON.parse((await deckcli(['share', deckId, '--json'], env)).stdout);
  await fetch(link.url); // an entry load without cookies counts
  const v = await deckcli(['views', deckId], env);
  t.is(v.code, 0, v.stderr);
  t.regex(v.stdout, /^1 view; last opened \S+/);
  t.regex((await deckcli(['list'], env)).stdout, new RegExp(`^${deckId} +v2 +presentation`, 'm'));
  t.regex((await deckcli(['versions', deckId, '--limit', '1'], env)).stdout, /^v2 +\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d +2 files +index\.html\nNext page: --cursor \S+\n$/);
  t.regex((await deckcli(['versions', deckId, '--all'], env)).stdout, /^v2 .*\nv1 /);
  t.regex((await deckcli(['files', 'list', deckId], env)).stdout, /^downloads\/a\.pdf +3 B +[0-9a-f]{12} +since v\d+$/m);
  t.is((await deckcli(['list', '--limit', '0'], env)).code, 2);
  t.is((await deckcli(['list', '--limit', '101'], env)).code, 2);
});

test.serial('responses: summary then rows; filters; CSV guarded against formulas; response with revisions', async (t) => {
  const link = JSON.parse((await deckcli(['share', deckId, '--name', 'signup-link', '--json'], env)).stdout);
  const post = (email: string, cookie?: string) =>
    fetch(`${link.url}forms/signup`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify({ email }) });
  const first = await post('=cmd|"/c calc"!A1');
  t.is(first.status, 201, await first.clone().text());
  const r = await deckcli(['responses', deckId], env);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /^Summary:\n +signup +signup-link +link +- +1 /);
  t.regex(r.stdout, /Recent:\n +\S+ +signup +signup-link +link/);
  const csv = await deckcli(['responses', deckId, '--csv'], env);
  t.regex(csv.stdout, /^id,form,link,source,placement,created,edited,revisions,email\r\n/);
  t.regex(csv.stdout, /,"'=cmd\|""\/c calc""!A1"\r\n$/);
  t.is((await deckcli(['responses', deckId, '--link', link.url], env)).code, 2, 'never a share URL');
  t.is((await deckcli(['responses', deckId, '--source', 'mail'], env)).code, 2);
  t.is((await deckcli(['responses', deckId, '--form', 'other'], env)).stdout, 'No responses\n');
  const j = JSON.parse((await deckcli(['responses', deckId, '--json', '--since', '2000-01-01T00:00:00Z'], env)).stdout);
  const one = await deckcli(['response', deckId, j.items[0].id], env);
  t.regex(one.stdout, /^Response \S+ to form signup \(link\)\nCurrent answer \(created \S+\):\n  \{"email":.*\}\nRevisions kept: 1\n  #1 \S+ via signup-link: /);
});

test.serial('notify --off silences owner mails without touching forms; exactly one switch', async (t) => {
  t.is((await deckcli(['notify', deckId], env)).code, 1, 'a missing switch is a usage error');
  t.is((await deckcli(['notify', deckId, '--off'], env)).stdout, 'Owner mails on form activity are off (forms still take responses)\n');
  t.is((await deckcli(['notify', deckId, '--on'], env)).code, 0);
});

test.serial('delete soft-deletes: the deck and its links stop resolving', async (t) => {
  const link = JSON.parse((await deckcli(['share', deckId, '--json'], env)).stdout);
  t.is((await fetch(link.url)).status, 200);
  const r = await deckcli(['delete', deckId, '--yes'], env);
  t.is(r.code, 0, r.stderr);
  t.is(r.stdout, `Deleted deck ${deckId}; its share links no longer resolve\n`);
  t.is((await fetch(link.url)).status, 404);
  t.is((await deckcli(['versions', deckId], env)).code, 1);
  t.is((await http(s.url, 'GET', `/api/v1/presentations/${deckId}`, { key: env.DECKS_API_KEY })).status, 404);
});
