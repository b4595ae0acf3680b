// Projects (/api/v1/projects/...): thin handlers over sql/migrations/000007_event_projects.sql.
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../deps.ts';
import { registerProjectMemberRoutes } from './members.ts';
import { registerProjectCoreRoutes } from './projects.ts';

export function registerProjectRoutes(app: FastifyInstance, deps: ApiDeps): void {
  registerProjectCoreRoutes(app, deps);
  registerProjectMemberRoutes(app, deps);
}
