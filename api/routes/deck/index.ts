// The deck service on the server: publishing, decks, share links and their serving,
// views, forms, collaborators, annotations, export. One module per area.
import type { FastifyInstance } from 'fastify';
import { createBlobStore } from '../../../core/storage/index.ts';
import type { ApiDeps } from '../../deps.ts';
import { securityHeaders, type FastRoute } from '../../fast-answer.ts';
import { registerDeckRoutes as registerDecks } from './decks.ts';
import { registerExportRoutes } from './export.ts';
import { registerFormRoutes } from './forms.ts';
import { LinkCache } from './link-cache.ts';
import { registerPeopleRoutes } from './people.ts';
import { registerPublishRoutes } from './publish.ts';
import { fastDeckFile, registerServeRoutes } from './serve.ts';
import { registerShareRoutes } from './share.ts';
import { registerViewRoutes } from './views.ts';

export function registerDeckRoutes(app: FastifyInstance, deps: ApiDeps, fastRoutes: FastRoute[] = []): void {
  const store = createBlobStore(deps.config);
  const links = new LinkCache(deps.pool);
  app.addHook('onClose', async () => store.close());
  // Test mode: moving the clock may expire links the cache still holds.
  if (deps.config.testMode) {
    app.addHook('onResponse', async (req) => {
      if (req.routeOptions.url === '/api/v1/test/clock') links.forgetAll();
    });
  }
  registerPublishRoutes(app, deps, store);
  registerDecks(app, deps, store, links);
  registerShareRoutes(app, deps, links);
  registerServeRoutes(app, deps, store, links);
  fastRoutes.push(fastDeckFile(deps.config.authSecret, links, securityHeaders(deps.config.publicUrl)));
  registerViewRoutes(app, deps);
  registerFormRoutes(app, deps, links);
  registerPeopleRoutes(app, deps);
  registerExportRoutes(app, deps);
}
