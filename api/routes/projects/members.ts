// Project members: people (email or user id) and workspace teams (slug or id) with a role.
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../deps.ts';
import { callJson, PAGE_QUERY_SCHEMA, pageOf, parsePage } from '../support.ts';
import { ID_PARAMS } from './projects.ts';
import { naming } from './selection.ts';
import type { ProjectMember } from '../../../core/wire/event.ts';

const ROLE = { type: 'string', enum: ['viewer', 'editor', 'manager'] } as const;
const REF = { type: 'string', minLength: 1, maxLength: 320 } as const;
const ENTRY_PARAMS = { type: 'object', required: ['id', 'ref'], properties: { id: { type: 'string', format: 'uuid' }, ref: REF } } as const;

interface MemberJson {
  id: string;
  addedAt: string;
}

export function registerProjectMemberRoutes(app: FastifyInstance, { pool }: ApiDeps): void {
  app.get<{ Params: { id: string }; Querystring: { limit?: number; cursor?: string } }>(
    '/api/v1/projects/:id/members',
    { config: { keyScopes: ['hackathon:read'] }, schema: { params: ID_PARAMS, querystring: PAGE_QUERY_SCHEMA } },
    async (req) => {
      const page = parsePage(req.query);
      const rows = await naming(req, () =>
        callJson<MemberJson[]>(req, pool, 'app.list_project_members($1, $2, $3, $4)', [req.params.id, page.limit + 1, page.before?.at ?? null, page.before?.id ?? null]),
      );
      return pageOf(rows, page, (m) => [m.addedAt, m.id]);
    },
  );

  app.post<{ Params: { id: string }; Body: { person?: string; team?: string; role: string } }>(
    '/api/v1/projects/:id/members',
    {
      config: { keyScopes: ['hackathon:write'] },
      schema: {
        params: ID_PARAMS,
        body: { type: 'object', additionalProperties: false, required: ['role'], properties: { person: REF, team: REF, role: ROLE } },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const r = await naming(req, () => callJson<{ created: boolean; member: ProjectMember }>(req, pool, 'app.add_project_member($1, $2, $3, $4)', [req.params.id, b.person ?? null, b.team ?? null, b.role]));
      return reply.status(r.created ? 201 : 200).send(r.member);
    },
  );

  for (const [segment, kind] of [['people', 'person'], ['teams', 'team']] as const) {
    app.put<{ Params: { id: string; ref: string }; Body: { role: string } }>(
      `/api/v1/projects/:id/members/${segment}/:ref`,
      { config: { keyScopes: ['hackathon:write'] }, schema: { params: ENTRY_PARAMS, body: { type: 'object', additionalProperties: false, required: ['role'], properties: { role: ROLE } } } },
      async (req) => naming(req, () => callJson(req, pool, 'app.set_project_member_role($1, $2, $3, $4)', [req.params.id, kind, req.params.ref, req.body.role])),
    );
    app.delete<{ Params: { id: string; ref: string } }>(`/api/v1/projects/:id/members/${segment}/:ref`, { config: { keyScopes: ['hackathon:write'] }, schema: { params: ENTRY_PARAMS } }, async (req) => ({
      removed: await naming(req, () => callJson(req, pool, 'app.remove_project_member($1, $2, $3)', [req.params.id, kind, req.params.ref])),
    }));
  }
}
