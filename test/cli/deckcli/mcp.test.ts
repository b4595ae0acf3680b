// `deckcli mcp`: the built binary started as an agent starts it, driven by the SDK's own
// client over stdio: publish a folder by push's rules (dedupe, link file, skipped files),
// rename, delete, the answer shapes, the scope refusal, a path outside the root, bad
// arguments; and the usual refusals before the server starts.
import test from 'ava';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { makeHome, runDeckcli } from './run.ts';

let s: TestServer;
let writeKey: string, readKey: string;
let root: string;
let env: NodeJS.ProcessEnv;
const clients: Client[] = [];

test.before(async () => {
  s = await startTestServer();
  writeKey = (await seed.basicWorkspace(s.db.pool)).deckKey.key;
  readKey = (await seed.key(s.db.pool, 'owner@acme.test', 'deck', { scopes: ['presentations:read'] })).key;
  root = mkdtempSync(path.join(os.tmpdir(), 'mcp-root-'));
  env = makeHome().env;
});
test.after.always(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await s?.close();
});

async function start(key: string, extraArgs: string[] = []): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.resolve('dist/deckcli.mjs'), 'mcp', '--root', root, ...extraArgs],
    env: { ...(env as Record<string, string>), DECKS_API_URL: s.url, DECKS_API_KEY: key },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'podium-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}
const call = async (c: Client, name: string, args: Record<string, unknown>) => (await c.callTool({ name, arguments: args })) as CallToolResult;
const data = (r: CallToolResult) => r.structuredContent as any;
const textOf = (r: CallToolResult) => (r.content as { text: string }[])[0]!.text;
function folder(name: string, files: Record<string, string>): string {
  const dir = path.join(root, name);
  for (const [p, c] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
    writeFileSync(path.join(dir, p), c);
  }
  return dir;
}

let deckId: string;

test.serial('publish a folder: push\'s rules, the link file, then a version that uploads only what changed', async (t) => {
  const c = await start(writeKey);
  const { tools } = await c.listTools();
  t.deepEqual(tools.map((x) => x.name).sort(), ['delete_deck', 'list_decks', 'list_responses', 'list_views', 'publish_deck', 'rename_deck', 'share_deck', 'show_deck']);
  t.true(tools.find((x) => x.name === 'delete_deck')!.annotations!.destructiveHint);
  const dir = folder('talk', { 'index.html': '<h1>Talk</h1>', 'style.css': 'h1{}', '.env': 'SECRET=1', 'package.json': '{}', 'node_modules/x/index.js': 'x', 'downloads/handout.txt': 'hand' });
  symlinkSync('/etc/hostname', path.join(dir, 'link.txt'));
  const first = await call(c, 'publish_deck', { path: 'talk', title: 'Talk' });
  t.falsy(first.isError, textOf(first));
  const a = data(first);
  deckId = a.presentation.id;
  t.like(a, { version: 1, uploaded: 3, unchanged: 0, url: `${s.url}/decks/${deckId}/present`, presentation: { title: 'Talk' }, attachments: { count: 1, sizeBytes: 4 }, skippedSymlinks: ['link.txt'] });
  t.deepEqual(JSON.parse(readFileSync(path.join(dir, '.deckcli.json'), 'utf8')), { presentationId: deckId, baseUrl: s.url });
  const files = await http(s.url, 'GET', `/api/v1/presentations/${deckId}/files`, { key: writeKey });
  t.deepEqual(files.body.items.map((f: { path: string }) => f.path), ['downloads/handout.txt', 'index.html', 'style.css']);
  writeFileSync(path.join(dir, 'index.html'), '<h1>Talk, again</h1>');
  const second = data(await call(c, 'publish_deck', { path: dir }));
  t.like(second, { version: 2, uploaded: 1, unchanged: 2, presentation: { id: deckId } }, 'the link file names the deck; unchanged files stay');
  const fresh = data(await call(c, 'publish_deck', { path: 'talk', new: true, title: 'Copy' }));
  t.not(fresh.presentation.id, deckId);
  t.is(fresh.uploaded, 0, 'a new deck of the same bytes uploads nothing');
  t.is(JSON.parse(readFileSync(path.join(dir, '.deckcli.json'), 'utf8')).presentationId, fresh.presentation.id, 'new: true relinks the folder, as push --new does');
});

