// chats list|read|replies|post and feed list|show|post: channels, their posts and threads.
import type { FastifyInstance } from 'fastify';
import type { Post } from '../../../core/wire/chats.ts';
import type { Answer } from '../../../core/wire/routes.ts';
import type { ApiDeps } from '../../deps.ts';
import { callJson, idempotent, PAGE_QUERY_SCHEMA, pageOf, parsePage, type Page } from '../support.ts';
import { idParams, NEW_POST, type NewPost, type PageQuery } from './shared.ts';

const postKey = (p: Post): [string, string] => [p.at, p.id];
const pageArgs = (page: Page) => [page.limit + 1, page.before?.at ?? null, page.before?.id ?? null];

export function registerChannelRoutes(app: FastifyInstance, { pool }: ApiDeps): void {
  app.get('/api/v1/event/chats', { config: { keyScopes: ['hackathon:read'] } }, async (req): Promise<Answer<'GET /api/v1/event/chats'>> => ({ items: await callJson<Answer<'GET /api/v1/event/chats'>['items']>(req, pool, 'app.list_chat_channels()', []), nextCursor: null }));

  app.get<{ Params: { channelId: string } }>('/api/v1/event/chats/:channelId', { config: { keyScopes: ['hackathon:read'] }, schema: { params: idParams('channelId') } }, async (req) =>
    callJson<Answer<'GET /api/v1/event/chats/:channelId'>>(req, pool, 'app.show_chat_channel($1)', [req.params.channelId]));

  app.get<{ Params: { channelId: string }; Querystring: PageQuery }>(
    '/api/v1/event/chats/:channelId/posts',
    { config: { keyScopes: ['hackathon:read'] }, schema: { params: idParams('channelId'), querystring: PAGE_QUERY_SCHEMA } },
    async (req) => {
      const page = parsePage(req.query);
      const rows = await callJson<Answer<'GET /api/v1/event/chats/:channelId/posts'>['items']>(req, pool, 'app.list_chat_posts($1, $2, $3, $4)', [req.params.channelId, ...pageArgs(page)]);
      return pageOf(rows, page, postKey);
    },
  );

  // One page of a thread, oldest first: the cursor is the last reply of the previous page.
  app.get<{ Params: { channelId: string; postId: string }; Querystring: PageQuery }>(
    '/api/v1/event/chats/:channelId/posts/:postId/replies',
    { config: { keyScopes: ['hackathon:read'] }, schema: { params: idParams('channelId', 'postId'), querystring: PAGE_QUERY_SCHEMA } },
    async (req): Promise<Answer<'GET /api/v1/event/chats/:channelId/posts/:postId/replies'>> => {
      const page = parsePage(req.query);
      const r = await callJson<{ root: Post; items: Post[] }>(req, pool, 'app.list_chat_replies($1, $2, $3, $4, $5)', [req.params.channelId, req.params.postId, ...pageArgs(page)]);
      return { root: r.root, ...pageOf(r.items, page, postKey) };
    },
  );

  app.post<{ Params: { channelId: string }; Body: NewPost }>(
    '/api/v1/event/chats/:channelId/posts',
    { config: { keyScopes: ['hackathon:write'] }, schema: { params: idParams('channelId'), body: NEW_POST } },
    async (req, reply) => {
      const r = await idempotent(req, pool, async (c) => {
        const { rows } = await c.query('select app.create_chat_post($1, $2, $3) as r', [req.params.channelId, req.body.body, req.body.threadId ?? null]);
        return { status: 201, body: rows[0].r };
      });
      return reply.status(r.status).send(r.body);
    },
  );

  // The feed is the general channel.
  app.get('/api/v1/event/feed', { config: { keyScopes: ['hackathon:read'] } }, async (req) => callJson<Answer<'GET /api/v1/event/feed'>>(req, pool, 'app.show_feed()', []));

  app.get<{ Querystring: PageQuery }>('/api/v1/event/feed/posts', { config: { keyScopes: ['hackathon:read'] }, schema: { querystring: PAGE_QUERY_SCHEMA } }, async (req) => {
    const page = parsePage(req.query);
    const rows = await callJson<Answer<'GET /api/v1/event/feed/posts'>['items']>(req, pool, 'app.list_chat_posts(app.feed_channel_id(), $1, $2, $3)', pageArgs(page));
    return pageOf(rows, page, postKey);
  });

  app.post<{ Body: NewPost }>('/api/v1/event/feed/posts', { config: { keyScopes: ['hackathon:write'] }, schema: { body: NEW_POST } }, async (req, reply) => {
    const r = await idempotent(req, pool, async (c) => {
      const { rows } = await c.query('select app.create_chat_post(app.feed_channel_id(), $1, $2) as r', [req.body.body, req.body.threadId ?? null]);
      return { status: 201, body: rows[0].r };
    });
    return reply.status(r.status).send(r.body);
  });
}
