// The hub account's own settings. On a cloud instance the default workspace is one of them
// (the instance answers `managed_on_hub` with this page's address).
//   GET /account                                 the account page (how to change the settings)
//   PUT /hub/v1/account/default-organization     (hub login) { organizationId }
import type { FastifyInstance } from 'fastify';
import type { HubDefaultOrganizationSet } from '../../../core/wire/hub.ts';
import type { ApiDeps } from '../../deps.ts';
import { accountPage } from './account-page.tsx';
import { hubCaller } from './shared.ts';

export function registerHubAccountRoutes(app: FastifyInstance, { config, pool }: ApiDeps): void {
  const open = { config: { auth: 'none' as const } };

  app.put<{ Body: { organizationId: string } }>(
    '/hub/v1/account/default-organization',
    { ...open, schema: { body: { type: 'object', required: ['organizationId'], additionalProperties: false, properties: { organizationId: { type: 'string', format: 'uuid' } } } } },
    async (req): Promise<HubDefaultOrganizationSet> => {
      const c = await hubCaller(req, pool);
      const { rows } = await pool.query('select hub_private.set_default_organization($1, $2) as r', [c.account.id, req.body.organizationId]);
      return { defaultOrganization: rows[0].r };
    },
  );

  app.get('/account', open, async (_req, reply) => {
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return accountPage(config.publicUrl);
  });
}
