// Storage drivers: local (temp file, verified, renamed) and s3 (s3rver over HTTP on
// loopback). A blob is visible only once its bytes match the declared sha256 and size.
import test from 'ava';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ConfigError, loadConfig } from '../../core/config.ts';
import { BlobError, createBlobStore, type BlobStore } from '../../core/storage/index.ts';
import { S3_BUCKET, startS3 } from '../../ops/harness/s3.ts';

const sha = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');
const text = async (r: Readable) => {
  let s = '';
  for await (const c of r) s += c;
  return s;
};
const base = { DATABASE_URL: 'postgres://x@127.0.0.1/db', AUTH_SECRET: 'x'.repeat(32) };

let s3: Awaited<ReturnType<typeof startS3>>;
const made: Record<string, { store: BlobStore; dir: string }> = {};
test.before(async () => {
  s3 = await startS3();
  for (const [name, env] of [['local', {}], ['s3', s3.env]] as const) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'podium-store-'));
    made[name] = { store: createBlobStore(loadConfig({ ...base, DATA_DIR: dir, ...env })), dir };
  }
});
/** How many stored objects carry this hash: files under the local root, keys in the bucket. */
async function storedCopies(name: string, dir: string, hash: string): Promise<number> {
  if (name === 'local') {
    const root = path.join(dir, 'blobs');
    const all = readdirSync(root, { recursive: true, encoding: 'utf8' });
    return all.filter((f) => path.basename(f).includes(hash)).length;
  }
  const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: S3_BUCKET }));
    return (listed.Contents ?? []).filter((o) => o.Key?.includes(hash)).length;
  } finally {
    client.destroy();
  }
}

test.after.always(async () => {
  for (const m of Object.values(made)) m.store.close();
  await s3?.close();
});

for (const name of ['local', 's3']) {
  test(`${name}: put then open gives the same bytes; a missing blob opens as null`, async (t) => {
    const { store } = made[name];
    const body = `hello from ${name} ${Math.random()}`;
    await store.put(sha(body), Buffer.byteLength(body), Readable.from([Buffer.from(body)]));
    const got = await store.open(sha(body));
    t.truthy(got);
    t.is(got!.size, Buffer.byteLength(body));
    t.is(await text(got!.stream), body);
    t.is(await store.open(sha('never stored')), null);
    t.is(await store.open('../../etc/passwd'), null);
  });

  test.serial(`${name}: wrong bytes, too few or too many bytes are refused and never become visible`, async (t) => {
    const { store, dir } = made[name];
    const body = `declared ${name}`;
    const cases = [Buffer.from(`DECLARED ${name}`), Buffer.from('short'), Buffer.from(body + ' and more')];
    for (const c of cases) {
      const err = await t.throwsAsync(() => store.put(sha(body), Buffer.byteLength(body), Readable.from([c])));
      t.true(err instanceof BlobError);
      t.is((err as BlobError).code, 'blob_mismatch');
    }
    t.is(await store.open(sha(body)), null);
    const spool = path.join(dir, name === 'local' ? 'blobs/.tmp' : 'blobs-spool');
    t.deepEqual(readdirSync(spool), [], 'no partial file left behind');
  });

  test(`${name}: the same blob put twice is stored once, measured each time, and still reads back`, async (t) => {
    const { store, dir } = made[name];
    const body = Buffer.alloc(300_000, 3);
    // Each put answers the size it measured (what SQL records), the second one too.
    t.is(await store.put(sha(body), body.length, Readable.from([body.subarray(0, 1000), body.subarray(1000)])), body.length);
    t.is(await store.put(sha(body), body.length, Readable.from([body])), body.length);
    const got = await store.open(sha(body));
    t.is(got!.size, body.length);
    got!.stream.destroy();
    t.is(await storedCopies(name, dir, sha(body)), 1, 'one stored object for the hash');
  });
}

test('configuration: s3 needs a bucket, both credentials or neither, an http(s) endpoint', (t) => {
  t.throws(() => loadConfig({ ...base, STORAGE_DRIVER: 's3' }), { instanceOf: ConfigError, message: /S3_BUCKET/ });
  t.throws(() => loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }), { message: /both/ });
  t.throws(() => loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x' }), { message: /http/ });
  t.throws(() => loadConfig({ ...base, STORAGE_DRIVER: 'tape' }), { message: /local, s3/ });
  t.throws(() => loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' }), { message: /true or false/ });
  const aws = loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_REGION: 'eu-west-1' }).storage;
  t.like(aws, { driver: 's3', endpoint: null, region: 'eu-west-1', forcePathStyle: false, accessKeyId: null });
  const minio = loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000/' }).storage;
  t.like(minio, { endpoint: 'http://minio:9000', forcePathStyle: true, region: 'us-east-1' });
  t.deepEqual(loadConfig(base).storage, { driver: 'local' });
});
