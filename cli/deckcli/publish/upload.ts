// Uploads exactly the blobs the instance lacks, a few at a time, streamed from disk, with
// a progress line on a terminal (stderr).
import { createReadStream } from 'node:fs';
import type { BlobUploaded } from '../../../core/wire/deck.ts';
import type { WireClient } from '../../../client/wire.ts';
import type { LocalFile } from './files.ts';

export interface UploadPlan {
  sha256: string;
  file: LocalFile;
}

export async function uploadMissing(
  client: WireClient,
  plan: UploadPlan[],
  progress: ((doneFiles: number, doneBytes: number) => void) | null,
  concurrency = 4,
): Promise<void> {
  let next = 0;
  let doneFiles = 0;
  let doneBytes = 0;
  const worker = async () => {
    while (next < plan.length) {
      const { sha256, file } = plan[next++];
      await client.upload<BlobUploaded>(`/api/v1/blobs/${sha256}`, createReadStream(file.abs), file.size);
      doneFiles++;
      doneBytes += file.size;
      progress?.(doneFiles, doneBytes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, plan.length) }, worker));
}

export function megabytes(bytes: number): string {
  return (bytes / 1048576).toFixed(1);
}
