// Generated decks (/api/v1/event/decks/...): thin handlers over the app.* functions of
// sql/functions/app/ (the generated-deck functions). The only thing added here is the
// read-only view of a deck: SQL names it by its viewKey (the generation job), and the URL is
// composed from the secret derived with AUTH_SECRET (core/decks/view-link.ts), where SQL let
// the caller see a view.
//   GET  /api/v1/event/decks                 decks list
//   GET  /api/v1/event/decks/gallery         decks gallery
//   GET  /api/v1/event/decks/templates       decks templates
//   GET  /api/v1/event/decks/runs            decks runs
//   POST /api/v1/event/decks/runs            decks generate [--new-revision]
//   GET  /api/v1/event/decks/runs/:runId     decks run <runId> [--log]
//   GET  /api/v1/event/decks/:deckId         decks show <deckId>
//   POST /api/v1/event/decks/:deckId/review  decks review
//   POST /api/v1/event/decks/releases        decks release <projectId>
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { generatedViewUrl } from '../../../core/decks/view-link.ts';
import type { ApiDeps } from '../../deps.ts';
import { API_VERSION } from '../meta/instance.ts';
import { callJson, idempotent } from '../support.ts';
import { UUID_SCHEMA } from '../../../core/ids.ts';
import type { DeckTemplates } from '../../../core/wire/decks.ts';
import type { Answer } from '../../../core/wire/routes.ts';

const PODIUM_VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Replaces every `viewKey` SQL answered with the `view` URL of that deck's read-only link. */
export function withViews<T>(value: T, publicUrl: string, authSecret: string): T {
  if (Array.isArray(value)) return value.map((v) => withViews(v, publicUrl, authSecret)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === 'viewKey') out.view = typeof v === 'string' ? generatedViewUrl(publicUrl, authSecret, v) : null;
      else out[k] = withViews(v, publicUrl, authSecret);
    }
    return out as T;
  }
  return value;
}

export function registerGeneratedDeckRoutes(app: FastifyInstance, { config, pool }: ApiDeps): void {
  const views = <T>(v: T) => withViews(v, config.publicUrl, config.authSecret);

  app.get('/api/v1/event/decks', { config: { keyScopes: ['hackathon:read'] } }, async (req) => views(await callJson(req, pool, 'app.generated_decks_list()', [])));

  app.get('/api/v1/event/decks/gallery', { config: { keyScopes: ['hackathon:read'] } }, async (req) => views(await callJson(req, pool, 'app.deck_gallery()', [])));

  app.get('/api/v1/event/decks/templates', { config: { keyScopes: ['hackathon:read'] } }, async (req) => ({
    ...(await callJson<Omit<DeckTemplates, 'publisher'>>(req, pool, 'app.deck_templates()', [])),
    // The deck service that publishes generated decks: this instance's own, at this version.
    publisher: { service: 'deck', url: `${config.publicUrl}/api/${API_VERSION}/presentations`, apiVersion: API_VERSION, version: `podium ${PODIUM_VERSION}` },
  }));

  app.get('/api/v1/event/decks/runs', { config: { keyScopes: ['hackathon:read'] } }, async (req) => callJson<Answer<'GET /api/v1/event/decks/runs'>>(req, pool, 'app.deck_generation_runs()', []));

  app.post<{ Body: { newRevision?: boolean } | undefined }>(
    '/api/v1/event/decks/runs',
    { config: { keyScopes: ['hackathon:write'] }, schema: { body: { type: ['object', 'null'], additionalProperties: false, properties: { newRevision: { type: 'boolean' } } } } },
    async (req, reply) => {
      const r = await idempotent(req, pool, async (c) => ({
        status: 201,
        body: (await c.query('select app.start_deck_generation($1) as r', [req.body?.newRevision ?? false])).rows[0].r,
      }));
      return reply.code(r.status).send(r.body);
    },
  );

  app.get<{ Params: { runId: string }; Querystring: { log?: boolean } }>(
    '/api/v1/event/decks/runs/:runId',
    { config: { keyScopes: ['hackathon:read'] }, schema: { params: { type: 'object', required: ['runId'], properties: { runId: UUID_SCHEMA } }, querystring: { type: 'object', additionalProperties: false, properties: { log: { type: 'boolean' } } } } },
    async (req) => callJson<Answer<'GET /api/v1/event/decks/runs/:runId'>>(req, pool, 'app.deck_generation_run($1, $2)', [req.params.runId, req.query.log ?? false]),
  );

  app.get<{ Params: { deckId: string } }>(
    '/api/v1/event/decks/:deckId',
    { config: { keyScopes: ['hackathon:read'] }, schema: { params: { type: 'object', required: ['deckId'], properties: { deckId: UUID_SCHEMA } } } },
    async (req) => views(await callJson(req, pool, 'app.generated_deck($1)', [req.params.deckId])),
  );

  app.post<{ Params: { deckId: string }; Body: { decision: 'approve' | 'reject'; note?: string } }>(
    '/api/v1/event/decks/:deckId/review',
    {
      config: { keyScopes: ['hackathon:write'] },
      schema: {
        params: { type: 'object', required: ['deckId'], properties: { deckId: UUID_SCHEMA } },
        body: { type: 'object', additionalProperties: false, required: ['decision'], properties: { decision: { enum: ['approve', 'reject'] }, note: { type: 'string', minLength: 1, maxLength: 1000 } } },
      },
    },
    async (req) => views(await callJson(req, pool, 'app.review_generated_deck($1, $2, $3)', [req.params.deckId, req.body.decision === 'approve', req.body.note ?? null])),
  );

  app.post<{ Body: { projectId: string } }>(
    '/api/v1/event/decks/releases',
    { config: { keyScopes: ['hackathon:write'] }, schema: { body: { type: 'object', additionalProperties: false, required: ['projectId'], properties: { projectId: UUID_SCHEMA } } } },
    async (req) => views(await callJson(req, pool, 'app.release_generated_decks($1)', [req.body.projectId])),
  );
}
