// Workspace files (`hackathon files download`): GET /api/v1/files/:id answers what the file
// is (name, sha256, size), GET /api/v1/files/:id/content streams its bytes. SQL decides who
// may read which file (app.file_info); a file of another workspace
// answers file_not_found naming the workspace asked and what selected it.
import type { FastifyInstance } from 'fastify';
import type { WorkspaceFile } from '../../../core/wire/files.ts';
import { createBlobStore } from '../../../core/storage/index.ts';
import { AppError } from '../../errors.ts';
import { conditionalGet, httpDate } from '../../http-conditions.ts';
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

  // The ETag (the sha256) and Last-Modified (when the file was recorded) answer If-None-Match,
  // If-Modified-Since and If-Range; a single byte range answers 206 (a download resumes).
  app.get<{ Params: { id: string } }>('/api/v1/files/:id/content', { config: { keyScopes: ['hackathon:read', 'presentations:read'] }, schema: { params: FILE_PARAMS } }, async (req, reply) => {
    const f = await info(req);
    const etag = `"${f.sha256}"`;
    const modified = new Date(f.createdAt);
    const cache = { etag, 'last-modified': httpDate(modified), 'accept-ranges': 'bytes', 'cache-control': 'private, no-store' };
    const answer = conditionalGet(req.headers, f.size, etag, modified);
    if (answer.status === 304) return reply.status(304).headers(cache).send();
    if (answer.status === 416) return reply.status(416).headers(cache).header('content-range', answer.contentRange).send();
    const blob = await store.open(f.sha256, answer.status === 206 ? answer : undefined);
    if (!blob) throw new AppError('not_found', 'This replica cannot reach the file content (its storage is not shared); ask again or use shared storage', { fileId: f.id });
    if (answer.status === 206) reply.status(206).header('content-range', answer.contentRange);
    return reply
      .headers(cache)
      .header('content-type', 'application/octet-stream')
      .header('content-length', String(answer.status === 206 ? answer.end - answer.start + 1 : blob.size))
      .header('content-disposition', `attachment; filename="${f.name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`)
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('x-podium-sha256', f.sha256)
      .send(blob.stream);
  });
}
