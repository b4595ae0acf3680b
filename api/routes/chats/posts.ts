// Posts by id, on any channel of the event: feed pin|unpin|hide|restore (organizers) and reactions.
import type { FastifyInstance } from 'fastify';
import type { Answer } from '../../../core/wire/routes.ts';
import type { ApiDeps } from '../../deps.ts';
import { callJson } from '../support.ts';
import { routeBody } from '../wire-schema.ts';
import { idParams, UUID } from './shared.ts';

type ById = { Params: { postId: string } };
const REACTION_PARAMS = {
  type: 'object',
  required: ['postId', 'emoji'],
  properties: { postId: UUID, emoji: { type: 'string', minLength: 1, maxLength: 32 } },
} as const;

export function registerPostRoutes(app: FastifyInstance, { pool }: ApiDeps): void {
  const byId = { config: { keyScopes: ['hackathon:write'] }, schema: { params: idParams('postId') } };
  app.post<ById>('/api/v1/event/posts/:postId/pin', byId, async (req) => callJson<Answer<'POST /api/v1/event/posts/:postId/pin'>>(req, pool, 'app.pin_chat_post($1)', [req.params.postId]));
  app.post<ById>('/api/v1/event/posts/:postId/unpin', byId, async (req) => callJson<Answer<'POST /api/v1/event/posts/:postId/unpin'>>(req, pool, 'app.unpin_chat_post($1)', [req.params.postId]));
  app.post<ById & { Body: { reason: string } }>(
    '/api/v1/event/posts/:postId/hide',
    { config: { keyScopes: ['hackathon:write'] }, schema: { params: idParams('postId'), body: routeBody('POST /api/v1/event/posts/:postId/hide') } },
    async (req) => callJson<Answer<'POST /api/v1/event/posts/:postId/hide'>>(req, pool, 'app.hide_chat_post($1, $2)', [req.params.postId, req.body.reason]),
  );
  app.post<ById>('/api/v1/event/posts/:postId/restore', byId, async (req) => callJson<Answer<'POST /api/v1/event/posts/:postId/restore'>>(req, pool, 'app.restore_chat_post($1)', [req.params.postId]));

  app.put<{ Params: { postId: string; emoji: string } }>('/api/v1/event/posts/:postId/reactions/:emoji', { config: { keyScopes: ['hackathon:write'] }, schema: { params: REACTION_PARAMS } }, async (req) =>
    callJson<Answer<'PUT /api/v1/event/posts/:postId/reactions/:emoji'>>(req, pool, 'app.add_chat_reaction($1, $2)', [req.params.postId, req.params.emoji]));
  app.delete<{ Params: { postId: string; emoji: string } }>('/api/v1/event/posts/:postId/reactions/:emoji', { config: { keyScopes: ['hackathon:write'] }, schema: { params: REACTION_PARAMS } }, async (req) =>
    callJson<Answer<'DELETE /api/v1/event/posts/:postId/reactions/:emoji'>>(req, pool, 'app.remove_chat_reaction($1, $2)', [req.params.postId, req.params.emoji]));
}
