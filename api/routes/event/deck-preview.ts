// GET /api/v1/event/decks/preview[?team=<name>]  decks preview [--team <name>]
// SQL decides who may preview which team and answers what to build from
// (app.deck_preview_target: a participant their own team, an organizer any team of the event,
// no_accepted_push before the first accepted push); this route then spends one of the team's
// preview buckets (one a minute, shared by every caller and replica) and builds the jury and
// community decks from the last accepted push (core/decks/preview.ts): nothing is stored.
import type { FastifyInstance } from 'fastify';
import { createCodeHost } from '../../../core/codehost/index.ts';
import { buildPreview, type PreviewTarget } from '../../../core/decks/preview.ts';
import { DECK_PREVIEW_BUCKET } from '../../../core/rate-limit.ts';
import type { ApiDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { callJson } from '../support.ts';

export function registerDeckPreviewRoutes(app: FastifyInstance, { config, pool, limiter }: ApiDeps): void {
  const host = createCodeHost(config, pool);
  app.get<{ Querystring: { team?: string } }>(
    '/api/v1/event/decks/preview',
    { config: { keyScopes: ['hackathon:read'] }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { team: { type: 'string', minLength: 1, maxLength: 200 } } } } },
    async (req) => {
      const target = await callJson<PreviewTarget>(req, pool, 'app.deck_preview_target($1)', [req.query.team ?? null]);
      const { limit, windowSeconds } = DECK_PREVIEW_BUCKET;
      const v = await limiter.hit(`deck-preview:${target.team.id}`, limit, windowSeconds);
      if (!v.allowed) {
        throw new AppError('rate_limited', `Team ${target.team.name}'s decks were previewed less than a minute ago; try again in ${v.retryAfterSeconds} second(s)`, {
          retryAfterSeconds: v.retryAfterSeconds,
        });
      }
      return buildPreview(host, target);
    },
  );
}
