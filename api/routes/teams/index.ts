// Workspace teams (/api/v1/teams/...): anyone in the workspace reads; owners and admins
// change them, except hub-managed teams. Rules in sql/migrations/000007_event_projects.sql.
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../deps.ts';
import { callJson, idempotent, PAGE_QUERY_SCHEMA, pageOf, parsePage } from '../support.ts';
import type { Answer } from '../../../core/wire/routes.ts';

const SLUG = { type: 'string', minLength: 1, maxLength: 50 } as const;
const NAME = { type: 'string', minLength: 1, maxLength: 100 } as const;
const TEAM_PARAMS = { type: 'object', required: ['team'], properties: { team: { type: 'string', minLength: 1, maxLength: 100 } } } as const;
const PERSON = { type: 'string', minLength: 1, maxLength: 320 } as const;

export function registerTeamRoutes(app: FastifyInstance, { pool }: ApiDeps): void {
  app.get<{ Querystring: { limit?: number; cursor?: string } }>('/api/v1/teams', { config: { keyScopes: ['hackathon:read'] }, schema: { querystring: PAGE_QUERY_SCHEMA } }, async (req) => {
    const page = parsePage(req.query);
    const rows = await callJson<{ id: string; createdAt: string }[]>(req, pool, 'app.list_teams($1, $2, $3)', [page.limit + 1, page.before?.at ?? null, page.before?.id ?? null]);
    return pageOf(rows, page, (t) => [t.createdAt, t.id]);
  });

  app.post<{ Body: { slug: string; name: string } }>(
    '/api/v1/teams',
    { config: { keyScopes: ['hackathon:write'] }, schema: { body: { type: 'object', additionalProperties: false, required: ['slug', 'name'], properties: { slug: SLUG, name: NAME } } } },
    async (req, reply) => {
      const r = await idempotent(req, pool, async (c) => {
        const { rows } = await c.query('select app.create_team($1, $2) as r', [req.body.slug, req.body.name]);
        return { status: 201, body: rows[0].r };
      });
      return reply.status(r.status).send(r.body);
    },
  );

  app.patch<{ Params: { team: string }; Body: { slug?: string; name?: string } }>(
    '/api/v1/teams/:team',
    { config: { keyScopes: ['hackathon:write'] }, schema: { params: TEAM_PARAMS, body: { type: 'object', additionalProperties: false, minProperties: 1, properties: { slug: SLUG, name: NAME } } } },
    async (req) => callJson<Answer<'PATCH /api/v1/teams/:team'>>(req, pool, 'app.update_team($1, $2, $3)', [req.params.team, req.body.slug ?? null, req.body.name ?? null]),
  );

  app.delete<{ Params: { team: string } }>(
    '/api/v1/teams/:team',
    { config: { keyScopes: ['hackathon:write'] }, schema: { params: TEAM_PARAMS } },
    async (req) => ({ deleted: await callJson(req, pool, 'app.delete_team($1)', [req.params.team]) }),
  );

  app.get<{ Params: { team: string }; Querystring: { limit?: number; cursor?: string } }>(
    '/api/v1/teams/:team/members',
    { config: { keyScopes: ['hackathon:read'] }, schema: { params: TEAM_PARAMS, querystring: PAGE_QUERY_SCHEMA } },
    async (req) => {
      const page = parsePage(req.query);
      const rows = await callJson<{ userId: string; addedAt: string }[]>(req, pool, 'app.list_team_members($1, $2, $3, $4)', [
        req.params.team, page.limit + 1, page.before?.at ?? null, page.before?.id ?? null,
      ]);
      return pageOf(rows, page, (m) => [m.addedAt, m.userId]);
    },
  );

  app.post<{ Params: { team: string }; Body: { person: string } }>(
    '/api/v1/teams/:team/members',
    { config: { keyScopes: ['hackathon:write'] }, schema: { params: TEAM_PARAMS, body: { type: 'object', additionalProperties: false, required: ['person'], properties: { person: PERSON } } } },
    async (req, reply) => reply.status(201).send(await callJson(req, pool, 'app.add_team_member($1, $2)', [req.params.team, req.body.person])),
  );

  app.delete<{ Params: { team: string; person: string } }>(
    '/api/v1/teams/:team/members/:person',
    { config: { keyScopes: ['hackathon:write'] }, schema: { params: { type: 'object', required: ['team', 'person'], properties: { team: TEAM_PARAMS.properties.team, person: PERSON } } } },
    async (req) => ({ removed: await callJson(req, pool, 'app.remove_team_member($1, $2)', [req.params.team, req.params.person]) }),
  );
}
