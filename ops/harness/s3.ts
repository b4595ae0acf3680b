// A fake S3 (s3rver) over HTTP on loopback, for the s3 storage driver. Credentials are
// s3rver's fixed S3RVER/S3RVER.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const S3_BUCKET = 'podium-test';

export async function startS3(): Promise<{ endpoint: string; env: Record<string, string>; close(): Promise<void> }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'podium-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: S3_BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: { STORAGE_DRIVER: 's3', S3_ENDPOINT: endpoint, S3_BUCKET, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
