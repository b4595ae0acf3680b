// Workspace invitations (owners and admins): invite an address with a role, list the
// pending ones, revoke one. The mail and its one-time link are the worker's
// (mail__send, template invitation); accepting is the page at /invitations/<secret>.
//   POST   /api/v1/invitations          { email, role }     -> 201 Invitation
//   GET    /api/v1/invitations?limit&cursor                -> { items, nextCursor }
//   DELETE /api/v1/invitations/:id                         -> { revoked: Invitation }
import type { FastifyInstance } from 'fastify';
import type { Invitation } from '../../../core/wire/identity.ts';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import { callJson, idempotent, PAGE_QUERY_SCHEMA, pageOf, parsePage } from '../support.ts';

const INVITE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'role'],
  properties: {
    email: { type: 'string', minLength: 3, maxLength: 320 },
    role: { type: 'string', enum: ['owner', 'admin', 'member', 'guest'] },
  },
} as const;

export function registerInvitationRoutes(app: FastifyInstance, { config, pool }: ApiDeps): void {
  const cloud = () => {
    if (config.hubUrl) throw new AppError('managed_on_hub', 'On a cloud instance people join through the hub account site', { accountUrl: `${config.hubUrl}/account` });
  };

  app.post<{ Body: { email: string; role: string } }>('/api/v1/invitations', { config: { keyScopes: ['presentations:write', 'hackathon:write'] }, schema: { body: INVITE_SCHEMA } }, async (req, reply) => {
    cloud();
    const r = await idempotent(req, pool, async (c) => {
      const { rows } = await c.query('select app.invite_member($1, $2) as r', [req.body.email, req.body.role]);
      return { status: 201, body: rows[0].r };
    });
    return reply.status(r.status).send(r.body);
  });

  app.get<{ Querystring: { limit?: number; cursor?: string } }>('/api/v1/invitations', { config: { keyScopes: ['presentations:read', 'hackathon:read'] }, schema: { querystring: PAGE_QUERY_SCHEMA } }, async (req) => {
    const page = parsePage(req.query);
    const rows = await callJson<Invitation[]>(req, pool, 'app.list_invitations($1, $2, $3)', [page.limit + 1, page.before?.at ?? null, page.before?.id ?? null]);
    return pageOf(rows, page, (i) => [i.createdAt, i.id]);
  });

  app.delete<{ Params: { id: string } }>(
    '/api/v1/invitations/:id',
    { config: { keyScopes: ['presentations:write', 'hackathon:write'] }, schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } } },
    async (req) => ({ revoked: await callJson(req, pool, 'app.revoke_invitation($1)', [req.params.id]) }),
  );
}
