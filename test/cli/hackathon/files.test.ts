// `hackathon files download` and GET /api/v1/files/:id(/content) against a real server:
// an evidence archive and deck files of workspace A, read by who may read them, written
// contained in the output folder and verified before they are linked into place; a file id
// asked in workspace B answers not found naming B and what selected it (--workspace,
// EVENT_WORKSPACE, the key's pin, the default); bad ids and --json refused.
import test from 'ava';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createBlobStore } from '../../../core/storage/index.ts';
import { tempDir } from '../../helpers/codehost.ts';
import { publish } from '../../helpers/deck.ts';
import { createEvent, eventWorkspace, HOUR, importRoster, person, teamIds, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { makeHome, runHackathon } from './run.ts';

let s: TestServer;
let owner: Person, rocket: Person, comet: Person, outsider: Person;
let wsA: string, wsB: string;
let deckKey: string;
let archive: { id: string; bytes: Buffer; sha256: string; name: string };
let deckFileId: string;
let env: NodeJS.ProcessEnv;
const run = (args: string[], as: Person = owner, extra: NodeJS.ProcessEnv = {}) => runHackathon(args, { ...env, EVENT_URL: s.url, EVENT_API_KEY: as.key, ...extra });
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

test.before(async () => {
  s = await startTestServer();
  env = makeHome().env;
  const a = await eventWorkspace(s.db.pool, 'Acme');
  wsA = a.ws.id;
  owner = a.owner;
  rocket = await person(s.db.pool, wsA, 'rocket@acme.test');
  comet = await person(s.db.pool, wsA, 'comet@acme.test');
  await createEvent(s.url, owner.key, Date.now() + HOUR, 1);
  await importRoster(s.url, owner.key, [{ email: rocket.email, team: 'Rocket' }, { email: comet.email, team: 'Comet' }]);
  const teams = await teamIds(s.db.pool, wsA);
  // A frozen submission, as the capture job records it: bytes in blob storage, the row in SQL.
  const bytes = Buffer.from('pretend this is a tar.gz of the team repository\n'.repeat(200));
  const store = createBlobStore(s.config);
  await store.put(sha(bytes), bytes.length, Readable.from([bytes]));
  store.close();
  const eventId = (await s.db.pool.query('select id from app.events where workspace_id = $1', [wsA])).rows[0].id;
  const revision = 'ab'.repeat(20);
  await s.db.pool.query(
    `insert into app.submissions (project_id, event_id, state, sha, source, archive_sha256, archive_size, frozen_at) values ($1, $2, 'frozen', $3, 'push', $4, $5, now())`,
    [teams.Rocket, eventId, revision, sha(bytes), bytes.length],
  );
  const shown = await http(s.url, 'GET', `/api/v1/submissions/${teams.Rocket}`, { key: owner.key });
  archive = { id: shown.body.frozen.archive.fileId, bytes, sha256: sha(bytes), name: `submission-${revision.slice(0, 12)}.tar.gz` };
  // A deck of workspace A.
  deckKey = (await seed.key(s.db.pool, owner.email, 'deck')).key;
  const pushed = await publish(s.url, deckKey, { 'index.html': '<h1>Demo</h1>', 'downloads/notes.txt': 'notes' });
  const files = await http(s.url, 'GET', `/api/v1/presentations/${pushed.body.presentation.id}/files`, { key: deckKey });
  deckFileId = files.body.items.find((f: { path: string }) => f.path === 'downloads/notes.txt').fileId;
  // Workspace B, where the owner of A is a member too.
  wsB = (await seed.workspace(s.db.pool, 'Beta')).id;
  await seed.member(s.db.pool, wsB, owner.email, 'owner');
  outsider = await person(s.db.pool, wsB, 'boss@beta.test', 'owner');
});
test.after.always(() => s?.close());

test.serial('the ids are in the answers that list files, and submissions show names the command', async (t) => {
  t.regex(archive.id, /^[0-9a-f-]{36}$/);
  t.regex(deckFileId, /^[0-9a-f-]{36}$/);
  const teams = await teamIds(s.db.pool, wsA);
  const show = await run(['submissions', 'show', teams.Rocket!]);
  t.is(show.code, 0, show.stderr);
  t.true(show.stdout.includes(`(file ${archive.id}: hackathon files download ${archive.id})`));
});

test.serial('an organizer downloads the archive into --output: verified, contained, named by the server', async (t) => {
  const dir = tempDir();
  const r = await run(['files', 'download', archive.id, '--output', dir]);
  t.is(r.code, 0, r.stderr);
  const target = path.join(dir, archive.name);
  t.is(r.stdout, `Saved: ${target} (${archive.bytes.length} bytes, sha256 ${archive.sha256})\n`);
  t.deepEqual(readFileSync(target), archive.bytes);
  t.deepEqual(readdirSync(dir), [archive.name], 'no partial file left behind');
  const again = await run(['files', 'download', archive.id, '--output', dir]);
  t.is(again.code, 0);
  t.regex(again.stdout, /^Already present: /);
});

test.serial('--output naming a file writes there; a different file in the way is a conflict (exit 5), nothing overwritten', async (t) => {
  const dir = tempDir();
  const named = path.join(dir, 'evidence.tgz');
  t.is((await run(['files', 'download', archive.id, '--output', named])).code, 0);
  t.deepEqual(readFileSync(named), archive.bytes);
  writeFileSync(path.join(dir, archive.name), 'mine');
  const clash = await run(['files', 'download', archive.id, '--output', dir]);
  t.is(clash.code, 5);
  t.regex(clash.stderr, /exists with other content/);
  t.is(readFileSync(path.join(dir, archive.name), 'utf8'), 'mine');
  t.deepEqual(readdirSync(dir).sort(), [archive.name, 'evidence.tgz'].sort());
  const missing = await run(['files', 'download', archive.id, '--output', path.join(dir, 'no', 'such', 'file')]);
  t.is(missing.code, 2);
});

test.serial('bytes that do not match the recorded sha256 are never kept (exit 4)', async (t) => {
  const blob = path.join(s.config.dataDir, 'blobs', archive.sha256.slice(0, 2), archive.sha256);
  const good = readFileSync(blob);
  writeFileSync(blob, Buffer.alloc(good.length, 0x41));
  try {
    const dir = tempDir();
    const r = await run(['files', 'download', archive.id, '--output', dir]);
    t.is(r.code, 4);
    t.regex(r.stderr, /do not match the file's recorded sha256/);
    t.deepEqual(readdirSync(dir), []);
  } finally {
    writeFileSync(blob, good);
  }
});

test.serial('who may read: the team\'s participant yes, another team\'s participant not found', async (t) => {
  const dir = tempDir();
  t.is((await run(['files', 'download', archive.id, '--output', dir], rocket)).code, 0);
  const other = await run(['files', 'download', archive.id, '--output', dir], comet);
  t.is(other.code, 1);
  t.regex(other.stderr, /no file \S+ in workspace Acme \(chosen by the default workspace\), or it is not yours to read/);
  const api = await http(s.url, 'GET', `/api/v1/files/${archive.id}/content`, { key: comet.key });
  t.is(api.status, 404);
  t.is(api.body.error.code, 'file_not_found');
});

test.serial('deck files need presentations:read: a deck key streams them, a hackathon key is refused by scope', async (t) => {
  const meta = await http(s.url, 'GET', `/api/v1/files/${deckFileId}`, { key: deckKey });
  t.like(meta.body, { id: deckFileId, kind: 'deck_file', name: 'notes.txt', size: 5 });
  const body = await http(s.url, 'GET', `/api/v1/files/${deckFileId}/content`, { key: deckKey });
  t.is(body.status, 200);
  t.is(body.text, 'notes');
  t.is(body.headers.get('x-podium-sha256'), sha('notes'));
  const r = await run(['files', 'download', deckFileId, '--output', tempDir()]);
  t.is(r.code, 3);
  t.regex(r.stderr, /insufficient_scope/);
  const cookieless = await http(s.url, 'GET', `/api/v1/files/${archive.id}`, { key: deckKey });
  t.is(cookieless.status, 403, 'a deck key does not read evidence archives');
  t.is(cookieless.body.error.code, 'insufficient_scope');
});

test.serial('two workspaces: an id of A asked in B answers not found naming B and what selected it', async (t) => {
  const dir = tempDir();
  const byFlag = await run(['files', 'download', archive.id, '--workspace', 'Beta', '--output', dir]);
  t.is(byFlag.code, 1);
  t.regex(byFlag.stderr, new RegExp(`no file ${archive.id} in workspace Beta \\(chosen by --workspace\\)`));
  const byEnv = await run(['files', 'download', archive.id, '--output', dir], owner, { EVENT_WORKSPACE: wsB });
  t.regex(byEnv.stderr, /in workspace Beta \(chosen by EVENT_WORKSPACE\)/);
  const pinned = { ...owner, key: (await seed.key(s.db.pool, owner.email, 'hackathon', { workspaceId: wsB })).key };
  t.regex((await run(['files', 'download', archive.id, '--output', dir], pinned)).stderr, /in workspace Beta \(chosen by the key's pin\)/);
  t.regex((await run(['files', 'download', archive.id, '--output', dir], outsider)).stderr, /in workspace Beta \(chosen by the default workspace\)/);
  t.deepEqual(readdirSync(dir), []);
  // The wire answer names the workspace and the selection too, and the content route says the same.
  for (const p of [`/api/v1/files/${archive.id}`, `/api/v1/files/${archive.id}/content`, `/api/v1/files/${deckFileId}/content`]) {
    const r = await http(s.url, 'GET', p, { key: owner.key, headers: { 'podium-workspace': wsB } });
    t.is(r.status, 404);
    t.like(r.body.error, { code: 'file_not_found', workspace: 'Beta', workspaceId: wsB, selectedBy: 'workspace header' });
  }
  const b = await http(s.url, 'GET', `/api/v1/files/${deckFileId}`, { key: (await seed.key(s.db.pool, outsider.email, 'deck')).key });
  t.is(b.body.error.code, 'file_not_found');
  const a = await http(s.url, 'GET', `/api/v1/files/${archive.id}`, { key: owner.key, headers: { 'podium-workspace': wsA } });
  t.is(a.status, 200, 'the same id in its own workspace');
});

test.serial('bad input: not a uuid (client exit 2, server 400), --json refused as a usage error, no argument', async (t) => {
  const r = await run(['files', 'download', 'not-a-uuid']);
  t.is(r.code, 2);
  t.regex(r.stderr, /is not a file id/);
  const api = await http(s.url, 'GET', '/api/v1/files/not-a-uuid', { key: owner.key });
  t.is(api.status, 400);
  t.is(api.body.error.code, 'invalid_input');
  const json = await run(['files', 'download', archive.id, '--json']);
  t.is(json.code, 1);
  t.regex(json.stderr, /takes no --json/);
  t.is((await run(['files', 'download'])).code, 1);
  const unknown = await run(['files', 'download', '00000000-0000-4000-8000-000000000000']);
  t.regex(unknown.stderr, /no file 00000000-0000-4000-8000-000000000000 in workspace Acme/);
});