test.serial('rename, show, list and share answer url next to presentation and version', async (t) => {
  const c = await start(writeKey);
  const r = data(await call(c, 'rename_deck', { deckId, title: 'Renamed over stdio' }));
  t.like(r, { version: 2, url: `${s.url}/decks/${deckId}/present`, presentation: { id: deckId, title: 'Renamed over stdio' } });
  t.like(data(await call(c, 'show_deck', { deckId })), { version: 2, presentation: { currentVersion: { entry: 'index.html' } } });
  t.true(data(await call(c, 'list_decks', {})).items.some((x: { presentation: { id: string }; url: string }) => x.presentation.id === deckId && x.url.endsWith(`/decks/${deckId}/present`)));
  const share = data(await call(c, 'share_deck', { deckId, version: 1 }));
  t.like(share, { version: 2, share: { token: { follows: 'pinned', pinnedVersion: 1 } } });
});

test.serial('refusals are tool errors: scope, a path outside the root, a missing folder, bad arguments', async (t) => {
  const ro = await start(readKey);
  const scoped = await call(ro, 'rename_deck', { deckId, title: 'Nope' });
  t.true(scoped.isError);
  t.is(data(scoped).error.code, 'insufficient_scope');
  t.regex(textOf(scoped), /\(insufficient_scope\)$/);
  t.is(data(await call(ro, 'publish_deck', { path: 'talk' })).error.code, 'insufficient_scope');
  t.is(data(await call(ro, 'delete_deck', { deckId })).error.code, 'insufficient_scope');
  const c = await start(writeKey);
  const outside = mkdtempSync(path.join(os.tmpdir(), 'mcp-outside-'));
  writeFileSync(path.join(outside, 'index.html'), 'secret');
  symlinkSync(outside, path.join(root, 'escape'));
  for (const p of [outside, '../', 'escape', path.join('talk', '..', '..')]) {
    const r = await call(c, 'publish_deck', { path: p });
    t.true(r.isError, p);
    t.is(data(r).error.code, 'path_outside_root', p);
  }
  t.false(existsSync(path.join(outside, '.deckcli.json')), 'nothing written outside');
  t.is(data(await call(c, 'publish_deck', { path: 'nope' })).error.code, 'not_found');
  t.is(data(await call(c, 'publish_deck', { path: 'talk', entry: '../index.html' })).error.code, 'invalid_entry');
  t.is(data(await call(c, 'publish_deck', { path: 'talk', deckId, new: true })).error.code, 'invalid_input');
  const typed = await call(c, 'rename_deck', { deckId, title: 7 });
  t.true(typed.isError);
  t.regex(textOf(typed), /Invalid arguments for tool rename_deck/);
  t.true((await call(c, 'publish_deck', {})).isError);
  t.is(data(await call(c, 'show_deck', { deckId })).presentation.title, 'Renamed over stdio', 'nothing changed');
});

test.serial('delete is answered with the deck as it was', async (t) => {
  const c = await start(writeKey);
  const gone = data(await call(c, 'delete_deck', { deckId }));
  t.like(gone, { deleted: true, version: 2, url: `${s.url}/decks/${deckId}/present`, presentation: { id: deckId } });
  t.is(data(await call(c, 'show_deck', { deckId })).error.code, 'not_found');
});

test.serial('before serving: no key is exit 3, arguments and --json are usage errors', async (t) => {
  const noKey = await runDeckcli(['mcp', '--api-url', s.url], env);
  t.is(noKey.code, 3);
  t.is((await runDeckcli(['mcp', 'extra', '--api-url', s.url], env)).code, 1);
  t.is((await runDeckcli(['mcp', '--json', '--api-url', s.url], env)).code, 1);
  t.regex((await runDeckcli(['--help'], env)).stdout, /mcp +Serve the deck tools/);
});
