// Chats, the feed and help requests (/api/v1/event/chats, /feed, /posts, /requests): thin
// handlers over the app.* functions of sql/migrations/000053-000055. See docs/WIRE.md.
//
// These routes take user text (posts, titles, reasons), so their JSON bodies must be UTF-8:
// fastify's own parser would turn bytes that are not into U+FFFD and store them silently; here
// such a body is 400 invalid_input before anything runs.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../server.ts';
import { registerChannelRoutes } from './channels.ts';
import { registerPostRoutes } from './posts.ts';
import { registerRequestRoutes } from './requests.ts';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

export function registerChatRoutes(app: FastifyInstance, deps: ApiDeps): void {
  void app.register(async (scope) => {
    const json = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
      let text: string;
      try {
        text = UTF8.decode(body as Buffer);
      } catch {
        done(new AppError('invalid_input', 'The request body is not UTF-8 text', { field: 'body' }), undefined);
        return;
      }
      json(req, text, done);
    });
    registerChannelRoutes(scope, deps);
    registerPostRoutes(scope, deps);
    registerRequestRoutes(scope, deps);
  });
}
