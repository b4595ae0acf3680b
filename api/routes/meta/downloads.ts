// GET /downloads/podium-clients.tgz: the installable clients package (`hackathon`, `deckcli`),
// so a participant installs them without the server checkout:
//   npm install -g <PUBLIC_URL>/downloads/podium-clients.tgz
// The tarball is what `npm run pack:clients` (also run by `npm install`'s prepare) leaves at
// dist/podium-clients.tgz (CLIENTS_TARBALL moves it); public: the clients hold no secret.
// 404 not_found until it is built.
import { createReadStream, statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';

export function registerDownloadRoutes(app: FastifyInstance, { config }: ApiDeps): void {
  const file = config.clientsTarball;
  app.get('/downloads/podium-clients.tgz', { config: { auth: 'public' } }, async (_req, reply) => {
    let size: number;
    try {
      size = statSync(file).size;
    } catch {
      throw new AppError('not_found', 'The clients package is not built on this server: the operator runs npm run pack:clients');
    }
    reply
      .type('application/gzip')
      .header('content-length', size)
      .header('content-disposition', 'attachment; filename="podium-clients.tgz"')
      .header('cache-control', 'no-cache');
    return reply.send(createReadStream(file));
  });
}
