// The one way bytes enter storage: streamed to a temp file while hashed and counted, then
// checked against the declared sha256 and size. Nothing is buffered whole in memory.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobError } from './types.ts';

/**
 * Writes body to tmpPath; resolves with the byte count it measured once that is exactly `size`
 * bytes hashing to `sha256`, else removes the file and throws. The measured count is what
 * SQL records as the blob's size (app_private.blob_uploaded), never a size a caller declared.
 */
export async function spoolVerified(body: Readable, tmpPath: string, sha256: string, size: number): Promise<number> {
  const hash = createHash('sha256');
  let received = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      received += chunk.length;
      if (received > size) {
        done(new BlobError('blob_mismatch', `More than the declared ${size} bytes were sent`, { sha256, expectedSize: size }));
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, meter, createWriteStream(tmpPath, { flags: 'wx', mode: 0o600 }));
    if (received !== size) throw new BlobError('blob_mismatch', `Declared ${size} bytes, received ${received}`, { sha256, expectedSize: size, size: received });
    const actual = hash.digest('hex');
    if (actual !== sha256) throw new BlobError('blob_mismatch', 'The bytes do not hash to the sha256 they were sent as', { sha256, actualSha256: actual });
    return received;
  } catch (err) {
    await rm(tmpPath, { force: true });
    throw err;
  }
}
