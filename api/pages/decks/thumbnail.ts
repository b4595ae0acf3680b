// GET /decks/<id>/versions/<n>/thumbnail.png: the worker-made thumbnail of a version, for
// whoever may see the deck. Versions are immutable, so a made thumbnail is cached (private:
// it is behind a session); while the worker has not made it yet the answer is a 404 that
// nobody caches, so the next hover shows it as soon as it exists.
import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../../../core/storage/index.ts';
import { deckId } from '../../routes/deck/shape.ts';
import { callJson } from '../../routes/support.ts';
import type { ApiDeps } from '../../server.ts';
import { toAppError } from '../../server.ts';
import { pageIdentity } from '../components/session.ts';

export function registerThumbnailRoute(app: FastifyInstance, deps: ApiDeps, store: BlobStore): void {
  app.get<{ Params: { id: string; version: string } }>('/decks/:id/versions/:version/thumbnail.png', { config: { auth: 'none' } }, async (req, reply) => {
    const missing = () => reply.status(404).header('cache-control', 'no-store').header('content-type', 'text/plain; charset=utf-8').send('No thumbnail\n');
    if (!(await pageIdentity(req, deps))) return reply.status(401).header('cache-control', 'no-store').send('Sign in first\n');
    const version = Number(req.params.version);
    if (!Number.isInteger(version) || version < 1 || version > 2 ** 31 - 1) return missing();
    let sha: string | null;
    try {
      sha = await callJson<string | null>(req, deps.pool, 'app.version_thumbnail($1, $2)', [deckId(req.params.id), version]);
    } catch (err) {
      if (toAppError(err).status >= 500) throw err;
      return missing();
    }
    if (!sha) return missing();
    const etag = `"${sha}"`;
    reply.header('etag', etag).header('cache-control', 'private, max-age=86400');
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    const blob = await store.open(sha);
    if (!blob) return missing();
    return reply
      .header('content-type', 'image/png')
      .header('content-length', String(blob.size))
      .header('content-security-policy', "default-src 'none'")
      .send(blob.stream);
  });
}
