// The programme: GET for every attendee (jury included), PUT replaces it (organizers).
// Items are checked in SQL (app.set_agenda) so a refusal names items.<n>.<field>.
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../deps.ts';
import { callJson } from '../support.ts';

export function registerAgendaRoutes(app: FastifyInstance, { pool }: ApiDeps): void {
  app.get('/api/v1/event/agenda', { config: { keyScopes: ['hackathon:read'] } }, async (req) => ({ items: await callJson(req, pool, 'app.agenda()', []) }));

  app.put<{ Body: { items: unknown[] } }>(
    '/api/v1/event/agenda',
    { config: { keyScopes: ['hackathon:write'] }, schema: { body: { type: 'object', additionalProperties: false, required: ['items'], properties: { items: { type: 'array' } } } } },
    async (req) => {
      const items = await callJson<unknown[]>(req, pool, 'app.set_agenda($1)', [JSON.stringify(req.body.items)]);
      return { count: items.length, items };
    },
  );
}
