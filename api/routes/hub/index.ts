// The hub's routes (SERVICE_ROLE=hub): sign-in, the exchange and redemption, account settings.
// Rules in sql/migrations/000090_hub.sql; wire shapes in core/wire/hub.ts.
import type { FastifyInstance } from 'fastify';
import type { HubSigner } from '../../../core/hub/signer.ts';
import type { ApiDeps } from '../../deps.ts';
import { registerHubAccountRoutes } from './account.ts';
import { registerHubExchangeRoutes } from './exchange.ts';
import { registerHubSignInRoutes } from './sign-in.ts';

export function registerHubRoutes(app: FastifyInstance, deps: ApiDeps, signer: HubSigner): void {
  registerHubSignInRoutes(app, deps);
  registerHubExchangeRoutes(app, deps, signer);
  registerHubAccountRoutes(app, deps);
}
