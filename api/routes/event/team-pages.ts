// Team pages of the event: showcase and the three deck links, with the who-rules of
// `decks link` (app_private.event_team_for). Deck-link hosts come from configuration and
// reach SQL as the transaction settings podium.deck_link_hosts and podium.public_origin.
//   GET/PATCH /api/v1/event/showcase     GET/PATCH /api/v1/event/deck-links     GET /api/v1/event/team-members
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../deps.ts';
import { asCaller, callJson } from '../support.ts';
import type { Answer } from '../../../core/wire/routes.ts';

const TEAM_QUERY = { type: 'object', additionalProperties: false, properties: { team: { type: 'string', minLength: 1, maxLength: 100 } } } as const;
const TEAM = { type: 'string', minLength: 1, maxLength: 100 } as const;
const TEXT = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;
const LINK = { type: ['string', 'null'], maxLength: 500 } as const;

export function registerTeamPageRoutes(app: FastifyInstance, { config, pool }: ApiDeps): void {
  app.get<{ Querystring: { team?: string } }>('/api/v1/event/showcase', { config: { keyScopes: ['hackathon:read'] }, schema: { querystring: TEAM_QUERY } }, async (req) =>
    callJson<Answer<'GET /api/v1/event/showcase'>>(req, pool, 'app.team_showcase($1)', [req.query.team ?? null]),
  );

  app.patch<{ Body: { team?: string } & Record<string, unknown> }>(
    '/api/v1/event/showcase',
    {
      config: { keyScopes: ['hackathon:write'] },
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { team: TEAM, product: TEXT(24), tagline: TEXT(140), description: TEXT(4000) },
        },
      },
    },
    async (req) => {
      const { team, ...patch } = req.body;
      return callJson<Answer<'PATCH /api/v1/event/showcase'>>(req, pool, 'app.set_team_showcase($1, $2)', [team ?? null, JSON.stringify(patch)]);
    },
  );

  app.get<{ Querystring: { team?: string } }>('/api/v1/event/team-members', { config: { keyScopes: ['hackathon:read'] }, schema: { querystring: TEAM_QUERY } }, async (req) =>
    callJson(req, pool, 'app.team_roster($1)', [req.query.team ?? null]),
  );

  app.get<{ Querystring: { team?: string } }>('/api/v1/event/deck-links', { config: { keyScopes: ['hackathon:read'] }, schema: { querystring: TEAM_QUERY } }, async (req) =>
    callJson<Answer<'GET /api/v1/event/deck-links'>>(req, pool, 'app.team_deck_links($1)', [req.query.team ?? null]),
  );

  app.patch<{ Body: { team?: string } & Record<string, unknown> }>(
    '/api/v1/event/deck-links',
    { config: { keyScopes: ['hackathon:write'] }, schema: { body: { type: 'object', additionalProperties: false, properties: { team: TEAM, demo: LINK, pitch: LINK, vote: LINK } } } },
    async (req) => {
      const { team, ...patch } = req.body;
      // https links on the allowed hosts (none unless configured), and share links on the
      // instance's own origin (PUBLIC_URL's scheme, host and port, never the Host header): those
      // must open a live deck the team may show, and the vote link must be one
      // (app.set_team_deck_links).
      const hosts = config.allowedDeckLinkHosts ?? [];
      return asCaller(req, pool, async (c) => {
        await c.query(`select set_config('podium.deck_link_hosts', $1, true), set_config('podium.public_origin', $2, true)`, [hosts.join(','), new URL(config.publicUrl).origin]);
        return (await c.query('select app.set_team_deck_links($1, $2) as r', [team ?? null, JSON.stringify(patch)])).rows[0].r;
      });
    },
  );
}
