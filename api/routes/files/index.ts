// Workspace files (`hackathon files download`): GET /api/v1/files/:id answers what the file
// is (name, sha256, size), GET /api/v1/files/:id/content streams its bytes. SQL decides who
// may read which file (app.file_info, migration 000081); a file of another workspace
// answers file_not_found naming the workspace asked and what selected it.
import type { FastifyInstance } from 'fastify';
import type { WorkspaceFile } from '../../../core/wire/files.ts';
import { createBlobStore } from '../../../core/storage/index.ts';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import { naming } from '../projects/selection.ts';
import { callJson } from '../support.ts';
import { UUID_SCHEMA } from '../../../core/ids.ts';

const FILE_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: UUID_SCHEMA },
} as const;

export function registerFileRoutes(app: FastifyInstance, deps: ApiDeps): void {
  const { pool } = deps;
  const store = createBlobStore(deps.config);
  app.addHook('onClose', async () => store.close());
  const info = (req: import('fastify').FastifyRequest<{ Params: { id: string } }>) =>
    naming(req, () => callJson<WorkspaceFile>(req, pool, 'app.file_info($1)', [req.params.id]));

  app.get<{ Params: { id: string } }>('/api/v1/files/:id', { config: { keyScopes: ['hackathon:read', 'presentations:read'] }, schema: { params: FILE_PARAMS } }, async (req) => info(req));

  app.get<{ Params: { id: string } }>('/api/v1/files/:id/content', { config: { keyScopes: ['hackathon:read', 'presentations:read'] }, schema: { params: FILE_PARAMS } }, async (req, reply) => {
    const f = await info(req);
    const blob = await store.open(f.sha256);
    if (!blob) throw new AppError('not_found', 'This replica cannot reach the file content (its storage is not shared); ask again or use shared storage', { fileId: f.id });
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', String(blob.size))
      .header('content-disposition', `attachment; filename="${f.name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`)
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('x-podium-sha256', f.sha256)
      .header('cache-control', 'private, no-store')
      .send(blob.stream);
  });
}
