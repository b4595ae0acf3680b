// Posts by id, on any channel of the event: feed pin|unpin|hide|restore (organizers) and reactions.
import type { FastifyInstance } from 'fastify';
import type { Post, Reactions } from '../../../core/wire/chats.ts';
import type { ApiDeps } from '../../deps.ts';
import { callJson } from '../support.ts';
import { idParams, UUID } from './shared.ts';

type ById = { Params: { postId: string } };
const REACTION_PARAMS = {
  type: 'object',
  required: ['postId', 'emoji'],
  properties: { postId: UUID, emoji: { type: 'string', minLength: 1, maxLength: 32 } },
} as const;

export function registerPostRoutes(app: FastifyInstance, { pool }: ApiDeps): void {
  const byId = { config: { keyScopes: ['hackathon:write'] }, schema: { params: idParams('postId') } };
  app.post<ById>('/api/v1/event/posts/:postId/pin', byId, async (req) => callJson<Post>(req, pool, 'app.pin_chat_post($1)', [req.params.postId]));
  app.post<ById>('/api/v1/event/posts/:postId/unpin', byId, async (req) => callJson<Post>(req, pool, 'app.unpin_chat_post($1)', [req.params.postId]));
  app.post<ById & { Body: { reason: string } }>(
    '/api/v1/event/posts/:postId/hide',
    { config: { keyScopes: ['hackathon:write'] }, schema: { params: idParams('postId'), body: { type: 'object', additionalProperties: false, required: ['reason'], properties: { reason: { type: 'string', minLength: 1, maxLength: 500 } } } } },
    async (req) => callJson<Post>(req, pool, 'app.hide_chat_post($1, $2)', [req.params.postId, req.body.reason]),
  );
  app.post<ById>('/api/v1/event/posts/:postId/restore', byId, async (req) => callJson<Post>(req, pool, 'app.restore_chat_post($1)', [req.params.postId]));

  app.put<{ Params: { postId: string; emoji: string } }>('/api/v1/event/posts/:postId/reactions/:emoji', { config: { keyScopes: ['hackathon:write'] }, schema: { params: REACTION_PARAMS } }, async (req) =>
    callJson<Reactions>(req, pool, 'app.add_chat_reaction($1, $2)', [req.params.postId, req.params.emoji]));
  app.delete<{ Params: { postId: string; emoji: string } }>('/api/v1/event/posts/:postId/reactions/:emoji', { config: { keyScopes: ['hackathon:write'] }, schema: { params: REACTION_PARAMS } }, async (req) =>
    callJson<Reactions>(req, pool, 'app.remove_chat_reaction($1, $2)', [req.params.postId, req.params.emoji]));
}
