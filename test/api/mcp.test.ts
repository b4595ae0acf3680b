// The deck tools over streamable HTTP (POST /api/v1/mcp), driven by the SDK's own client:
// the tool list and annotations, publish (dedupe, path rules), show, list, rename, share,
// views, responses, delete, the answer shapes (url next to presentation and version), the
// scope refusal of a read-only key, two workspaces, sessions refused, and bad arguments.
import test from 'ava';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { cookieFrom, http } from '../helpers/http.ts';
import { pageSignIn, person as pagePerson } from '../helpers/pages.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let writeKey: string, readKey: string, otherKey: string;
const clients: Client[] = [];

test.before(async () => {
  s = await startTestServer();
  const ws = await seed.workspace(s.db.pool, 'Acme');
  await pagePerson(s.db.pool, ws.id, 'owner@acme.test', 'owner', 'Olive Owner');
  writeKey = (await seed.key(s.db.pool, 'owner@acme.test', 'deck')).key;
  readKey = (await seed.key(s.db.pool, 'owner@acme.test', 'deck', { scopes: ['presentations:read'] })).key;
  const b = await seed.workspace(s.db.pool, 'Beta');
  await seed.member(s.db.pool, b.id, 'boss@beta.test', 'owner');
  otherKey = (await seed.key(s.db.pool, 'boss@beta.test', 'deck')).key;
});
test.after.always(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await s?.close();
});

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: 'podium-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/api/v1/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  clients.push(client);
  return client;
}
const call = async (c: Client, name: string, args: Record<string, unknown>) => (await c.callTool({ name, arguments: args })) as CallToolResult;
const data = (r: CallToolResult) => r.structuredContent as any;
const b64 = (s: string) => Buffer.from(s).toString('base64');

let deckId: string;

test.serial('the tools, their annotations, and the instructions', async (t) => {
  const c = await connect(writeKey);
  const { tools } = await c.listTools();
  t.deepEqual(tools.map((x) => x.name).sort(), ['delete_deck', 'jury_progress', 'list_decks', 'list_responses', 'list_views', 'publish_deck', 'rename_deck', 'share_deck', 'show_deck']);
  const by = Object.fromEntries(tools.map((x) => [x.name, x]));
  t.true(by.delete_deck!.annotations!.destructiveHint);
  t.false(by.rename_deck!.annotations!.destructiveHint);
  t.true(by.list_decks!.annotations!.readOnlyHint);
  t.deepEqual(by.show_deck!.inputSchema.required, ['deckId']);
  t.regex(c.getInstructions() ?? '', /publish_deck/);
  t.false(tools.some((x) => /podium|deckcli/i.test(x.name)), 'tool names hold no brand');
});

test.serial('publish: a new deck, then a version where unchanged files are not uploaded again', async (t) => {
  const c = await connect(writeKey);
  const first = await call(c, 'publish_deck', {
    title: 'Agent deck',
    files: [{ path: 'index.html', content: '<h1>Hello</h1>' }, { path: 'img/dot.png', content: b64('PNGDATA'), encoding: 'base64' }, { path: 'downloads/notes.txt', content: 'notes' }],
  });
  t.falsy(first.isError, JSON.stringify(first.content));
  const a = data(first);
  deckId = a.presentation.id;
  t.like(a, { version: 1, uploaded: 3, unchanged: 0, attachments: { count: 1, sizeBytes: 5 } });
  t.is(a.url, `${s.url}/decks/${deckId}/present`);
  t.is(a.presentation.title, 'Agent deck');
  const second = data(await call(c, 'publish_deck', { deckId, files: [{ path: 'index.html', content: '<h1>Hello again</h1>' }, { path: 'img/dot.png', content: b64('PNGDATA'), encoding: 'base64' }] }));
  t.like(second, { version: 2, uploaded: 1, unchanged: 1, url: `${s.url}/decks/${deckId}/present` });
  const files = await http(s.url, 'GET', `/api/v1/presentations/${deckId}/files`, { key: writeKey });
  // Newest first: index.html changed in version 2, img/dot.png is unchanged since version 1.
  t.deepEqual(files.body.items.map((f: { path: string }) => f.path), ['index.html', 'img/dot.png']);
});

