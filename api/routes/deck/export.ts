// Export under the data:export scope: the decks you manage in the workspace you act in,
// with versions and links (never a secret), their views and their form responses.
//   GET /api/v1/export -> { exportedAt, workspaceId, decks, views, responses }
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../deps.ts';
import { callJson } from '../support.ts';
import { withUrl } from './shape.ts';

export function registerExportRoutes(app: FastifyInstance, { config, pool }: ApiDeps): void {
  app.get('/api/v1/export', { config: { keyScopes: ['data:export'] } }, async (req, reply) => {
    const r = await callJson<{ decks: { id: string }[] }>(req, pool, 'app.export_decks()', []);
    return reply.header('content-disposition', 'attachment; filename="podium-decks-export.json"').send({ ...r, decks: r.decks.map((d) => withUrl(config.publicUrl, d)) });
  });
}
