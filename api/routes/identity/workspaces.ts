// The caller's workspaces and their default (self-hosted; a cloud account's default is a
// hub account setting, so there the answer points to the hub).
//   GET /api/v1/workspaces                      -> { items, nextCursor: null }
//   PUT /api/v1/me/default-workspace { workspaceId }
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import { callJson } from '../support.ts';

export function registerWorkspaceRoutes(app: FastifyInstance, { config, pool }: ApiDeps): void {
  app.get('/api/v1/workspaces', { config: { keyScopes: ['*'] } }, async (req) => {
    const items = await callJson(req, pool, 'app.my_workspaces()', []);
    return { items, nextCursor: null };
  });

  app.put<{ Body: { workspaceId: string } }>(
    '/api/v1/me/default-workspace',
    { config: { keyScopes: ['presentations:write', 'hackathon:write'] }, schema: { body: { type: 'object', required: ['workspaceId'], additionalProperties: false, properties: { workspaceId: { type: 'string', format: 'uuid' } } } } },
    async (req) => {
      if (config.hubUrl) {
        throw new AppError('managed_on_hub', 'On a cloud instance the default workspace is a setting of your hub account', { accountUrl: `${config.hubUrl}/account` });
      }
      return { defaultWorkspace: await callJson(req, pool, 'app.set_default_workspace($1)', [req.body.workspaceId]) };
    },
  );
}
