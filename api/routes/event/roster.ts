// The roster: import the whole roster, show it (paged), lock and unlock.
//   PUT /api/v1/event/roster      GET /api/v1/event/roster?limit&cursor
//   PUT /api/v1/event/roster/lock DELETE /api/v1/event/roster/lock
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../deps.ts';
import { asCaller, callJson, PAGE_QUERY_SCHEMA, pageOf, parsePage } from '../support.ts';
import type { Answer } from '../../../core/wire/routes.ts';

// Rows are checked in SQL (app_private.check_roster) so a refusal names participants.<n>.<field>.
const IMPORT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['participants'],
  properties: { participants: { type: 'array', maxItems: 10_000 }, invite: { type: 'boolean' }, keepScores: { type: 'boolean' } },
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
  // Jury: a jury row's `conflicts` (team names) is declared by
  // app.set_roster_jury_conflicts in the same transaction; `keepScores: true` keeps the
  // submitted scores of jurors the import removes (podium.jury_keep_scores, read by the
  // roster trigger app_private.jury_roster_removed).
  app.put<{ Body: { participants: unknown[]; invite?: boolean; keepScores?: boolean } }>('/api/v1/event/roster', { config: { keyScopes: ['hackathon:write'] }, schema: { body: IMPORT_SCHEMA } }, async (req) =>
    asCaller(req, pool, async (c) => {
      const rows = req.body.participants;
      const conflicts = rows.some((r) => r !== null && typeof r === 'object' && !Array.isArray(r) && 'conflicts' in r);
      const plain = conflicts ? rows.map((r) => (r !== null && typeof r === 'object' && !Array.isArray(r) && 'conflicts' in r ? (({ conflicts: _c, ...rest }) => rest)(r as Record<string, unknown>) : r)) : rows;
      if (req.body.keepScores === true) await c.query(`select set_config('podium.jury_keep_scores', 'on', true)`);
      const r = (await c.query('select app.import_roster($1, $2) as r', [JSON.stringify(plain), req.body.invite !== false && !config.hubUrl])).rows[0].r;
      const jury = (await c.query('select app.set_roster_jury_conflicts($1) as r', [JSON.stringify(rows)])).rows[0].r;
      return conflicts ? { ...r, juryConflicts: jury.conflicts } : r;
    }),
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
