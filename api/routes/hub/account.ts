// The hub account's own settings. On a cloud instance the default workspace is one of them
// (the instance answers `managed_on_hub` with this page's address).
//   GET /account                                 the account page (how to change the settings)
//   PUT /hub/v1/account/default-organization     (hub login) { organizationId }
import type { FastifyInstance } from 'fastify';
import type { HubDefaultOrganizationSet } from '../../../core/wire/hub.ts';
import type { ApiDeps } from '../../deps.ts';
import { esc } from '../../pages/html.ts';
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
    const hub = esc(config.publicUrl);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Your hub account</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}code{background:#eef;padding:0 .2rem}</style></head>
<body><h1>Your hub account</h1>
<p>This hub (${hub}) signs you in to every Podium instance of its family. Your organizations, their tools and your default organization are settings of your hub account.</p>
<h2>Default organization</h2>
<p>On a cloud instance, a command that names no organization acts in your default organization. Choose one per command with <code>--org &lt;id or name&gt;</code> (or <code>EVENT_ORG</code>), or change the default:</p>
<pre><code>curl -X PUT ${hub}/hub/v1/account/default-organization \\
  -H "Authorization: Bearer &lt;your hub login&gt;" -H "Content-Type: application/json" \\
  -d '{"organizationId":"&lt;id&gt;"}'</code></pre>
<p>Your hub login is in <code>~/.config/podium/hub.json</code>; it is sent to this hub only.</p>
</body></html>`;
  });
}