test.serial('show, list, rename, share, views, responses: url next to presentation and version', async (t) => {
  const c = await connect(writeKey);
  const shown = data(await call(c, 'show_deck', { deckId }));
  t.like(shown, { version: 2, url: `${s.url}/decks/${deckId}/present`, presentation: { id: deckId, version: 2, currentVersion: { version: 2, entry: 'index.html' } } });
  const list = data(await call(c, 'list_decks', { limit: 10 }));
  t.like(list.items[0], { version: 2, url: `${s.url}/decks/${deckId}/present`, presentation: { id: deckId } });
  t.is(list.nextCursor, null);
  const renamed = data(await call(c, 'rename_deck', { deckId, title: 'Renamed by an agent' }));
  t.like(renamed, { version: 2, url: `${s.url}/decks/${deckId}/present`, presentation: { id: deckId, title: 'Renamed by an agent' } });
  const shared = data(await call(c, 'share_deck', { deckId, name: 'for the board', canDownload: false }));
  t.like(shared, { version: 2, url: `${s.url}/decks/${deckId}/present`, share: { token: { name: 'for the board', canDownload: false, showBar: true } } });
  t.regex(shared.share.url, /\/v\/[A-Za-z0-9_-]+\/$/);
  t.is((await fetch(shared.share.url)).status, 200);
  const views = data(await call(c, 'list_views', { deckId }));
  t.like(views, { version: 2, url: `${s.url}/decks/${deckId}/present`, views: { summary: { views: 1 } } });
  t.is(views.views.items.length, 1);
  const responses = data(await call(c, 'list_responses', { deckId, source: 'link' }));
  t.like(responses, { version: 2, presentation: { id: deckId }, responses: { items: [] } });
  const text = (await call(c, 'show_deck', { deckId })).content as { type: string; text: string }[];
  t.is(JSON.parse(text[0]!.text).url, `${s.url}/decks/${deckId}/present`, 'the text content carries the same answer');
});

test.serial('a key without presentations:write reads but sees the write tools refused with the wire code and sentence', async (t) => {
  const c = await connect(readKey);
  t.falsy((await call(c, 'show_deck', { deckId })).isError);
  for (const [name, args] of [
    ['rename_deck', { deckId, title: 'Nope' }],
    ['delete_deck', { deckId }],
    ['share_deck', { deckId }],
    ['publish_deck', { files: [{ path: 'index.html', content: 'x' }] }],
  ] as const) {
    const r = await call(c, name, args);
    t.true(r.isError, name);
    t.is(data(r).error.code, 'insufficient_scope', name);
    t.regex((r.content as { text: string }[])[0]!.text, /lacks the scope .*presentations:write.* \(insufficient_scope\)/, name);
  }
  t.is(data(await call(c, 'show_deck', { deckId })).presentation.title, 'Renamed by an agent', 'nothing changed');
});

