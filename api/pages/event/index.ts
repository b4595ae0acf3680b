// The event pages (/event...): server-rendered, progressively enhanced by one script of their
// own (countdown from the server clock, live posts through the event stream). Every section
// is one call of the SQL function the REST route calls, as the signed-in caller.
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../deps.ts';
import { EVENT_JS, EVENT_JS_PATH } from './event-js.ts';
import { registerChatPages } from './chats.tsx';
import { homeBody } from './home.tsx';
import { registerJuryPages } from './jury.tsx';
import { registerOrganizerPages } from './organizer.tsx';
import { eventPage } from './shared.tsx';
import { registerTeamPages } from './team.tsx';
import { registerVotePage } from './vote.tsx';

export function registerEventPages(app: FastifyInstance, deps: ApiDeps): void {
  app.get(EVENT_JS_PATH, { config: { auth: 'none' } }, async (_req, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(EVENT_JS),
  );
  app.get('/event', { config: { auth: 'none' } }, eventPage(deps, ({ status }) => status.name, homeBody(deps)));
  registerTeamPages(app, deps);
  registerChatPages(app, deps);
  registerVotePage(app, deps);
  registerOrganizerPages(app, deps);
  registerJuryPages(app, deps);
}
