// Makes the thumbnail of one deck version (enqueued by a trigger on app.deck_versions, job
// key thumbnail:<deck>:<version>). Idempotent: the PNG is stored under its sha256 and the
// row is upserted, so a retried or repeated job leaves the same state.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Task } from 'graphile-worker';
import { parseJob } from '../../core/wire/jobs.ts';
import type { BlobStore } from '../../core/storage/index.ts';
import type { ThumbnailRenderer, ThumbnailSource } from '../thumbnails.ts';

export function deckThumbnail(renderer: ThumbnailRenderer, store: BlobStore): Task<'deck__thumbnail'> {
  return async (raw, helpers) => {
    const payload = parseJob('deck__thumbnail', raw);
    const source = await helpers.withPgClient(
      async (c) => (await c.query('select app_private.thumbnail_source($1, $2) as r', [payload.deckId, payload.version])).rows[0].r as ThumbnailSource | null,
    );
    if (!source) return; // deck deleted or version gone since the job was queued
    const { png, renderer: how } = await renderer.render(source);
    const sha = createHash('sha256').update(png).digest('hex');
    await store.put(sha, png.length, Readable.from([png]));
    await helpers.withPgClient((c) => c.query('select app_private.save_thumbnail($1, $2, $3, $4)', [payload.deckId, payload.version, sha, how]));
  };
}
