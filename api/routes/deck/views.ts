// View statistics of a deck (owner or workspace admin/owner), paged, newest first.
//   GET /api/v1/presentations/:id/views -> { summary: { views, lastOpenedAt }, items, nextCursor }
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../deps.ts';
import { callJson, PAGE_QUERY_SCHEMA, pageOf, parsePage } from '../support.ts';
import { deckId } from './shape.ts';

export function registerViewRoutes(app: FastifyInstance, { pool }: ApiDeps): void {
  app.get<{ Params: { id: string }; Querystring: { limit?: number; cursor?: string } }>(
    '/api/v1/presentations/:id/views',
    { config: { keyScopes: ['presentations:read'] }, schema: { querystring: PAGE_QUERY_SCHEMA } },
    async (req) => {
      const page = parsePage(req.query);
      const r = await callJson<{ summary: unknown; items: { id: string; viewedAt: string }[] }>(req, pool, 'app.list_views($1, $2, $3, $4)', [
        deckId(req.params.id), page.limit + 1, page.before?.at ?? null, page.before?.id ?? null,
      ]);
      return { summary: r.summary, ...pageOf(r.items, page, (v) => [v.viewedAt, v.id]) };
    },
  );
}
