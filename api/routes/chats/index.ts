// Chats, the feed and help requests (/api/v1/event/chats, /feed, /posts, /requests): thin
// handlers over the app.* functions of sql/functions/app/ (the chat, feed and help-request
// functions). See docs/WIRE.md.
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../deps.ts';
import { registerChannelRoutes } from './channels.ts';
import { registerPostRoutes } from './posts.ts';
import { registerRequestRoutes } from './requests.ts';

export function registerChatRoutes(app: FastifyInstance, deps: ApiDeps): void {
  registerChannelRoutes(app, deps);
  registerPostRoutes(app, deps);
  registerRequestRoutes(app, deps);
}
