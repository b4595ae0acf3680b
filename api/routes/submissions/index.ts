// Submissions (/api/v1/submissions/...): thin handlers over the app.submission* functions of
// sql/migrations/000010_submissions.sql, and the evidence archive download. See docs/WIRE.md.
import type { FastifyInstance } from 'fastify';
import { captureEvidence } from '../../../core/codehost/capture.ts';
import { createCodeHost } from '../../../core/codehost/index.ts';
import { createBlobStore } from '../../../core/storage/index.ts';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import { callJson } from '../support.ts';
import { registerProvisionRoutes } from './provision.ts';
import { UUID_SCHEMA } from '../../../core/ids.ts';
import type { Answer } from '../../../core/wire/routes.ts';

const PROJECT_PARAMS = {
  type: 'object',
  required: ['projectId'],
  properties: { projectId: UUID_SCHEMA },
} as const;

export function registerSubmissionRoutes(app: FastifyInstance, deps: ApiDeps): void {
  const { pool } = deps;
  const store = createBlobStore(deps.config);
  const host = createCodeHost(deps.config, pool);
  registerProvisionRoutes(app, deps, host);
  app.addHook('onClose', async () => store.close());

  app.get('/api/v1/submissions', { config: { keyScopes: ['hackathon:read'] } }, async (req) => callJson<Answer<'GET /api/v1/submissions'>>(req, pool, 'app.submissions_list()', []));
  app.get('/api/v1/submissions/failures', { config: { keyScopes: ['hackathon:read'] } }, async (req) => callJson<Answer<'GET /api/v1/submissions/failures'>>(req, pool, 'app.submission_failures()', []));
  app.post('/api/v1/submissions/reconcile', { config: { keyScopes: ['hackathon:write'] } }, async (req) => callJson<Answer<'POST /api/v1/submissions/reconcile'>>(req, pool, 'app.reconcile_submissions()', []));
  app.get('/api/v1/submissions/:projectId', { config: { keyScopes: ['hackathon:read'] }, schema: { params: PROJECT_PARAMS } }, async (req) =>
    callJson<Answer<'GET /api/v1/submissions/:projectId'>>(req, pool, 'app.submission_show($1)', [(req.params as { projectId: string }).projectId]));

  app.get('/api/v1/submissions/:projectId/artifact', { config: { keyScopes: ['hackathon:read'] }, schema: { params: PROJECT_PARAMS } }, async (req, reply) => {
    const a = await callJson<{ name: string; sha256: string; size: number; sha: string }>(req, pool, 'app.submission_artifact($1)', [(req.params as { projectId: string }).projectId]);
    const blob = await store.open(a.sha256);
    if (!blob) throw new AppError('not_found', 'This replica cannot reach the evidence archive; ask again', {}, 503);
    reply.header('content-type', 'application/gzip');
    reply.header('content-length', String(blob.size));
    reply.header('content-disposition', `attachment; filename="${a.name}"`);
    reply.header('x-podium-archive-sha256', a.sha256);
    reply.header('x-podium-sha', a.sha);
    return reply.send(blob.stream);
  });

  // submissions exception: the gate first, then the capture of the named sha, then the record;
  // a capture that fails is capture_failed and nothing is recorded.
  app.post('/api/v1/submissions/:projectId/exception', {
      config: { keyScopes: ['hackathon:write'] },
    schema: {
      params: PROJECT_PARAMS,
      body: {
        type: 'object', additionalProperties: false, required: ['reason'],
        properties: {
          reason: { type: 'string', minLength: 1, maxLength: 1000 },
          sha: { type: 'string', pattern: '^[0-9a-f]{40}$' },
          missing: { type: 'boolean' },
          invalidateDecks: { type: 'boolean' },
          invalidateVoting: { type: 'boolean' },
        },
      },
    },
  }, async (req) => {
    const { projectId } = req.params as { projectId: string };
    const b = req.body as { reason: string; sha?: string; missing?: boolean; invalidateDecks?: boolean; invalidateVoting?: boolean };
    if ((b.sha !== undefined) === (b.missing === true)) throw new AppError('invalid_input', 'Send exactly one of sha or missing: true', { field: 'sha' });
    const gate = await callJson<{ repository: string | null }>(req, pool, 'app.submission_exception_check($1)', [projectId]);
    let evidence: { sha256: string; size: number } | null = null;
    if (b.sha) {
      if (!gate.repository) throw new AppError('capture_failed', 'The team has no repository to capture from; nothing was recorded');
      try {
        evidence = await captureEvidence(host, store, gate.repository, b.sha);
      } catch (err) {
        throw new AppError('capture_failed', `Capturing ${b.sha} failed (${(err as Error).message}); nothing was recorded`);
      }
    }
    // The archive hash and size are the capture's own (app_private: never a caller's value).
    return callJson(req, pool, 'app_private.record_submission_exception($1, $2, $3, $4, $5, $6, $7)',
      [projectId, b.reason, b.sha ?? null, evidence?.sha256 ?? null, evidence?.size ?? null, b.invalidateDecks ?? false, b.invalidateVoting ?? false]);
  });
}
