// Blob storage behind one interface: content-addressed by sha256, written once, never
// partially visible. `local` keeps files under DATA_DIR/blobs (one replica only: other
// replicas answer 404 for content they do not hold, multi-replica rule 6); `s3` talks to
// any S3-compatible endpoint (AWS, MinIO, Ceph RGW) so every replica reaches every blob.
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { createLocalStore } from './local.ts';
import { createS3Store } from './s3.ts';

export interface StoredBlob {
  size: number;
  stream: Readable;
}

export interface BlobStore {
  readonly driver: 'local' | 's3';
  /**
   * Streams `body` in, verifying that it is exactly `size` bytes hashing to `sha256`; the
   * blob becomes visible only once verified. Resolves with the size it measured; throws
   * BlobError on a mismatch.
   */
  put(sha256: string, size: number, body: Readable): Promise<number>;
  /** Opens a blob for reading, or null when this replica cannot reach it. */
  open(sha256: string): Promise<StoredBlob | null>;
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

export function createBlobStore(config: Config): BlobStore {
  return config.storage.driver === 's3' ? createS3Store(config.storage, config.dataDir) : createLocalStore(config.dataDir);
}
