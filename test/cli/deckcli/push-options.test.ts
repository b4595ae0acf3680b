// `deckcli push` options and edges: a concurrent push answers a clean retry error (exit 5),
// --id, --new, --kind, --interactive, --title on a later push, the flag conflicts, and the
// 100 MB default cap when discovery exposes no limits (a stand-in instance; sparse files).
import test from 'ava';
import { mkdirSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { publish } from '../../helpers/deck.ts';
import { http } from '../../helpers/http.ts';
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

function folder(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'push-opt-'));
  for (const [p, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
    writeFileSync(path.join(root, p), body);
  }
  return root;
}
const env = (url = s.url) => ({ ...makeHome().env, DECKS_API_KEY: key, DECKS_API_URL: url });
const linkOf = (root: string) => JSON.parse(readFileSync(path.join(root, '.deckcli.json'), 'utf8'));
const getDeck = async (id: string) => (await http(s.url, 'GET', `/api/v1/presentations/${id}`, { key })).body;

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

function forward(req: IncomingMessage, res: ServerResponse): void {
  const target = new URL(s.url);
  const up = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } }, (r) => {
    res.writeHead(r.statusCode ?? 502, r.headers);
    r.pipe(res);
  });
  up.on('error', () => res.writeHead(502).end());
  req.pipe(up);
}

test('a concurrent push answers version_conflict: exit 5, a clean retry message, the link file still names the deck', async (t) => {
  const root = folder({ 'index.html': '<h1>one</h1>' });
  // The real server, except that another client commits a version just before this push's commit.
  let raced = 0;
  const racer = await listen((req, res) => {
    const m = /^\/api\/v1\/presentations\/([0-9a-f-]{36})\/versions$/.exec(req.url ?? '');
    if (req.method === 'POST' && m && raced++ === 0) {
      void getDeck(m[1]).then((d) => publish(s.url, key, { 'index.html': '<h1>elsewhere</h1>' }, { deck: m[1], baseVersion: d.version })).then(() => forward(req, res));
      return;
    }
    forward(req, res);
  });
  try {
    const e = env(racer.url);
    const first = await deckcli(['push', root, '--json'], e);
    t.is(first.code, 0, first.stderr);
    const id = JSON.parse(first.stdout).presentation.id;
    writeFileSync(path.join(root, 'index.html'), '<h1>two</h1>');
    const r = await deckcli(['push', root], e);
    t.is(raced, 1, 'the other push landed between this push\'s read and its commit');
    t.is(r.code, 5, r.stderr);
    t.regex(r.stderr, /another push committed version 2 of this deck first; nothing was lost: run deckcli push again to publish on top of it/);
    t.is(r.stdout, '');
    t.deepEqual(linkOf(root), { presentationId: id, baseUrl: racer.url });
    t.is((await getDeck(id)).version, 2, 'only the other push committed');
    const retry = await deckcli(['push', root, '--json'], e);
    t.is(retry.code, 0, retry.stderr);
    t.is(JSON.parse(retry.stdout).version, 3, 'running push again publishes on top of it');
  } finally {
    await racer.close();
  }
});

test('--id targets a deck explicitly, even from an unlinked folder', async (t) => {
  const target = (await publish(s.url, key, { 'index.html': 'target v1' }, { title: 'Target' })).body.presentation.id;
  const root = folder({ 'index.html': 'from elsewhere' });
  const r = await deckcli(['push', root, '--id', target, '--json'], env());
  t.is(r.code, 0, r.stderr);
  const a = JSON.parse(r.stdout);
  t.is(a.presentation.id, target);
  t.is(a.version, 2);
  t.is(linkOf(root).presentationId, target);
});

test('--new publishes a linked folder as a fresh deck and relinks the folder', async (t) => {
  const root = folder({ 'index.html': 'x' });
  const e = env();
  const first = JSON.parse((await deckcli(['push', root, '--json'], e)).stdout).presentation.id;
  const r = await deckcli(['push', root, '--new', '--json'], e);
  t.is(r.code, 0, r.stderr);
  const a = JSON.parse(r.stdout);
  t.not(a.presentation.id, first);
  t.is(a.version, 1);
  t.is(linkOf(root).presentationId, a.presentation.id);
  t.is((await getDeck(first)).version, 1, 'the old deck is untouched');
});

