// `deckcli push` end to end against a real server: first push, link file, unchanged
// re-push uploads nothing, one change uploads one blob, attachments, caps before any byte,
// another instance's link file, scopes, and when the browser opens (fake opener, real pty).
import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { deckcli, makeHome } from './run.ts';

let s: TestServer;
let key: string;
test.before(async () => {
  s = await startTestServer({ env: { MAX_FILE_SIZE_MB: '1' } });
  key = (await seed.basicWorkspace(s.db.pool)).deckKey.key;
});
test.after.always(() => s?.close());

function deck(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'push-deck-'));
  for (const [p, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
    writeFileSync(path.join(root, p), body);
  }
  return root;
}
const env = (h: ReturnType<typeof makeHome>, k = key) => ({ ...h.env, DECKS_API_KEY: k, DECKS_API_URL: s.url });
const blobs = async () => (await s.db.pool.query(`select count(*)::int as n from app_private.blobs`)).rows[0].n;

test.serial('first push creates the deck, writes the link file, prints url: and the attachments line', async (t) => {
  const h = makeHome();
  const root = deck({ 'index.html': '<h1>Hi</h1>', 'img/a.png': 'png', 'downloads/notes.pdf': 'x'.repeat(2048), '.env': 'SECRET=1' });
  const r = await deckcli(['push', root, '--title', 'Launch'], env(h));
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /^Published Launch version 1\nurl: http:\/\/127\.0\.0\.1:\d+\/decks\/([0-9a-f-]+)\/present\nid: \1\nAttachments: 1 file, 0\.002 MB \(downloads\/\)\n$/, 'the spec\'s X MB (2,048 bytes)');
  t.regex(r.stderr, /Uploaded 3 of 3 files/);
  const link = JSON.parse(readFileSync(path.join(root, '.deckcli.json'), 'utf8'));
  t.deepEqual(Object.keys(link).sort(), ['baseUrl', 'presentationId']);
  t.is(link.baseUrl, s.url);
  t.deepEqual(h.opened(), [], 'stdout is not a terminal: the browser never opens');
  const again = await deckcli(['push', root], env(h));
  t.is(again.code, 0, again.stderr);
  t.regex(again.stdout, /^Published .*version 2$/m);
  t.regex(again.stderr, /Uploaded 0 of 3 files \(0 B\); 3 unchanged/);
  writeFileSync(path.join(root, 'img/a.png'), 'png2');
  const one = await deckcli(['push', root, '--json'], env(h));
  const answer = JSON.parse(one.stdout);
  t.is(answer.version, 3);
  t.is(answer.presentation.id, link.presentationId);
  t.deepEqual(answer.attachments, { count: 1, sizeBytes: 2048 });
  t.regex(answer.url, /\/decks\/.*\/present$/);
});

test.serial('a file over the per-file cap is named with the cap and no byte leaves', async (t) => {
  const h = makeHome();
  const before = await blobs();
  const root = deck({ 'index.html': 'x', 'video.mp4': Buffer.alloc(1024 * 1024 + 1) });
  const r = await deckcli(['push', root], env(h));
  t.is(r.code, 2);
  t.regex(r.stderr, /video\.mp4 is 1\.0 MB, over the per-file cap of 1 MB; nothing was uploaded/);
  t.is(await blobs(), before);
  t.false(existsSync(path.join(root, '.deckcli.json')));
});

test.serial('a link file naming another instance is a loud error and nothing is sent', async (t) => {
  const h = makeHome();
  const root = deck({ 'index.html': 'x', '.deckcli.json': JSON.stringify({ presentationId: '00000000-0000-4000-8000-000000000000', baseUrl: 'https://other.example.test' }) });
  const before = await blobs();
  const r = await deckcli(['push', root], env(h));
  t.is(r.code, 2);
  t.regex(r.stderr, /links this folder to https:\/\/other\.example\.test, but this push targets http:\/\/127\.0\.0\.1:\d+; nothing was sent/);
  t.is(await blobs(), before);
});

test.serial('a key without presentations:write cannot push', async (t) => {
  const h = makeHome();
  const ro = (await seed.key(s.db.pool, 'owner@acme.test', 'deck', { scopes: ['presentations:read'] })).key;
  const r = await deckcli(['push', deck({ 'index.html': 'x' })], env(h, ro));
  t.is(r.code, 3);
  t.is(r.stderr, 'deckcli: This key lacks the scope for POST /api/v1/blobs/precheck: needs presentations:write (insufficient_scope)\n');
});

test.serial('pushing a skipped dotfile alone is an error; a single .html file is its own entry', async (t) => {
  const h = makeHome();
  const root = deck({ '.secret.html': 'x', 'talk.html': '<p>talk</p>' });
  t.is((await deckcli(['push', path.join(root, '.secret.html')], env(h))).code, 2);
  const r = await deckcli(['push', path.join(root, 'talk.html'), '--json'], env(h));
  t.is(r.code, 0, r.stderr);
  t.is(JSON.parse(r.stdout).version, 1);
});

// A real terminal for stdout: `script` gives the command a pty. (Async: the server under
// test runs in this process.)
async function inPty(args: string[], e: NodeJS.ProcessEnv): Promise<string> {
  const cmd = [process.execPath, path.resolve('dist/deckcli.mjs'), ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return (await promisify(execFile)('script', ['-qec', cmd, '/dev/null'], { env: e, encoding: 'utf8' })).stdout;
}

test.serial('on a terminal: the first push opens the deck page (URL as one argument); --no-open and --json never', async (t) => {
  const h = makeHome();
  const root = deck({ 'index.html': 'x' });
  const out = await inPty(['push', root], env(h));
  const url = /url: (\S+)/.exec(out)![1];
  t.deepEqual(h.opened(), [[url]]);
  await inPty(['push', root], env(h));
  t.is(h.opened().length, 1, 'a later push does not open');
  await inPty(['push', root, '--open'], env(h));
  t.is(h.opened().length, 2, '--open opens');
  const fresh = deck({ 'index.html': 'y' });
  await inPty(['push', fresh, '--no-open'], env(h));
  await inPty(['push', deck({ 'index.html': 'z' }), '--json'], env(h));
  t.is(h.opened().length, 2);
});
