// Evidence capture shared by the capture job and `submissions exception --sha`: git archive
// of exactly one commit, hashed, stored content-addressed (the same bytes are one blob).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BlobStore } from '../storage/index.ts';
import type { CodeHost } from './types.ts';

export async function captureEvidence(host: CodeHost, store: BlobStore, repository: string, sha: string): Promise<{ sha256: string; size: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-capture-'));
  try {
    const file = path.join(dir, `submission-${sha.slice(0, 12)}.tar.gz`);
    await host.archive(repository, sha, file);
    const sha256 = createHash('sha256').update(await readFile(file)).digest('hex');
    const { size } = await stat(file);
    await store.put(sha256, size, createReadStream(file));
    return { sha256, size };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
