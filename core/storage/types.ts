// The names every blob store shares (the drivers implement them; index.ts picks one): here,
// not in index.ts, so the drivers never import the module that imports them.
import type { Readable } from 'node:stream';

export interface StoredBlob {
  /** The whole blob's size, also when only a range of it is streamed. */
  size: number;
  stream: Readable;
}

/** Inclusive byte offsets, as an HTTP range names them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface BlobStore {
  readonly driver: 'local' | 's3';
  /**
   * Streams `body` in, verifying that it is exactly `size` bytes hashing to `sha256`; the
   * blob becomes visible only once verified. Resolves with the size it measured; throws
   * BlobError on a mismatch.
   */
  put(sha256: string, size: number, body: Readable): Promise<number>;
  /**
   * Opens a blob for reading (only bytes `range.start`..`range.end` when given: a 206 answer
   * reads no more than it sends), or null when this replica cannot reach it.
   */
  open(sha256: string, range?: ByteRange): Promise<StoredBlob | null>;
  close(): void;
}

export class BlobError extends Error {
  constructor(
    readonly code: 'blob_mismatch',
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const SHA256_HEX = /^[0-9a-f]{64}$/;
