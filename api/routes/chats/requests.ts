// requests list|show|open|claim|unclaim|resolve|reopen.
import type { FastifyInstance } from 'fastify';
import type { Answer, NewHelpRequest } from '../../../core/wire/routes.ts';
import { routeBody } from '../wire-schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { callJson, idempotent, PAGE_QUERY_SCHEMA, pageOf, parsePage } from '../support.ts';
import { idParams, type PageQuery } from './shared.ts';

const LIST_QUERY = {
  type: 'object',
  properties: { ...PAGE_QUERY_SCHEMA.properties, status: { type: 'string', enum: ['open', 'claimed', 'resolved'] } },
} as const;
/** The four request transitions and their SQL functions (the REST routes and the request pages). */
export const TRANSITIONS = { claim: 'app.claim_help_request($1)', unclaim: 'app.unclaim_help_request($1)', resolve: 'app.resolve_help_request($1)', reopen: 'app.reopen_help_request($1)' } as const;

export function registerRequestRoutes(app: FastifyInstance, { pool }: ApiDeps): void {
  app.get<{ Querystring: PageQuery & { status?: string } }>('/api/v1/event/requests', { config: { keyScopes: ['hackathon:read'] }, schema: { querystring: LIST_QUERY } }, async (req) => {
    const page = parsePage(req.query);
    const rows = await callJson<Answer<'GET /api/v1/event/requests'>['items']>(req, pool, 'app.list_help_requests($1, $2, $3, $4)', [req.query.status ?? null, page.limit + 1, page.before?.at ?? null, page.before?.id ?? null]);
    return pageOf(rows, page, (r) => [r.openedAt, r.id]);
  });

  app.post<{ Body: NewHelpRequest }>(
    '/api/v1/event/requests',
    { config: { keyScopes: ['hackathon:write'] }, schema: { body: routeBody('POST /api/v1/event/requests') } },
    async (req, reply) => {
      const r = await idempotent(req, pool, async (c) => {
        const { rows } = await c.query('select app.open_help_request($1, $2) as r', [req.body.title, req.body.body]);
        return { status: 201, body: rows[0].r };
      });
      return reply.status(r.status).send(r.body);
    },
  );

  app.get<{ Params: { id: string } }>('/api/v1/event/requests/:id', { config: { keyScopes: ['hackathon:read'] }, schema: { params: idParams('id') } }, async (req) =>
    callJson<Answer<'GET /api/v1/event/requests/:id'>>(req, pool, 'app.show_help_request($1)', [req.params.id]));

  for (const [verb, call] of Object.entries(TRANSITIONS)) {
    app.post<{ Params: { id: string } }>(`/api/v1/event/requests/:id/${verb}`, { config: { keyScopes: ['hackathon:write'] }, schema: { params: idParams('id') } }, async (req) =>
      callJson<Answer<`POST /api/v1/event/requests/:id/${keyof typeof TRANSITIONS}`>>(req, pool, call, [req.params.id]));
  }
}
