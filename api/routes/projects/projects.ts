// Projects: list, create, read, update, archive, unarchive. Access rules live in SQL
// (app_private.project_for): owners and admins manage all; guests take no part.
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../deps.ts';
import { callJson, idempotent, PAGE_QUERY_SCHEMA, pageOf, parsePage } from '../support.ts';
import { naming } from './selection.ts';
import type { Answer } from '../../../core/wire/routes.ts';

export const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } as const;

const FIELDS = {
  name: { type: 'string', minLength: 1, maxLength: 100 },
  description: { type: ['string', 'null'], maxLength: 4000 },
  metadata: { type: 'object' },
} as const;

interface ProjectJson {
  id: string;
  createdAt: string;
}

export function registerProjectCoreRoutes(app: FastifyInstance, { pool }: ApiDeps): void {
  app.get<{ Querystring: { archived?: 'true' | 'false' | 'all'; limit?: number; cursor?: string } }>(
    '/api/v1/projects',
    { config: { keyScopes: ['hackathon:read'] }, schema: { querystring: { ...PAGE_QUERY_SCHEMA, properties: { ...PAGE_QUERY_SCHEMA.properties, archived: { type: 'string', enum: ['true', 'false', 'all'] } } } } },
    async (req) => {
      const page = parsePage(req.query);
      const rows = await callJson<ProjectJson[]>(req, pool, 'app.list_projects($1, $2, $3, $4)', [
        req.query.archived ?? 'false', page.limit + 1, page.before?.at ?? null, page.before?.id ?? null,
      ]);
      return pageOf(rows, page, (p) => [p.createdAt, p.id]);
    },
  );

  app.post<{ Body: { name: string; description?: string | null; metadata?: object } }>(
    '/api/v1/projects',
    { config: { keyScopes: ['hackathon:write'] }, schema: { body: { type: 'object', additionalProperties: false, required: ['name'], properties: FIELDS } } },
    async (req, reply) => {
      const b = req.body;
      const r = await idempotent(req, pool, async (c) => {
        const { rows } = await c.query('select app.create_project($1, $2, $3) as r', [b.name, b.description ?? null, b.metadata ? JSON.stringify(b.metadata) : null]);
        return { status: 201, body: rows[0].r };
      });
      return reply.status(r.status).send(r.body);
    },
  );

  app.get<{ Params: { id: string } }>('/api/v1/projects/:id', { config: { keyScopes: ['hackathon:read'] }, schema: { params: ID_PARAMS } }, async (req) =>
    naming(req, () => callJson(req, pool, 'app.get_project($1)', [req.params.id])),
  );

  app.patch<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/api/v1/projects/:id',
    { config: { keyScopes: ['hackathon:write'] }, schema: { params: ID_PARAMS, body: { type: 'object', additionalProperties: false, minProperties: 1, properties: FIELDS } } },
    async (req) => naming(req, () => callJson<Answer<'PATCH /api/v1/projects/:id'>>(req, pool, 'app.update_project($1, $2)', [req.params.id, JSON.stringify(req.body)])),
  );

  app.post<{ Params: { id: string } }>('/api/v1/projects/:id/archive', { config: { keyScopes: ['hackathon:write'] }, schema: { params: ID_PARAMS } }, async (req) =>
    naming(req, () => callJson<Answer<'POST /api/v1/projects/:id/archive'>>(req, pool, 'app.archive_project($1)', [req.params.id])),
  );

  app.post<{ Params: { id: string } }>('/api/v1/projects/:id/unarchive', { config: { keyScopes: ['hackathon:write'] }, schema: { params: ID_PARAMS } }, async (req) =>
    naming(req, () => callJson<Answer<'POST /api/v1/projects/:id/unarchive'>>(req, pool, 'app.unarchive_project($1)', [req.params.id])),
  );
}
