// Share-link text files, compressed once per blob and coding and kept in memory. Blobs are
// content-addressed and never change, so a compressed form never goes stale: the cache only
// needs a byte bound. Memory rather than files beside the blob: it works the same on local
// and S3 storage, needs no cleanup, and a replica that restarts compresses its hot files
// again on first request (docs/ARCHITECTURE.md, "Share-link compression").
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Coding } from '../../http-conditions.ts';

/** Files larger than this are sent as they are (compressing them would hold them whole in memory). */
export const COMPRESS_MAX_BYTES = 8 * 1024 * 1024;
const MAX_CACHE_BYTES = 32 * 1024 * 1024;
const MAX_ENTRIES = 100_000;

const compressors: Record<Coding, (b: Buffer) => Promise<Buffer>> = {
  // Quality 9: within a few percent of 11 on web text at a fraction of the time, paid once.
  br: (b) => promisify(brotliCompress)(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: b.length } }),
  gzip: (b) => promisify(gzip)(b, { level: 9 }),
};

/**
 * A compressed form per (blob, coding): the bytes, or null when compressing did not make
 * them smaller (the file is then sent as it is). Oldest first out past the byte bound.
 */
export class CompressedCache {
  private kept = new Map<string, Buffer | null>();
  private pending = new Map<string, Promise<Buffer | null>>();
  private bytes = 0;

  constructor(private maxBytes = MAX_CACHE_BYTES) {}

  /** The cached form without waiting: undefined when not compressed yet. */
  peek(sha: string, coding: Coding): Buffer | null | undefined {
    return this.kept.get(`${sha}:${coding}`);
  }

  /** The compressed form of `bytes` (the blob `sha`), computed once however many ask at once. */
  async of(sha: string, coding: Coding, bytes: () => Promise<Buffer>): Promise<Buffer | null> {
    const key = `${sha}:${coding}`;
    const hit = this.kept.get(key);
    if (hit !== undefined) return hit;
    let p = this.pending.get(key);
    if (!p) {
      p = (async () => {
        const plain = await bytes();
        const z = await compressors[coding](plain);
        return z.length < plain.length ? z : null;
      })();
      this.pending.set(key, p);
      void p.then((z) => this.keep(key, z), () => undefined).finally(() => this.pending.delete(key));
    }
    return p;
  }

  private keep(key: string, z: Buffer | null): void {
    if (this.kept.has(key)) return;
    this.kept.set(key, z);
    this.bytes += z?.length ?? 0;
    while (this.bytes > this.maxBytes || this.kept.size > MAX_ENTRIES) {
      const [oldest, b] = this.kept.entries().next().value as [string, Buffer | null];
      this.kept.delete(oldest);
      this.bytes -= b?.length ?? 0;
    }
  }
}
