// `deckcli pull` against the real server (round trip) and against a hostile one: nothing
// is written outside the destination and nothing unverified is written.
import test from 'ava';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { deckcli, makeHome } from './run.ts';

let s: TestServer;
let key: string;
test.before(async () => {
  s = await startTestServer();
  key = (await seed.basicWorkspace(s.db.pool)).deckKey.key;
});
test.after.always(() => s?.close());

const tmp = (p: string) => mkdtempSync(path.join(os.tmpdir(), p));
const sha = (b: string) => createHash('sha256').update(b).digest('hex');

test('push then pull into an empty folder gives the same files, the link file, and a chosen version', async (t) => {
  const h = makeHome();
  const e = { ...h.env, DECKS_API_KEY: key, DECKS_API_URL: s.url };
  const src = tmp('pull-src-');
  mkdirSync(path.join(src, 'downloads'));
  writeFileSync(path.join(src, 'index.html'), '<h1>v1</h1>');
  writeFileSync(path.join(src, 'downloads', 'r.pdf'), 'report');
  const first = JSON.parse((await deckcli(['push', src, '--json'], e)).stdout);
  writeFileSync(path.join(src, 'index.html'), '<h1>v2</h1>');
  await deckcli(['push', src], e);
  const dest = path.join(tmp('pull-dest-'), 'copy');
  const r = await deckcli(['pull', dest, '--id', first.presentation.id], e);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /version 2: 2 files/);
  t.is(readFileSync(path.join(dest, 'index.html'), 'utf8'), '<h1>v2</h1>');
  t.is(readFileSync(path.join(dest, 'downloads', 'r.pdf'), 'utf8'), 'report');
  t.deepEqual(JSON.parse(readFileSync(path.join(dest, '.deckcli.json'), 'utf8')), { presentationId: first.presentation.id, baseUrl: s.url });
  const v1 = await deckcli(['pull', dest, '--version', '1'], e);
  t.is(v1.code, 0, v1.stderr);
  t.is(readFileSync(path.join(dest, 'index.html'), 'utf8'), '<h1>v1</h1>');
  t.is((await deckcli(['pull', dest, '--version', 'latest'], e)).code, 2);
});

test('a destination linked to another instance is an error and nothing is written', async (t) => {
  const h = makeHome();
  const dest = tmp('pull-other-');
  writeFileSync(path.join(dest, '.deckcli.json'), JSON.stringify({ presentationId: 'x', baseUrl: 'https://other.example.test' }));
  const r = await deckcli(['pull', dest], { ...h.env, DECKS_API_KEY: key, DECKS_API_URL: s.url });
  t.is(r.code, 2);
  t.regex(r.stderr, /links this folder to https:\/\/other\.example\.test/);
  t.deepEqual(readdirSync(dest), ['.deckcli.json']);
});

/** An instance that lies: the manifest and blobs it serves are the test's. */
async function hostile(files: { path: string; sha256: string; size: number; body: string }[]) {
  const server = http.createServer((req, res) => {
    const json = (v: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(v));
    if (req.url!.startsWith('/api/v1/presentations/d1/files')) return json({ version: { version: 1 }, items: files.map(({ body: _b, ...f }) => f), nextCursor: null });
    if (req.url!.startsWith('/api/v1/presentations/d1')) return json({ id: 'd1', title: 'Evil', version: 1 });
    const m = /^\/files\/([0-9a-f]{64})\/content$/.exec(req.url!);
    const f = m && files.find((x) => x.sha256 === m[1]);
    if (f) return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(f.body);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const hostileCases: Record<string, { path: string; sha256: string; size: number; body: string }> = {
  traversal: { path: '../../escaped.txt', sha256: sha('x'), size: 1, body: 'x' },
  absolute: { path: '/tmp/absolute-escape.txt', sha256: sha('x'), size: 1, body: 'x' },
  dotfile: { path: '.bashrc', sha256: sha('x'), size: 1, body: 'x' },
  oversized: { path: 'big.bin', sha256: sha('0123456789'), size: 4, body: '0123456789' },
  mismatch: { path: 'index.html', sha256: sha('expected'), size: 8, body: 'tampered' },
};

for (const [name, file] of Object.entries(hostileCases)) {
  test(`a hostile instance (${name}): refused, nothing unverified written, nothing outside`, async (t) => {
    const srv = await hostile([file]);
    try {
      const h = makeHome();
      const parent = tmp('pull-hostile-');
      const dest = path.join(parent, 'dest');
      const r = await deckcli(['pull', dest, '--id', 'd1'], { ...h.env, DECKS_API_KEY: 'dk_x', DECKS_API_URL: srv.url });
      t.is(r.code, 4, r.stderr);
      t.regex(r.stderr, /refused what the instance sent/);
      t.deepEqual(existsSync(dest) ? readdirSync(dest) : [], []);
      t.deepEqual(readdirSync(parent).filter((x) => x !== 'dest'), []);
      t.false(existsSync('/tmp/absolute-escape.txt'));
    } finally {
      await srv.close();
    }
  });
}

test('a symlink planted in the destination is never followed; files are never executable', async (t) => {
  const srv = await hostile([{ path: 'index.html', sha256: sha('<p>ok</p>'), size: 9, body: '<p>ok</p>' }, { path: 'js/app.js', sha256: sha('1'), size: 1, body: '1' }]);
  try {
    const h = makeHome();
    const dest = tmp('pull-planted-');
    const outside = tmp('pull-victim-');
    writeFileSync(path.join(outside, 'victim'), 'original');
    symlinkSync(path.join(outside, 'victim'), path.join(dest, 'index.html'));
    const r = await deckcli(['pull', dest, '--id', 'd1'], { ...h.env, DECKS_API_KEY: 'dk_x', DECKS_API_URL: srv.url });
    t.is(r.code, 4);
    t.is(readFileSync(path.join(outside, 'victim'), 'utf8'), 'original');
    const clean = tmp('pull-clean-');
    t.is((await deckcli(['pull', clean, '--id', 'd1'], { ...h.env, DECKS_API_KEY: 'dk_x', DECKS_API_URL: srv.url })).code, 0);
    for (const f of ['index.html', 'js/app.js']) t.is(statSync(path.join(clean, f)).mode & 0o111, 0);
  } finally {
    await srv.close();
  }
});
