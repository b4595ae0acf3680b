// Every server-rendered page of the app (besides first-run /setup): sign-in, the deck
// dashboard and master page, thumbnails, invitations, and the one static script. Registered once from
// api/server.ts on the full surface.
import type { FastifyInstance } from 'fastify';
import { createBlobStore } from '../../core/storage/index.ts';
import type { ApiDeps } from '../deps.ts';
import { APP_JS, APP_JS_PATH } from './components/app-js.ts';
import { FAVICON, FAVICON_PATH } from './components/favicon.ts';
import { registerDashboardPages } from './decks/dashboard.tsx';
import { registerMasterPage } from './decks/present.tsx';
import { PreviewLinks } from './decks/preview.ts';
import { registerThumbnailRoute } from './decks/thumbnail.ts';
import { registerEventPages } from './event/index.ts';
import { registerKeyPages } from './keys/index.tsx';
import { registerInvitationPages } from './invitations.tsx';
import { registerCodehostInvitationPages } from './codehost-invitations.tsx';
import { registerOperatorMailPages } from './operator-mail.tsx';
import { registerSigninPages } from './signin.tsx';

export function registerAppPages(app: FastifyInstance, deps: ApiDeps): void {
  const store = createBlobStore(deps.config);
  app.addHook('onClose', async () => store.close());

  // Content-hashed path: cached for good; a new build is a new URL.
  app.get(APP_JS_PATH, { config: { auth: 'none' } }, async (_req, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(APP_JS),
  );

  // Every page links it; without it each page view costs the browser a 404.
  app.get(FAVICON_PATH, { config: { auth: 'none' } }, async (_req, reply) =>
    reply.header('content-type', 'image/x-icon').header('cache-control', 'public, max-age=86400').send(FAVICON),
  );

  registerSigninPages(app, deps);
  registerDashboardPages(app, deps);
  registerEventPages(app, deps);
  registerKeyPages(app, deps);
  registerInvitationPages(app, deps);
  registerCodehostInvitationPages(app, deps);
  registerOperatorMailPages(app, deps);
  registerMasterPage(app, deps, new PreviewLinks(deps.pool));
  registerThumbnailRoute(app, deps, store);
}
