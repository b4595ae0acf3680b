// Blob storage behind one interface: content-addressed by sha256, written once, never
// partially visible. `local` keeps files under DATA_DIR/blobs (one replica only: other
// replicas answer 404 for content they do not hold, multi-replica rule 6); `s3` talks to
// any S3-compatible endpoint (AWS, MinIO, Ceph RGW) so every replica reaches every blob.
import type { Config } from '../config.ts';
import { createLocalStore } from './local.ts';
import { createS3Store } from './s3.ts';
import type { BlobStore } from './types.ts';

export { BlobError, SHA256_HEX, type BlobStore, type ByteRange, type StoredBlob } from './types.ts';

export function createBlobStore(config: Config): BlobStore {
  return config.storage.driver === 's3' ? createS3Store(config.storage, config.dataDir) : createLocalStore(config.dataDir);
}
