// A workspace may name a blob in a manifest only after its own verified upload, and a blob's
// recorded size is the one the server measured. Both used to be decided by whoever called
// app.blob_uploaded, which GraphQL exposed to every presentations:write key: workspace B
// could precheck A's file by its sha256, record it as uploaded, commit it and read it; or
// record a wrong size for content nobody had uploaded yet, after which every honest push of
// those bytes failed blob_mismatch for good.
import test from 'ava';
import { randomBytes } from 'node:crypto';
import { publish, sha } from '../../helpers/deck.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../helpers/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let keyA: string, keyB: string, wsB: string;
test.before(async () => {
  s = await startTestServer();
  keyA = (await seed.basicWorkspace(s.db.pool, 'Alpha', 'ann@alpha.test')).deckKey.key;
  const b = await seed.basicWorkspace(s.db.pool, 'Beta', 'ben@beta.test');
  keyB = b.deckKey.key;
  wsB = b.ws.id;
});
test.after.always(() => s?.close());

const fresh = (what: string) => `<h1>${what} ${randomBytes(8).toString('hex')}</h1>`;
const BLOB_UPLOADED = 'mutation($sha: String!, $size: BigInt!) { blobUploaded(input: { sha: $sha, size: $size }) { result } }';
const recordThroughGraphql = (key: string, h: string, size: number) =>
  http(s.url, 'POST', '/graphql', { key, body: { query: BLOB_UPLOADED, variables: { sha: h, size: String(size) } } });
const precheck = (key: string, files: { sha256: string; size: number }[]) => http(s.url, 'POST', '/api/v1/blobs/precheck', { key, body: { files } });
const commit = (key: string, h: string, size: number) =>
  http(s.url, 'POST', '/api/v1/presentations', { key, body: { title: 'Named only', entry: 'index.html', files: [{ path: 'index.html', sha256: h, size }] } });
const recorded = async (h: string) => (await s.db.pool.query('select size from app_private.blobs where sha256 = $1', [h])).rows[0]?.size ?? null;

test("workspace B cannot name A's blob by its sha256: GraphQL has no way to record an upload", async (t) => {
  const secret = fresh('A private slide');
  const a = await publish(s.url, keyA, { 'index.html': secret }, { title: 'Private' });
  t.is(a.status, 201, a.body && JSON.stringify(a.body));
  const h = sha(secret);
  const size = Buffer.byteLength(secret);

  const pre = await precheck(keyB, [{ sha256: h, size }]);
  t.deepEqual(pre.body.missing, [h], 'B lacks it: precheck never confirms another workspace holds it');
  const rec = await recordThroughGraphql(keyB, h, size);
  t.truthy(rec.body.errors, rec.text);
  t.falsy(rec.body.data?.blobUploaded);

  const c = await commit(keyB, h, size);
  t.is(c.status, 409, c.text);
  t.like(c.body.error, { code: 'blob_missing', missing: [h] });
  t.is((await s.db.pool.query('select 1 from app_private.workspace_blobs where workspace_id = $1 and sha256 = $2', [wsB, h])).rowCount, 0);
});

test('nobody records a size for bytes they never sent: an honest push of new content still works', async (t) => {
  const content = fresh('Not uploaded yet');
  const h = sha(content);
  // B declares the content with a wrong size and tries to record that size.
  t.deepEqual((await precheck(keyB, [{ sha256: h, size: 3 }])).body.missing, [h]);
  t.truthy((await recordThroughGraphql(keyB, h, 3)).body.errors);
  t.is(await recorded(h), null, 'no size was recorded');

  const a = await publish(s.url, keyA, { 'index.html': content }, { title: 'Honest' });
  t.is(a.status, 201, JSON.stringify(a.body));
  t.is(await recorded(h), Buffer.byteLength(content), 'the size the server measured');
});

test('a wrong size left by the old unverified call is corrected by the next verified upload', async (t) => {
  const content = fresh('Poisoned before the fix');
  const h = sha(content);
  // What app.blob_uploaded let B leave behind: a size for bytes nobody had sent, named by B.
  await s.db.pool.query('insert into app_private.blobs (sha256, size) values ($1, 3)', [h]);
  await s.db.pool.query('insert into app_private.workspace_blobs (workspace_id, sha256) values ($1, $2)', [wsB, h]);

  const a = await publish(s.url, keyA, { 'index.html': content }, { title: 'Healed' });
  t.is(a.status, 201, JSON.stringify(a.body));
  t.deepEqual(a.missing, [h], 'A uploaded the bytes itself');
  t.is(await recorded(h), Buffer.byteLength(content));
});

test('the upload records the size the driver measured, under the caller\'s own precheck only', async (t) => {
  const content = fresh('Measured');
  const h = sha(content);
  const size = Buffer.byteLength(content);
  // Without a precheck of its own, B's upload of the same bytes is refused and records nothing.
  const refused = await fetch(`${s.url}/api/v1/blobs/${h}`, { method: 'PUT', headers: { authorization: `Bearer ${keyB}`, 'content-type': 'application/octet-stream' }, body: content });
  t.is(refused.status, 409);
  t.is(((await refused.json()) as { error: { code: string } }).error.code, 'blob_not_prechecked');
  t.is(await recorded(h), null);
  const b = await publish(s.url, keyB, { 'index.html': content }, { title: 'Measured' });
  t.is(b.status, 201, JSON.stringify(b.body));
  t.is(await recorded(h), size);
});