test('--kind and --interactive reach the deck; an unknown kind is refused before any request', async (t) => {
  const root = folder({ 'index.html': 'app' });
  const r = await deckcli(['push', root, '--kind', 'app', '--interactive', '--json'], env());
  t.is(r.code, 0, r.stderr);
  const d = await getDeck(JSON.parse(r.stdout).presentation.id);
  t.is(d.kind, 'app');
  t.is(d.interactive, true);
  const plain = JSON.parse((await deckcli(['push', folder({ 'index.html': 'p' }), '--json'], env())).stdout).presentation.id;
  const p = await getDeck(plain);
  t.is(p.kind, 'presentation');
  t.is(p.interactive, false);
  const bad = await deckcli(['push', folder({ 'index.html': 'b' }), '--kind', 'poster'], env());
  t.is(bad.code, 2);
  t.regex(bad.stderr, /--kind must be presentation, app or plan, got poster/);
});

test('--title on a later push renames the deck; a push without it keeps the title', async (t) => {
  const root = folder({ 'index.html': 'x' });
  const e = env();
  const id = JSON.parse((await deckcli(['push', root, '--title', 'First title', '--json'], e)).stdout).presentation.id;
  writeFileSync(path.join(root, 'index.html'), 'y');
  const r = await deckcli(['push', root, '--title', 'Second title'], e);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /^Published Second title version 2$/m);
  t.is((await getDeck(id)).title, 'Second title');
  writeFileSync(path.join(root, 'index.html'), 'z');
  await deckcli(['push', root], e);
  const d = await getDeck(id);
  t.is(d.version, 3);
  t.is(d.title, 'Second title');
});

test('--id with --new, and --open with --no-open, conflict: usage errors (exit 1), no request sent', async (t) => {
  const srv = await limitless();
  try {
    const e = { ...makeHome().env, DECKS_API_KEY: 'dk_x', DECKS_API_URL: srv.url };
    const root = folder({ 'index.html': 'x' });
    const both = await deckcli(['push', root, '--id', '00000000-0000-4000-8000-000000000000', '--new'], e);
    t.is(both.code, 1);
    t.regex(both.stderr, /--id and --new conflict/);
    const open = await deckcli(['push', root, '--open', '--no-open'], e);
    t.is(open.code, 1);
    t.regex(open.stderr, /--open and --no-open conflict/);
    t.deepEqual(srv.seen, []);
  } finally {
    await srv.close();
  }
});

/** An instance whose discovery has no limits; it records every request and accepts nothing. */
async function limitless() {
  const seen: string[] = [];
  const srv = await listen((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    const json = (status: number, v: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(v));
    if (req.url === '/api/v1/instance') return json(200, { auth: { methods: ['email_code'] } });
    json(503, { error: { code: 'unavailable', message: 'stand-in accepts nothing' } });
  });
  return { ...srv, seen };
}

function sparse(name: string, bytes: number): string {
  const root = folder({ 'index.html': 'x' });
  writeFileSync(path.join(root, name), '');
  truncateSync(path.join(root, name), bytes);
  return root;
}

test('discovery without limits.maxFileSizeMb: the cap is 100 MB, checked before any upload request', async (t) => {
  const srv = await limitless();
  try {
    const over = sparse('big.bin', 101 * 1024 * 1024);
    const r = await deckcli(['push', over], { ...makeHome().env, DECKS_API_KEY: 'dk_x', DECKS_API_URL: srv.url });
    t.is(r.code, 2, r.stderr);
    t.regex(r.stderr, /big\.bin is 101\.0 MB, over the per-file cap of 100 MB; nothing was uploaded/);
    t.deepEqual(srv.seen, ['GET /api/v1/instance'], 'only discovery reached the instance');
    // Exactly 100 MB is within the cap: the push goes on to its precheck.
    srv.seen.length = 0;
    const at = sparse('edge.bin', 100 * 1024 * 1024);
    const ok = await deckcli(['push', at], { ...makeHome().env, DECKS_API_KEY: 'dk_x', DECKS_API_URL: srv.url });
    t.notRegex(ok.stderr, /over the per-file cap/);
    t.true(srv.seen.includes('POST /api/v1/blobs/precheck'), srv.seen.join(', '));
  } finally {
    await srv.close();
  }
});