test.serial('bad arguments: missing, wrong-typed, a path outside the deck, an unknown deck; nothing half-made', async (t) => {
  const c = await connect(writeKey);
  const before = (await s.db.pool.query('select count(*)::int as n from app.decks')).rows[0].n;
  const missing = await call(c, 'rename_deck', { deckId });
  t.true(missing.isError);
  t.regex((missing.content as { text: string }[])[0]!.text, /Invalid arguments for tool rename_deck/);
  const typed = await call(c, 'show_deck', { deckId: 42 });
  t.true(typed.isError);
  t.regex((typed.content as { text: string }[])[0]!.text, /Invalid arguments/);
  t.true((await call(c, 'show_deck', { deckId: 'not-a-uuid' })).isError);
  for (const p of ['../secret.html', '/etc/passwd', '.env', 'node_modules/x.js', 'a//b.html']) {
    const r = await call(c, 'publish_deck', { files: [{ path: 'index.html', content: 'ok' }, { path: p, content: 'x' }] });
    t.true(r.isError, p);
    t.is(data(r).error.code, 'invalid_path', p);
  }
  const noEntry = await call(c, 'publish_deck', { files: [{ path: 'a.txt', content: 'x' }] });
  t.is(data(noEntry).error.code, 'invalid_input');
  t.regex(data(noEntry).error.message, /no \.html file/);
  const badB64 = await call(c, 'publish_deck', { files: [{ path: 'index.html', content: '%%%', encoding: 'base64' }] });
  t.is(data(badB64).error.code, 'invalid_input');
  const unknown = await call(c, 'show_deck', { deckId: '00000000-0000-4000-8000-000000000000' });
  t.is(data(unknown).error.code, 'not_found');
  t.is((await s.db.pool.query('select count(*)::int as n from app.decks')).rows[0].n, before, 'no deck was made');
  const pending = await s.db.pool.query(`select count(*)::int as n from app_private.upload_intents where sha256 = encode(sha256('x'::bytea), 'hex')`);
  t.is(pending.rows[0].n, 0, 'refused before any precheck');
});

test.serial('two workspaces: B\'s key neither sees nor changes A\'s deck', async (t) => {
  const c = await connect(otherKey);
  t.false(JSON.stringify(data(await call(c, 'list_decks', {}))).includes(deckId));
  for (const [name, args] of [['show_deck', { deckId }], ['rename_deck', { deckId, title: 'Mine' }], ['delete_deck', { deckId }], ['share_deck', { deckId }], ['list_views', { deckId }], ['list_responses', { deckId }], ['publish_deck', { deckId, files: [{ path: 'index.html', content: 'x' }] }]] as const) {
    const r = await call(c, name, args);
    t.true(r.isError, name);
    t.is(data(r).error.code, 'not_found', name);
  }
  t.is((await http(s.url, 'GET', `/api/v1/presentations/${deckId}`, { key: writeKey })).body.title, 'Renamed by an agent');
});

test.serial('keys only; no credential is 401; the endpoint is stateless', async (t) => {
  const cookie = await pageSignIn(s.url, 'owner@acme.test');
  t.truthy(cookie);
  const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
  const accept = { accept: 'application/json, text/event-stream', origin: s.url };
  const session = await http(s.url, 'POST', '/api/v1/mcp', { cookie, body: init, headers: accept });
  t.is(session.status, 403);
  t.is(session.body.error.code, 'session_refused');
  const none = await http(s.url, 'POST', '/api/v1/mcp', { body: init, headers: accept });
  t.is(none.status, 401);
  const get = await http(s.url, 'GET', '/api/v1/mcp', { key: writeKey });
  t.is(get.status, 405);
  const junk = await http(s.url, 'POST', '/api/v1/mcp', { key: writeKey, body: { hello: 'world' }, headers: accept });
  t.true(junk.status >= 400 && junk.status < 500, `junk answers ${junk.status}`);
  t.truthy(cookieFrom);
});

