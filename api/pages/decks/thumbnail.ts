// GET /decks/<id>/versions/<n>/thumbnail.png: the worker-made thumbnail of a version, for
// whoever may see the deck; GET /event/decks/<generated deck id>/thumbnail.png: a generated
// deck's, for whoever may see it in the event gallery. Versions are immutable, so a made thumbnail is cached (private:
// it is behind a session); while the worker has not made it yet the answer is a 404 that
// nobody caches, so the next hover shows it as soon as it exists.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BlobStore } from '../../../core/storage/index.ts';
import { deckId } from '../../routes/deck/shape.ts';
import { callJson } from '../../routes/support.ts';
import type { ApiDeps } from '../../deps.ts';
import { toAppError } from '../../errors.ts';
import { pageIdentity } from '../components/session.ts';
import { UUID_RE } from '../../../core/ids.ts';

export function registerThumbnailRoute(app: FastifyInstance, deps: ApiDeps, store: BlobStore): void {
  app.get<{ Params: { id: string; version: string } }>('/decks/:id/versions/:version/thumbnail.png', { config: { auth: 'none' } }, async (req, reply) => {
    const version = Number(req.params.version);
    const ok = Number.isInteger(version) && version >= 1 && version <= 2 ** 31 - 1;
    return send(req, reply, ok ? () => callJson<string | null>(req, deps.pool, 'app.version_thumbnail($1, $2)', [deckId(req.params.id), version]) : null);
  });

  // A generated deck's thumbnail in the event gallery: SQL answers it under the
  // gallery's rule (app.generated_deck_thumbnail: organizers any deck of their event, every
  // other roster role released decks), whoever cannot see the deck gets the same 404.
  app.get<{ Params: { id: string } }>('/event/decks/:id/thumbnail.png', { config: { auth: 'none' } }, async (req, reply) =>
    send(req, reply, UUID_RE.test(req.params.id) ? () => callJson<string | null>(req, deps.pool, 'app.generated_deck_thumbnail($1)', [req.params.id]) : null));

  async function send(req: FastifyRequest, reply: FastifyReply, lookup: (() => Promise<string | null>) | null) {
    const missing = () => reply.status(404).header('cache-control', 'no-store').header('content-type', 'text/plain; charset=utf-8').send('No thumbnail\n');
    if (!(await pageIdentity(req, deps))) return reply.status(401).header('cache-control', 'no-store').send('Sign in first\n');
    if (!lookup) return missing();
    let sha: string | null;
    try {
      sha = await lookup();
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
  }
}
