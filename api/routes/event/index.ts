// Hackathon event routes (/api/v1/event/...): thin handlers over the app.* functions of
// sql/functions/app/ (the event, project and team functions, and the generated-deck
// ones). See docs/WIRE.md.
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../deps.ts';
import { registerAgendaRoutes } from './agenda.ts';
import { registerRosterRoutes } from './roster.ts';
import { registerScheduleRoutes } from './schedule.ts';
import { registerTeamPageRoutes } from './team-pages.ts';
import { registerDeckPreviewRoutes } from './deck-preview.ts';
import { registerGeneratedDeckRoutes } from './decks.ts';

export function registerEventRoutes(app: FastifyInstance, deps: ApiDeps): void {
  registerScheduleRoutes(app, deps);
  registerRosterRoutes(app, deps);
  registerAgendaRoutes(app, deps);
  registerTeamPageRoutes(app, deps);
  registerGeneratedDeckRoutes(app, deps);
  registerDeckPreviewRoutes(app, deps);
}
