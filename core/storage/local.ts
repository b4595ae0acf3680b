// STORAGE_DRIVER=local: DATA_DIR/blobs/<aa>/<sha256>. Uploads land in DATA_DIR/blobs/.tmp
// (same filesystem) and are renamed into place once verified: rename is atomic, so a
// partial blob is never visible under its name.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { BlobStore, ByteRange } from './types.ts';
import { SHA256_HEX } from './types.ts';
import { spoolVerified } from './verify.ts';

export function createLocalStore(dataDir: string): BlobStore {
  const root = path.join(dataDir, 'blobs');
  const tmp = path.join(root, '.tmp');
  mkdirSync(tmp, { recursive: true, mode: 0o700 });
  const fileOf = (sha: string) => path.join(root, sha.slice(0, 2), sha);

  return {
    driver: 'local',
    async put(sha256: string, size: number, body: Readable) {
      if (!SHA256_HEX.test(sha256)) throw new Error('not a sha256');
      const spool = path.join(tmp, randomUUID());
      const measured = await spoolVerified(body, spool, sha256, size);
      const final = fileOf(sha256);
      const present = await stat(final).then((s) => s.size === size, () => false);
      if (present) {
        await rm(spool, { force: true }); // stored once, however many uploads prove it
        return measured;
      }
      mkdirSync(path.dirname(final), { recursive: true, mode: 0o700 });
      await rename(spool, final);
      return measured;
    },
    async open(sha256: string, range?: ByteRange) {
      if (!SHA256_HEX.test(sha256)) return null;
      const fh = await open(fileOf(sha256), 'r').catch(() => null);
      if (!fh) return null;
      const { size } = await fh.stat();
      return { size, stream: fh.createReadStream(range ? { start: range.start, end: range.end } : {}) };
    },
    close() {},
  };
}
