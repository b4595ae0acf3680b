// Collaborators (invited by email, read-only, claimed on sign-up or sign-in) and
// annotations (comments on a version at a path and position).
//   GET|POST /api/v1/presentations/:id/collaborators, DELETE .../collaborators/:collaboratorId
//   GET|POST /api/v1/presentations/:id/annotations,   DELETE .../annotations/:annotationId
import type { FastifyInstance } from 'fastify';
import { EMAIL_SCHEMA } from '../identity/login-wall.ts';
import type { ApiDeps } from '../../deps.ts';
import { callJson, idempotent, PAGE_QUERY_SCHEMA, pageOf, parsePage } from '../support.ts';
import { anyId, deckId } from './shape.ts';

export function registerPeopleRoutes(app: FastifyInstance, { pool }: ApiDeps): void {
  app.get<{ Params: { id: string } }>('/api/v1/presentations/:id/collaborators', { config: { keyScopes: ['presentations:read'] } }, async (req) => ({
    items: await callJson(req, pool, 'app.list_collaborators($1)', [deckId(req.params.id)]),
    nextCursor: null, // a deck has few collaborators: one page
  }));

  app.post<{ Params: { id: string }; Body: { email: string } }>(
    '/api/v1/presentations/:id/collaborators',
    { config: { keyScopes: ['presentations:write'] }, schema: { body: { type: 'object', required: ['email'], additionalProperties: false, properties: { email: EMAIL_SCHEMA } } } },
    async (req, reply) => {
      const id = deckId(req.params.id);
      const r = await idempotent(req, pool, async (c) => ({
        status: 201,
        body: (await c.query('select app.invite_collaborator($1, $2) as r', [id, req.body.email])).rows[0].r,
      }));
      return reply.status(r.status).send(r.body);
    },
  );

  app.delete<{ Params: { id: string; collaboratorId: string } }>('/api/v1/presentations/:id/collaborators/:collaboratorId', { config: { keyScopes: ['presentations:write'] } }, async (req) => ({
    removed: await callJson(req, pool, 'app.remove_collaborator($1, $2)', [deckId(req.params.id), anyId(req.params.collaboratorId, 'collaborator')]),
  }));

  app.get<{ Params: { id: string }; Querystring: { limit?: number; cursor?: string; version?: number } }>(
    '/api/v1/presentations/:id/annotations',
    { config: { keyScopes: ['presentations:read'] }, schema: { querystring: { ...PAGE_QUERY_SCHEMA, properties: { ...PAGE_QUERY_SCHEMA.properties, version: { type: 'integer', minimum: 1 } } } } },
    async (req) => {
      const page = parsePage(req.query);
      const rows = await callJson<{ id: string; createdAt: string }[]>(req, pool, 'app.list_annotations($1, $2, $3, $4, $5)', [
        deckId(req.params.id), req.query.version ?? null, page.limit + 1, page.before?.at ?? null, page.before?.id ?? null,
      ]);
      return pageOf(rows, page, (a) => [a.createdAt, a.id]);
    },
  );

  app.post<{ Params: { id: string }; Body: { version?: number; path: string; position?: Record<string, unknown>; body: string } }>(
    '/api/v1/presentations/:id/annotations',
    {
      config: { keyScopes: ['presentations:write'] },
      schema: {
        body: {
          type: 'object',
          required: ['path', 'body'],
          additionalProperties: false,
          properties: {
            version: { type: 'integer', minimum: 1 },
            path: { type: 'string', minLength: 1, maxLength: 1024 },
            position: { type: 'object', maxProperties: 10 },
            body: { type: 'string', minLength: 1, maxLength: 5000 },
          },
        },
      },
    },
    async (req, reply) => {
      const id = deckId(req.params.id);
      const b = req.body;
      const r = await idempotent(req, pool, async (c) => ({
        status: 201,
        body: (await c.query('select app.add_annotation($1, $2, $3, $4::jsonb, $5) as r', [id, b.version ?? null, b.path, JSON.stringify(b.position ?? {}), b.body])).rows[0].r,
      }));
      return reply.status(r.status).send(r.body);
    },
  );

  app.delete<{ Params: { id: string; annotationId: string } }>('/api/v1/presentations/:id/annotations/:annotationId', { config: { keyScopes: ['presentations:write'] } }, async (req) => ({
    removed: await callJson(req, pool, 'app.delete_annotation($1, $2)', [deckId(req.params.id), anyId(req.params.annotationId, 'annotation')]),
  }));
}
