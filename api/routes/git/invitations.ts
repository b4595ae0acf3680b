// POST /api/v1/codehost/invitations/accept: a member accepts their invitation to a
// repository of the local code host (the invitation URL GitHub would show, here a call).
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../deps.ts';
import { callJson } from '../support.ts';

export function registerInvitationRoutes(app: FastifyInstance, deps: ApiDeps): void {
  app.post('/api/v1/codehost/invitations/accept', {
      config: { keyScopes: ['hackathon:write'] },
    schema: {
      body: {
        type: 'object', additionalProperties: false, required: ['repository'],
        properties: { repository: { type: 'string', minLength: 3, maxLength: 141 } },
      },
    },
  }, async (req) => callJson(req, deps.pool, 'app.accept_repository_invitation($1)', [(req.body as { repository: string }).repository]));
}