test.serial('JSON-RPC at the transport: a body that is not JSON is a parse error (-32700), GET and DELETE are 405 with Allow', async (t) => {
  const accept = { accept: 'application/json, text/event-stream' };
  const parseError = { jsonrpc: '2.0', error: { code: -32700 }, id: null };
  for (const raw of ['{"jsonrpc":"2.0","id":1,"method":', 'not json at all', '']) {
    const r = await http(s.url, 'POST', '/api/v1/mcp', { key: writeKey, raw, headers: accept });
    t.is(r.status, 400, raw);
    t.like(r.body, parseError, raw);
    t.regex(r.body.error.message, /^Parse error/);
  }
  const notUtf8 = await http(s.url, 'POST', '/api/v1/mcp', { key: writeKey, raw: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), headers: accept });
  t.like(notUtf8, { status: 400, body: parseError });
  const text = await http(s.url, 'POST', '/api/v1/mcp', { key: writeKey, raw: '{}', headers: { ...accept, 'content-type': 'text/plain' } });
  t.like(text, { status: 415, body: { jsonrpc: '2.0', error: { code: -32000 }, id: null } });
  for (const method of ['GET', 'DELETE']) {
    const r = await http(s.url, method, '/api/v1/mcp', { key: writeKey, headers: { ...accept, 'mcp-session-id': 'any' } });
    t.is(r.status, 405, method);
    t.is(r.headers.get('allow'), 'POST', method);
    t.like(r.body, { jsonrpc: '2.0', error: { code: -32000 }, id: null }, method);
  }
  // Credentials are still checked first, in the wire's error shape.
  const none = await http(s.url, 'POST', '/api/v1/mcp', { raw: 'not json', headers: accept });
  t.like(none, { status: 401, body: { error: { code: 'unauthorized' } } });
  // And a JSON body still reaches the SDK's own JSON-RPC validation.
  const junk = await http(s.url, 'POST', '/api/v1/mcp', { key: writeKey, body: { hello: 'world' }, headers: accept });
  t.like(junk, { status: 400, body: { jsonrpc: '2.0', id: null } });
});

test.serial('delete: destructive, answered with the deck as it was; the deck then answers not found', async (t) => {
  const c = await connect(writeKey);
  const gone = data(await call(c, 'delete_deck', { deckId }));
  t.like(gone, { deleted: true, version: 2, url: `${s.url}/decks/${deckId}/present`, presentation: { id: deckId, title: 'Renamed by an agent' } });
  t.regex(gone.presentation.deletedAt, /^\d{4}-/);
  t.is(data(await call(c, 'show_deck', { deckId })).error.code, 'not_found');
  t.is(data(await call(c, 'delete_deck', { deckId })).error.code, 'not_found');
});

test.serial('jury_progress: read-only, counts for an organizer\'s hackathon key, refused to a participant and to a deck key; no tool scores', async (t) => {
  const { voteFixture } = await import('../helpers/vote.ts');
  const fx = await voteFixture(s.db.pool, 'Mcpjury', { teams: { Red: ['red@mcpjury.test'] }, others: [{ email: 'jj@mcpjury.test', role: 'jury' }], voteSection: false, ready: [] });
  await fx.call('owner', 'app.set_jury_criteria($1)', [JSON.stringify([{ name: 'Impact', weight: 1 }])]);
  await fx.call('owner', 'app.assign_jury($1, $2)', [1, 0]);
  const org = await connect((await seed.key(s.db.pool, 'owner@mcpjury.test', 'hackathon', { scopes: ['hackathon:read'] })).key);
  const { tools } = await org.listTools();
  const tool = tools.find((x) => x.name === 'jury_progress')!;
  t.like(tool.annotations, { readOnlyHint: true, destructiveHint: false });
  t.false(tools.some((x) => /score|assign|release|calculate/i.test(x.name)), 'no tool scores, assigns or releases');
  const r = await call(org, 'jury_progress', {});
  t.falsy(r.isError, JSON.stringify(r.content));
  t.like(data(r), { state: 'setup', assigned: 1, submitted: 0, teams: [{ team: 'Red', assigned: 1 }] });
  t.false(JSON.stringify(data(r)).includes('Impact'), 'counts only');
  const ann = await connect((await seed.key(s.db.pool, 'red@mcpjury.test', 'hackathon')).key);
  const refused = await call(ann, 'jury_progress', {});
  t.true(refused.isError);
  t.is(data(refused).error.code, 'insufficient_event_role');
  const deck = await call(await connect(writeKey), 'jury_progress', {});
  t.true(deck.isError);
  t.is(data(deck).error.code, 'insufficient_scope');
});
