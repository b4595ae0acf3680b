// Decks: listing, one deck, versions, files, rename, duplicate, soft delete, the owner-mail
// switch, and blob content. Every read and write is one SQL function run as the caller;
// another workspace's deck answers 404 not_found exactly like a missing one.
import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../../../core/storage/index.ts';
import { AppError } from '../../errors.ts';
import { conditionalGet } from '../../http-conditions.ts';
import type { ApiDeps } from '../../deps.ts';
import { callJson, encodeCursor, idempotent, PAGE_QUERY_SCHEMA, pageOf, parsePage } from '../support.ts';
import type { LinkCache } from './link-cache.ts';
import { deckId, pushAnswer, TITLE_SCHEMA, withUrl } from './shape.ts';
import type { Answer } from '../../../core/wire/routes.ts';

interface DeckJson {
  id: string;
  createdAt: string;
  version: number;
}

export function registerDeckRoutes(app: FastifyInstance, { config, pool }: ApiDeps, store: BlobStore, links: LinkCache): void {
  app.get<{ Querystring: { limit?: number; cursor?: string } }>('/api/v1/presentations', { config: { keyScopes: ['presentations:read'] }, schema: { querystring: PAGE_QUERY_SCHEMA } }, async (req) => {
    const page = parsePage(req.query);
    const rows = await callJson<DeckJson[]>(req, pool, 'app.list_decks($1, $2, $3)', [page.limit + 1, page.before?.at ?? null, page.before?.id ?? null]);
    const out = pageOf(rows, page, (d) => [d.createdAt, d.id]);
    return { items: out.items.map((d) => withUrl(config.publicUrl, d)), nextCursor: out.nextCursor };
  });

  app.get<{ Params: { id: string } }>('/api/v1/presentations/:id', { config: { keyScopes: ['presentations:read'] } }, async (req) =>
    withUrl(config.publicUrl, await callJson<DeckJson>(req, pool, 'app.get_deck($1)', [deckId(req.params.id)])),
  );

  app.patch<{ Params: { id: string }; Body: { title: string } }>(
    '/api/v1/presentations/:id',
    { config: { keyScopes: ['presentations:write'] }, schema: { body: { type: 'object', required: ['title'], additionalProperties: false, properties: { title: TITLE_SCHEMA } } } },
    async (req) => {
      const deck = await callJson<DeckJson>(req, pool, 'app.rename_deck($1, $2)', [deckId(req.params.id), req.body.title]);
      links.forgetAll(); // the bar shows the title: this replica shows the new one at once
      return { presentation: withUrl(config.publicUrl, deck), version: deck.version, url: withUrl(config.publicUrl, deck).url };
    },
  );

  app.delete<{ Params: { id: string } }>('/api/v1/presentations/:id', { config: { keyScopes: ['presentations:write'] } }, async (req) => {
    const r = await callJson<{ id: string; deletedAt: string }>(req, pool, 'app.soft_delete_deck($1)', [deckId(req.params.id)]);
    links.forgetAll(); // every link of the deck stops here now, on other replicas within the cache lifetime
    return { deleted: true, presentation: { id: r.id, deletedAt: r.deletedAt } };
  });

  app.post<{ Params: { id: string }; Body: { version?: number; title?: string } }>(
    '/api/v1/presentations/:id/duplicate',
    { config: { keyScopes: ['presentations:write'] }, schema: { body: { type: ['object', 'null'], additionalProperties: false, properties: { version: { type: 'integer', minimum: 1 }, title: TITLE_SCHEMA } } } },
    async (req, reply) => {
      const id = deckId(req.params.id);
      const r = await idempotent(req, pool, async (c) => {
        const { rows } = await c.query('select app.duplicate_deck($1, $2, $3) as r', [id, req.body?.version ?? null, req.body?.title ?? null]);
        return { status: 201, body: pushAnswer(config.publicUrl, rows[0].r) };
      });
      return reply.status(r.status).send(r.body);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { limit?: number; cursor?: string } }>(
    '/api/v1/presentations/:id/versions',
    { config: { keyScopes: ['presentations:read'] }, schema: { querystring: PAGE_QUERY_SCHEMA } },
    async (req) => {
      const page = parsePage(req.query, 30, 'int');
      const before = page.before ? Number(page.before.id) : null;
      const rows = await callJson<{ version: number; createdAt: string }[]>(req, pool, 'app.list_deck_versions($1, $2, $3)', [deckId(req.params.id), page.limit + 1, before]);
      return pageOf(rows, page, (v) => [v.createdAt, String(v.version)]);
    },
  );

  // Files of a version (current by default), newest first: by the version since which each
  // file is unchanged (`changedIn`), then by path. The cursor's id is `<version>:<path>`.
  app.get<{ Params: { id: string }; Querystring: { limit?: number; cursor?: string; version?: number } }>(
    '/api/v1/presentations/:id/files',
    { config: { keyScopes: ['presentations:read'] }, schema: { querystring: { ...PAGE_QUERY_SCHEMA, properties: { ...PAGE_QUERY_SCHEMA.properties, version: { type: 'integer', minimum: 1 } } } } },
    async (req) => {
      const page = parsePage(req.query, 100, 'text');
      const after = page.before ? /^([1-9]\d{0,8}):(.+)$/s.exec(page.before.id) : null;
      if (page.before && !after) throw new AppError('invalid_cursor', 'cursor is not one this server handed out; start again without it', { field: 'cursor' });
      const r = await callJson<{ version: { version: number; createdAt: string }; items: { path: string; changedIn: { version: number; createdAt: string } }[] }>(
        req, pool, 'app.list_deck_files($1, $2, $3, $4, $5)', [deckId(req.params.id), req.query.version ?? null, page.limit + 1, after ? Number(after[1]) : null, after ? after[2] : null],
      );
      const items = r.items.slice(0, page.limit);
      const last = items[items.length - 1];
      return { version: r.version, items, nextCursor: r.items.length > page.limit && last ? encodeCursor(last.changedIn.createdAt, `${last.changedIn.version}:${last.path}`) : null };
    },
  );

  app.put<{ Params: { id: string }; Body: { enabled: boolean } }>(
    '/api/v1/presentations/:id/notify',
    { config: { keyScopes: ['presentations:write'] }, schema: { body: { type: 'object', required: ['enabled'], additionalProperties: false, properties: { enabled: { type: 'boolean' } } } } },
    async (req) => callJson<Answer<'PUT /api/v1/presentations/:id/notify'>>(req, pool, 'app.set_deck_notify($1, $2)', [deckId(req.params.id), req.body.enabled]),
  );

  // A blob of a deck you may read. Multi-replica rule 6: when this replica cannot reach the
  // bytes (local storage on another replica) it answers 404 before any body is committed.
  // Its ETag (the sha256) answers If-None-Match; a single byte range answers 206.
  app.get<{ Params: { id: string } }>('/files/:id/content', { config: { keyScopes: ['presentations:read'] } }, async (req, reply) => {
    if (!/^[0-9a-f]{64}$/.test(req.params.id)) throw new AppError('not_found', 'No such file');
    const size = await callJson<number | null>(req, pool, 'app.blob_readable($1)', [req.params.id]);
    if (size === null) throw new AppError('not_found', 'No such file');
    const etag = `"${req.params.id}"`;
    const cache = { etag, 'accept-ranges': 'bytes', 'cache-control': 'private, max-age=31536000, immutable' };
    const answer = conditionalGet(req.headers, Number(size), etag);
    if (answer.status === 304) return reply.status(304).headers(cache).send();
    if (answer.status === 416) return reply.status(416).headers(cache).header('content-range', answer.contentRange).send();
    const blob = await store.open(req.params.id, answer.status === 206 ? answer : undefined);
    if (!blob) throw new AppError('not_found', 'This replica cannot reach the file content (its storage is not shared); ask the replica that holds it or use shared storage', { sha256: req.params.id });
    if (answer.status === 206) reply.status(206).header('content-range', answer.contentRange);
    return reply
      .headers(cache)
      .header('content-type', 'application/octet-stream')
      .header('content-length', String(answer.status === 206 ? answer.end - answer.start + 1 : blob.size))
      .header('content-disposition', 'attachment')
      .header('content-security-policy', "sandbox; default-src 'none'")
      .send(blob.stream);
  });
}
