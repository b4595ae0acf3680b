// GET /api/v1/me: who the credential is, how it signed in (`via` session or api_key),
// and the workspace this request acts in. Answered from the authentication lookup alone.
import type { FastifyInstance } from 'fastify';
import type { Me } from '../../../core/wire/identity.ts';
import { requireIdentity } from '../../auth/caller.ts';
import type { ApiDeps } from '../../deps.ts';

export function registerMeRoutes(app: FastifyInstance, _deps: ApiDeps): void {
  app.get('/api/v1/me', { config: { auth: 'any', keyScopes: ['*'] } }, async (req) => {
    const id = requireIdentity(req);
    return { via: id.via, user: id.user, workspace: id.workspace, key: id.key } satisfies Me;
  });
}
