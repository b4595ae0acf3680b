// The deck service over STORAGE_DRIVER=s3 (s3rver on loopback): publish, blob content and
// link serving; a second replica with its own data dir reaches every blob (shared storage).
import test from 'ava';
import { publish, sha } from '../../helpers/deck.ts';
import { http } from '../../helpers/http.ts';
import { startS3 } from '../../../ops/harness/s3.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s3: Awaited<ReturnType<typeof startS3>>;
let a: TestServer, b: TestServer;
let key: string;
test.before(async () => {
  s3 = await startS3();
  a = await startTestServer({ env: s3.env });
  b = await startTestServer({ env: s3.env, db: a.db });
  key = (await seed.basicWorkspace(a.db.pool)).deckKey.key;
});
test.after.always(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

test('publish, read and serve through S3; every replica reaches every blob', async (t) => {
  const files = { 'index.html': '<h1>on s3</h1>', 'big.bin': Buffer.alloc(700_000, 9), 'downloads/a.txt': 'attachment' };
  const r = await publish(a.url, key, files, { title: 'S3 deck' });
  t.is(r.status, 201, JSON.stringify(r.body));
  const again = await publish(b.url, key, files, { deck: r.body.presentation.id, baseVersion: 1 });
  t.deepEqual(again.missing, [], 'the other replica knows the blobs are there');
  for (const server of [a, b]) {
    const c = await http(server.url, 'GET', `/files/${sha('<h1>on s3</h1>')}/content`, { key });
    t.is(c.status, 200);
    t.is(c.text, '<h1>on s3</h1>');
    const big = await fetch(`${server.url}/files/${sha(files['big.bin'])}/content`, { headers: { authorization: `Bearer ${key}` } });
    t.is(Buffer.from(await big.arrayBuffer()).equals(files['big.bin']), true);
  }
  const link = await http(a.url, 'POST', `/api/v1/presentations/${r.body.presentation.id}/share-links`, { key, body: {} });
  const p = link.body.url.slice(a.url.length);
  t.is((await http(b.url, 'GET', p + 'index.html')).text, '<h1>on s3</h1>');
  t.is((await http(b.url, 'GET', p + 'downloads/a.txt')).text, 'attachment');
  t.is((await fetch(b.url + p + 'downloads.zip')).status, 200);
});

test('a byte range reads only that part from S3: 206 on /files/{sha}/content and a large share-link file', async (t) => {
  const big = Buffer.from(Array.from({ length: 600_000 }, (_, i) => (i * 7) % 251)); // above the cached-blob bound: streamed
  const r = await publish(a.url, key, { 'index.html': '<h1>ranges on s3</h1>', 'big.bin': big }, { title: 'S3 ranges' });
  const link = await http(a.url, 'POST', `/api/v1/presentations/${r.body.presentation.id}/share-links`, { key, body: {} });
  for (const [server, u, headers] of [
    [a, `/files/${sha(big)}/content`, { authorization: `Bearer ${key}` }],
    [b, link.body.url.slice(a.url.length) + 'big.bin', {}],
  ] as const) {
    const part = await fetch(server.url + u, { headers: { ...headers, range: 'bytes=500000-500099' } });
    t.is(part.status, 206, u);
    t.is(part.headers.get('content-range'), `bytes 500000-500099/${big.length}`);
    t.deepEqual(Buffer.from(await part.arrayBuffer()), big.subarray(500_000, 500_100));
    const tail = await fetch(server.url + u, { headers: { ...headers, range: 'bytes=-5' } });
    t.is(tail.status, 206);
    t.deepEqual(Buffer.from(await tail.arrayBuffer()), big.subarray(big.length - 5));
  }
});
