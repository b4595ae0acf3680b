// Typed GraphQL for the deck publishing service (issue 44): every deck function answering JSON
// names its composite type (`@shape`, sql/migrations/000344_graphql_shapes_decks.sql). Each
// query field is read with every field selected and agrees with the REST route calling the
// same function; each mutation answers its type with the values the change made; workspace
// B's key reads none of A's decks through the typed fields.
import test from 'ava';
import type { GraphQLSchema } from 'postgraphile/graphql';
import { manifestOf, publish, sha, upload } from '../../helpers/deck.ts';
import { answerTypes, liveSchema, mutateShaped, readShaped, sameAsJson } from '../../helpers/graphql.ts';
import { cookieFrom, http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { until } from '../../../ops/harness/until.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let schema: GraphQLSchema;
let keyA: string, keyB: string;
let deck: string; // A's deck: two versions, an attachment, links, views, annotations, collaborators
let fileId: string;
let pinnedLinkId: string;

const V1 = { 'index.html': '<h1>Alpha v1</h1>', 'app.js': 'console.log(1)', 'downloads/notes.txt': 'the notes' };
const V2 = { ...V1, 'index.html': '<h1>Alpha v2</h1>' };

async function ok(r: Promise<{ status: number; body: any; text: string }>, status = 200) {
  const res = await r;
  if (res.status !== status) throw new Error(`${res.status}: ${res.text.slice(0, 500)}`);
  return res.body;
}
const rest = (path: string, key = keyA) => ok(http(s.url, 'GET', path, { key }));
/** A deck as REST answers it, without the page URL the route adds (not the function's). */
const withoutUrl = ({ url: _url, ...restDeck }: Record<string, unknown>) => restDeck;

test.before(async () => {
  s = await startTestServer({ worker: true }); // the worker mails the collaborator invitation
  const a = await seed.basicWorkspace(s.db.pool, 'Alpha', 'owner@alpha.test');
  const b = await seed.basicWorkspace(s.db.pool, 'Beta', 'ben@beta.test');
  keyA = a.deckKey.key;
  keyB = b.deckKey.key;
  const p1 = await publish(s.url, keyA, V1, { title: 'Alpha deck', metadata: { theme: 'dark', tags: ['q3'] } });
  if (p1.status !== 201) throw new Error(JSON.stringify(p1.body));
  deck = p1.body.presentation.id;
  const p2 = await publish(s.url, keyA, V2, { deck, baseVersion: 1 });
  if (p2.status !== 201) throw new Error(JSON.stringify(p2.body));
  if ((await publish(s.url, keyB, { 'index.html': '<h1>Beta</h1>' }, { title: 'Beta deck' })).status !== 201) throw new Error('B publish');

  // Two links (one pinned to version 1, named, expiring), a view through each.
  const latest = await ok(http(s.url, 'POST', `/api/v1/presentations/${deck}/share-links`, { key: keyA, body: {} }), 201);
  const pinned = await ok(http(s.url, 'POST', `/api/v1/presentations/${deck}/share-links`, { key: keyA, body: { name: 'Board', version: 1, expiresInMinutes: 600, canDownload: true } }), 201);
  pinnedLinkId = pinned.token.id;
  await ok(http(s.url, 'GET', latest.url.slice(s.url.length)));
  await ok(http(s.url, 'GET', pinned.url.slice(s.url.length) + '?embed=1&placement=pricing-page'));

  // Annotations on both versions.
  await ok(http(s.url, 'POST', `/api/v1/presentations/${deck}/annotations`, { key: keyA, body: { version: 1, path: 'app.js', position: { line: 1 }, body: 'old script' } }), 201);
  await ok(http(s.url, 'POST', `/api/v1/presentations/${deck}/annotations`, { key: keyA, body: { path: 'index.html', position: { x: 10, y: 20 }, body: 'Bigger title' } }), 201);

  // Collaborators: an account that claims on sign-in, and an address with no account (mailed).
  const other = await seed.workspace(s.db.pool, 'Elsewhere');
  const { userId } = await seed.member(s.db.pool, other.id, 'cora@else.test', 'member', 'Cora');
  await seed.password(s.db.pool, userId, 'correct horse battery');
  await ok(http(s.url, 'POST', `/api/v1/presentations/${deck}/collaborators`, { key: keyA, body: { email: 'cora@else.test' } }), 201);
  await ok(http(s.url, 'POST', `/api/v1/presentations/${deck}/collaborators`, { key: keyA, body: { email: 'newbie@nowhere.test' } }), 201);
  cookieFrom(await http(s.url, 'POST', '/api/v1/auth/session', { body: { email: 'cora@else.test', password: 'correct horse battery' } }));
  await until('the invitation mailed', async () => {
    const items = (await rest(`/api/v1/presentations/${deck}/collaborators`)).items as { email: string; invitation: { sentAt: string | null } | null }[];
    return items.find((c) => c.email === 'newbie@nowhere.test')?.invitation?.sentAt;
  });

  const files = await rest(`/api/v1/presentations/${deck}/files`);
  fileId = files.items.find((f: { path: string }) => f.path === 'downloads/notes.txt').fileId;
  schema = await liveSchema(s.url, keyA);
});
test.after.always(() => s?.close());

test('every deck field answers its own type, not the JSON scalar', (t) => {
  const reads: Record<string, string> = {
    getDeck: 'DeckDetail', listDecks: '[DeckSummary]', listDeckFiles: 'DeckFilePage', listDeckVersions: '[DeckVersionSummary]',
    listShareLinks: '[ShareLinkSummary]', listViews: 'DeckViewPage', listAnnotations: '[DeckAnnotationSummary]',
    listCollaborators: '[DeckCollaboratorSummary]', fileInfo: 'WorkspaceFile',
  };
  t.deepEqual(answerTypes(schema, Object.keys(reads)), reads);
  const writes: Record<string, string> = {
    addAnnotation: 'DeckAnnotationSummary', deleteAnnotation: 'DeckAnnotationSummary', commitDeckVersion: 'DeckPushResult',
    duplicateDeck: 'DeckDuplicateResult', inviteCollaborator: 'DeckCollaboratorSummary', removeCollaborator: 'DeckCollaboratorSummary',
    renameDeck: 'DeckSummary', revokeShareLink: 'ShareLinkSummary', setDeckNotify: 'DeckNotifySetting', softDeleteDeck: 'DeckDeletion',
    precheckBlobs: 'DeckBlobPrecheck',
  };
  t.deepEqual(answerTypes(schema, Object.keys(writes)), writes);
});

test.serial('getDeck and listDecks answer typed, the same as GET /api/v1/presentations(/:id)', async (t) => {
  const typed = await readShaped(s.url, keyA, schema, 'getDeck', { deck });
  const json = withoutUrl(await rest(`/api/v1/presentations/${deck}`));
  sameAsJson(t, typed, json, 'getDeck');
  t.is(typed.currentVersion.version, 2);
  t.is(typed.currentVersion.attachments.count, 1, 'the nested attachments are read');
  t.is(typed.owner.email, 'owner@alpha.test');
  t.deepEqual(typed.metadata, { theme: 'dark', tags: ['q3'] });

  const list = await readShaped(s.url, keyA, schema, 'listDecks', { limit: 50 });
  const listed = await rest('/api/v1/presentations');
  t.is(list.length, 1);
  sameAsJson(t, list, listed.items.map(withoutUrl), 'listDecks');
});

test.serial('listDeckVersions, listDeckFiles (current and one version) answer typed, the same as REST', async (t) => {
  const versions = await readShaped(s.url, keyA, schema, 'listDeckVersions', { deck, limit: 30 });
  t.is(versions.length, 2);
  sameAsJson(t, versions, (await rest(`/api/v1/presentations/${deck}/versions`)).items, 'listDeckVersions');

  const files = await readShaped(s.url, keyA, schema, 'listDeckFiles', { deck, limit: 100 });
  const { nextCursor: _c, ...restFiles } = await rest(`/api/v1/presentations/${deck}/files`);
  sameAsJson(t, files, restFiles, 'listDeckFiles');
  t.is(files.version.version, 2);
  t.deepEqual(files.items.map((f: { path: string; changedIn: { version: number } }) => [f.path, f.changedIn.version]),
    [['index.html', 2], ['app.js', 1], ['downloads/notes.txt', 1]]);
  t.true(files.items.find((f: { path: string }) => f.path === 'downloads/notes.txt').attachment);

  const first = await readShaped(s.url, keyA, schema, 'listDeckFiles', { deck, version: 1, limit: 100 });
  const { nextCursor: _d, ...restFirst } = await rest(`/api/v1/presentations/${deck}/files?version=1`);
  sameAsJson(t, first, restFirst, 'listDeckFiles version 1');
  t.is(first.items.length, 3);
});

test.serial('listShareLinks and listViews answer typed, the same as REST', async (t) => {
  const links = await readShaped(s.url, keyA, schema, 'listShareLinks', { deck, limit: 50 });
  sameAsJson(t, links, (await rest(`/api/v1/presentations/${deck}/share-links`)).items, 'listShareLinks');
  t.is(links.length, 2);
  const pinned = links.find((l: { id: string }) => l.id === pinnedLinkId);
  t.like(pinned, { name: 'Board', follows: 'pinned', pinnedVersion: 1, canDownload: true, viewCount: '1' });
  t.truthy(pinned.expiresAt);

  const views = await readShaped(s.url, keyA, schema, 'listViews', { deck, limit: 50 });
  const { nextCursor: _c, ...restViews } = await rest(`/api/v1/presentations/${deck}/views`);
  sameAsJson(t, views, restViews, 'listViews');
  t.is(views.summary.views, '2');
  t.truthy(views.summary.lastOpenedAt);
  t.like(views.items.find((v: { linkId: string }) => v.linkId === pinnedLinkId), { linkName: 'Board', version: 1, source: 'embed', placement: 'pricing-page' });
});

test.serial('listAnnotations and listCollaborators answer typed, the same as REST', async (t) => {
  const all = await readShaped(s.url, keyA, schema, 'listAnnotations', { deck, limit: 50 });
  sameAsJson(t, all, (await rest(`/api/v1/presentations/${deck}/annotations`)).items, 'listAnnotations');
  t.is(all.length, 2);
  t.deepEqual(all[0].position, { x: 10, y: 20 }, 'the position stays free-form JSON');
  t.is(all[0].author.email, 'owner@alpha.test');
  const one = await readShaped(s.url, keyA, schema, 'listAnnotations', { deck, version: 1, limit: 50 });
  sameAsJson(t, one, (await rest(`/api/v1/presentations/${deck}/annotations?version=1`)).items, 'listAnnotations version 1');
  t.is(one.length, 1);

  const people = await readShaped(s.url, keyA, schema, 'listCollaborators', { deck });
  sameAsJson(t, people, (await rest(`/api/v1/presentations/${deck}/collaborators`)).items, 'listCollaborators');
  const cora = people.find((c: { email: string }) => c.email === 'cora@else.test');
  t.true(cora.claimed);
  t.truthy(cora.userId);
  t.truthy(cora.claimedAt);
  const newbie = people.find((c: { email: string }) => c.email === 'newbie@nowhere.test');
  t.false(newbie.claimed);
  t.is(newbie.invitation.state, 'pending');
  t.truthy(newbie.invitation.sentAt);
  t.truthy(newbie.invitation.expiresAt);
});

test.serial('fileInfo answers typed, the same as GET /api/v1/files/:id', async (t) => {
  const typed = await readShaped(s.url, keyA, schema, 'fileInfo', { file: fileId });
  sameAsJson(t, typed, await rest(`/api/v1/files/${fileId}`), 'fileInfo');
  t.like(typed, { kind: 'deck_file', name: 'notes.txt', sha256: sha(V1['downloads/notes.txt']), size: String(V1['downloads/notes.txt'].length) });
  t.deepEqual(typed.source, { projectId: null, deckId: deck, version: 2, path: 'downloads/notes.txt' });
});

test.serial('precheckBlobs and commitDeckVersion: a deck pushed over GraphQL answers typed, as REST reads it', async (t) => {
  const files = { 'index.html': '<h1>Gamma</h1>', 'downloads/deck.pdf': 'pdf bytes' };
  const manifest = manifestOf(files);
  const pre = await mutateShaped(s.url, keyA, schema, 'precheckBlobs', { files: manifest.map(({ sha256, size }) => ({ sha256, size })) });
  t.deepEqual(pre, { missing: [sha(files['index.html']), sha(files['downloads/deck.pdf'])].sort() });
  for (const content of Object.values(files)) t.is((await upload(s.url, keyA, content)).status, 201);
  t.deepEqual(await mutateShaped(s.url, keyA, schema, 'precheckBlobs', { files: manifest.map(({ sha256, size }) => ({ sha256, size })) }), { missing: [] });

  const pushed = await mutateShaped(s.url, keyA, schema, 'commitDeckVersion', {
    manifest: { entry: 'index.html', files: manifest, title: 'Gamma', metadata: { event: 'spring' } },
  });
  t.is(pushed.version, 1);
  t.deepEqual(pushed.attachments, { count: 1, sizeBytes: String(Buffer.byteLength(files['downloads/deck.pdf'])) });
  const { currentVersion: _v, ...restDeck } = withoutUrl(await rest(`/api/v1/presentations/${pushed.presentation.id}`));
  sameAsJson(t, pushed.presentation, restDeck, 'commitDeckVersion presentation');

  const again = await mutateShaped(s.url, keyA, schema, 'commitDeckVersion', {
    deck: pushed.presentation.id, base: 1, manifest: { entry: 'index.html', files: manifest.slice(0, 1) },
  });
  t.is(again.version, 2);
  t.is(again.attachments, null, 'a version without attachments answers none');
  t.is(again.presentation.version, 2);
});

test.serial('renameDeck, setDeckNotify and duplicateDeck answer typed, as REST then reads the deck', async (t) => {
  const renamed = await mutateShaped(s.url, keyA, schema, 'renameDeck', { deck, title: 'Alpha renamed' });
  t.is(renamed.title, 'Alpha renamed');
  const { currentVersion: _v, ...restDeck } = withoutUrl(await rest(`/api/v1/presentations/${deck}`));
  sameAsJson(t, renamed, restDeck, 'renameDeck');

  t.deepEqual(await mutateShaped(s.url, keyA, schema, 'setDeckNotify', { deck, enabled: false }), { presentationId: deck, notify: false });
  t.false((await rest(`/api/v1/presentations/${deck}`)).notify);
  t.deepEqual(await mutateShaped(s.url, keyA, schema, 'setDeckNotify', { deck, enabled: true }), { presentationId: deck, notify: true });

  const copy = await mutateShaped(s.url, keyA, schema, 'duplicateDeck', { deck, version: 1 });
  t.like(copy, { version: 1, sourceVersion: 1 });
  t.is(copy.presentation.remixedFrom, deck);
  t.is(copy.presentation.title, 'Alpha renamed (copy)');
  const { currentVersion: _w, ...restCopy } = withoutUrl(await rest(`/api/v1/presentations/${copy.presentation.id}`));
  sameAsJson(t, copy.presentation, restCopy, 'duplicateDeck presentation');
});

test.serial('addAnnotation, deleteAnnotation, inviteCollaborator, removeCollaborator answer typed, as REST lists them', async (t) => {
  const added = await mutateShaped(s.url, keyA, schema, 'addAnnotation', { deck, version: 2, path: 'app.js', position: { line: 3, col: 7 }, body: 'Typed note' });
  t.like(added, { presentationId: deck, version: 2, path: 'app.js', body: 'Typed note' });
  t.deepEqual(added.position, { line: 3, col: 7 });
  const listed = (await rest(`/api/v1/presentations/${deck}/annotations`)).items.find((a: { id: string }) => a.id === added.id);
  sameAsJson(t, added, listed, 'addAnnotation');
  const removed = await mutateShaped(s.url, keyA, schema, 'deleteAnnotation', { deck, annotation: added.id });
  sameAsJson(t, removed, listed, 'deleteAnnotation');
  t.false((await rest(`/api/v1/presentations/${deck}/annotations`)).items.some((a: { id: string }) => a.id === added.id));

  const invited = await mutateShaped(s.url, keyA, schema, 'inviteCollaborator', { deck, email: 'Dora@Else.test' });
  t.like(invited, { presentationId: deck, email: 'dora@else.test', claimed: false, userId: null });
  // The worker mails the invitation: its state moves from sending to pending.
  const mailed = await until('the invitation mailed', async () =>
    (await rest(`/api/v1/presentations/${deck}/collaborators`)).items.find((c: { id: string; invitation: { sentAt: string | null } | null }) => c.id === invited.id && c.invitation?.sentAt));
  const gone = await mutateShaped(s.url, keyA, schema, 'removeCollaborator', { deck, collaborator: invited.id });
  // Its invitation goes with it (the answer is built after the delete): the rest as listed.
  sameAsJson(t, gone, { ...mailed, invitation: null }, 'removeCollaborator');
  t.is(mailed.invitation.state, 'pending');
  t.false((await rest(`/api/v1/presentations/${deck}/collaborators`)).items.some((c: { id: string }) => c.id === invited.id));
});

test.serial('revokeShareLink and softDeleteDeck answer typed', async (t) => {
  const revoked = await mutateShaped(s.url, keyA, schema, 'revokeShareLink', { link: pinnedLinkId });
  t.truthy(revoked.revokedAt);
  const listed = (await rest(`/api/v1/presentations/${deck}/share-links`)).items.find((l: { id: string }) => l.id === pinnedLinkId);
  sameAsJson(t, revoked, listed, 'revokeShareLink');

  const doomed = (await publish(s.url, keyA, { 'index.html': '<h1>bye</h1>' }, { title: 'Doomed' })).body.presentation.id;
  const deleted = await mutateShaped(s.url, keyA, schema, 'softDeleteDeck', { deck: doomed });
  t.is(deleted.id, doomed);
  const { rows } = await s.db.pool.query('select deleted_at = $2::timestamptz as same from app.decks where id = $1', [doomed, deleted.deletedAt]);
  t.true(rows[0].same, 'deletedAt is the instant the deck was deleted');
  t.is((await http(s.url, 'GET', `/api/v1/presentations/${doomed}`, { key: keyA })).status, 404);
});

test.serial("workspace B's key reads none of A's decks through the typed fields", async (t) => {
  const schemaB = await liveSchema(s.url, keyB);
  const mine = await readShaped(s.url, keyB, schemaB, 'listDecks', { limit: 50 });
  t.deepEqual(mine.map((d: { title: string }) => d.title), ['Beta deck'], "B lists its own deck, none of A's");
  const refused = async (field: string, args: Record<string, unknown>) => {
    const err = await t.throwsAsync(readShaped(s.url, keyB, schemaB, field, args));
    return err!.message;
  };
  for (const [field, args] of [
    ['getDeck', { deck }], ['listDeckFiles', { deck, limit: 10 }], ['listDeckVersions', { deck, limit: 10 }],
    ['listShareLinks', { deck, limit: 10 }], ['listViews', { deck, limit: 10 }], ['listAnnotations', { deck, limit: 10 }],
    ['listCollaborators', { deck }],
  ] as const) {
    t.regex(await refused(field, args), /not_found/, field);
  }
  t.regex(await refused('fileInfo', { file: fileId }), /file_not_found/);
  const rename = await t.throwsAsync(mutateShaped(s.url, keyB, schemaB, 'renameDeck', { deck, title: 'Taken' }));
  t.regex(rename!.message, /not_found/);
  t.is((await rest(`/api/v1/presentations/${deck}`)).title, 'Alpha renamed', "A's deck is untouched");
});
