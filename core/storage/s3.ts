// STORAGE_DRIVER=s3: any S3-compatible endpoint (AWS S3, MinIO, Ceph RGW; tested against
// s3rver on loopback). Uploads are spooled to a local temp file and verified first, then
// sent with one PutObject: an object appears whole or not at all, so no partial blob is
// ever visible. Every replica reaches every blob.
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Settings } from '../config.ts';
import type { BlobStore, ByteRange } from './types.ts';
import { SHA256_HEX } from './types.ts';
import { spoolVerified } from './verify.ts';

const TIMEOUT_MS = 30_000;

export function createS3Store(s3: S3Settings, dataDir: string): BlobStore {
  const client = new S3Client({
    endpoint: s3.endpoint ?? undefined,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
    // Checksums only when an operation requires them: S3-compatible servers differ in
    // their support of the newer default integrity headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { requestTimeout: TIMEOUT_MS, connectionTimeout: 5_000 },
  });
  const tmp = path.join(dataDir, 'blobs-spool');
  mkdirSync(tmp, { recursive: true, mode: 0o700 });
  const keyOf = (sha: string) => `${s3.prefix}${sha.slice(0, 2)}/${sha}`;

  return {
    driver: 's3',
    async put(sha256: string, size: number, body: Readable) {
      if (!SHA256_HEX.test(sha256)) throw new Error('not a sha256');
      const spool = path.join(tmp, randomUUID());
      const measured = await spoolVerified(body, spool, sha256, size);
      try {
        const present = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: keyOf(sha256) })).then((h) => h.ContentLength === size, () => false);
        if (present) return measured;
        await client.send(new PutObjectCommand({
          Bucket: s3.bucket,
          Key: keyOf(sha256),
          Body: createReadStream(spool),
          ContentLength: size,
          ContentType: 'application/octet-stream',
        }));
        return measured;
      } finally {
        await rm(spool, { force: true });
      }
    },
    async open(sha256: string, range?: ByteRange) {
      if (!SHA256_HEX.test(sha256)) return null;
      try {
        const r = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: keyOf(sha256), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        if (!r.Body || r.ContentLength === undefined) return null;
        // A ranged read's ContentLength is the part's; the whole size is Content-Range's tail.
        const size = range ? Number(r.ContentRange?.split('/')[1]) : r.ContentLength;
        if (!Number.isSafeInteger(size)) return null;
        return { size, stream: r.Body as Readable };
      } catch {
        return null; // unreachable from here: the caller answers 404 before any body
      }
    },
    close() {
      client.destroy();
    },
  };
}
