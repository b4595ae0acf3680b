// The roster: import the whole roster, show it (paged), lock and unlock.
//   PUT /api/v1/event/roster      GET /api/v1/event/roster?limit&cursor
//   PUT /api/v1/event/roster/lock DELETE /api/v1/event/roster/lock
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../deps.ts';
import { callJson, PAGE_QUERY_SCHEMA, pageOf, parsePage } from '../support.ts';
import type { Answer } from '../../../core/wire/routes.ts';

// Rows are checked in SQL (app_private.check_roster) so a refusal names participants.<n>.<field>.
const IMPORT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['participants'],
  properties: { participants: { type: 'array', maxItems: 10_000 }, invite: { type: 'boolean' } },
} as const;

interface RosterRow {
  id: string;
  email: string;
  name: string | null;
  role: string;
  team: string | null;
  github: string | null;
  signedIn: boolean;
  invitation: unknown;
  repository: unknown;
  addedAt: string;
}

export function registerRosterRoutes(app: FastifyInstance, { config, pool }: ApiDeps): void {
  // Invitations (one mail each to roster people who are not workspace members) unless the
  // body says `invite: false`; never on a cloud instance, where people join through the hub.
  app.put<{ Body: { participants: unknown[]; invite?: boolean } }>('/api/v1/event/roster', { config: { keyScopes: ['hackathon:write'] }, schema: { body: IMPORT_SCHEMA } }, async (req) =>
    callJson<Answer<'PUT /api/v1/event/roster'>>(req, pool, 'app.import_roster($1, $2)', [JSON.stringify(req.body.participants), req.body.invite !== false && !config.hubUrl]),
  );

  app.get<{ Querystring: { limit?: number; cursor?: string } }>(
    '/api/v1/event/roster',
    { config: { keyScopes: ['hackathon:read'] }, schema: { querystring: PAGE_QUERY_SCHEMA } },
    async (req) => {
      const page = parsePage(req.query, 100);
      const r = await callJson<{ rosterLockedAt: string | null; revocations: unknown[]; rows: RosterRow[] }>(req, pool, 'app.roster_page($1, $2, $3)', [
        page.limit + 1, page.before?.at ?? null, page.before?.id ?? null,
      ]);
      return { ...pageOf(r.rows, page, (row) => [row.addedAt, row.id]), rosterLockedAt: r.rosterLockedAt, revocations: r.revocations };
    },
  );

  app.put('/api/v1/event/roster/lock', { config: { keyScopes: ['hackathon:write'] } }, async (req) => callJson<Answer<'PUT /api/v1/event/roster/lock'>>(req, pool, 'app.lock_roster()', []));
  app.delete('/api/v1/event/roster/lock', { config: { keyScopes: ['hackathon:write'] } }, async (req) => callJson<Answer<'DELETE /api/v1/event/roster/lock'>>(req, pool, 'app.unlock_roster()', []));
}
