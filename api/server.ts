// The HTTP server: authenticate, open a transaction as the caller, call SQL, shape JSON.
// No state rule lives here. Routes are registered from api/routes/<area>/.
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type pg from 'pg';
import type client from 'prom-client';
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/log.ts';
import { scrubUrl } from '../core/log.ts';
import type { RateLimiter } from '../core/rate-limit.ts';
import type { UsageCounter } from '../core/usage.ts';
import { authenticate, callerOf } from './auth/caller.ts';
import { AppError, fromPgError, fromUnavailable } from './errors.ts';
import { boundIntegers, refuseHostile, strictJsonParser } from './input-guard.ts';
import { mountGraphql } from './graphql.ts';
import { createMetrics, type Metrics } from '../core/metrics.ts';
import { registerCliAuthRoutes } from './routes/identity/cli-auth.ts';
import { registerMeRoutes } from './routes/identity/me.ts';
import { registerSessionRoutes } from './routes/identity/session.ts';
import { registerWorkspaceRoutes } from './routes/identity/workspaces.ts';
import { registerInvitationRoutes } from './routes/identity/invitations.ts';
import { registerHealthRoutes } from './routes/meta/health.ts';
import { registerInstanceRoutes } from './routes/meta/instance.ts';
import { registerTestRoutes } from './routes/meta/test-clock.ts';
import { registerSetupPages } from './pages/setup.ts';
import { registerAppPages } from './pages/index.ts';
import { registerEventRoutes } from './routes/event/index.ts';
import { registerProjectRoutes } from './routes/projects/index.ts';
import { registerTeamRoutes } from './routes/teams/index.ts';
import { registerDemoRoutes } from './routes/demo/index.ts';
import { registerDeckRoutes } from './routes/deck/index.ts';
import { registerGitRoutes } from './routes/git/index.ts';
import { registerWebhookRoutes } from './routes/webhooks/index.ts';
import { registerSubmissionRoutes } from './routes/submissions/index.ts';
import { registerBootstrapRoutes } from './routes/bootstrap/index.ts';
import { registerChatRoutes } from './routes/chats/index.ts';
import { registerCommunityRoutes } from './routes/community/index.ts';
import { registerStreamRoutes } from './routes/event/stream.ts';
import type { LiveHub } from './live/hub.ts';
import { registerFileRoutes } from './routes/files/index.ts';
import { registerMcpRoutes } from './routes/mcp/index.ts';
import { registerHubSignInRoute } from './routes/identity/hub-sign-in.ts';
import { registerHubRoutes } from './routes/hub/index.ts';
import { HubSigner } from '../core/hub/signer.ts';
import type { HubKeys } from '../core/hub/instance.ts';

export interface ApiDeps {
  config: Config;
  pool: pg.Pool;
  limiter: RateLimiter;
  usage: UsageCounter;
  log: Logger;
  metrics?: Metrics; // shared with the worker in the same process; made here otherwise
}

/** One route as registered (the bad-input sweep walks these, so new routes are swept too). */
export interface RouteEntry {
  method: string;
  url: string;
  schema: Record<string, unknown> | undefined;
  auth: string;
}

export interface Api {
  app: FastifyInstance;
  metrics: Metrics;
  routes: readonly RouteEntry[];
  live: LiveHub | null; // the live stream's hub (full surface only)
  /** A cloud instance's cache of the hub's published keys (null elsewhere). */
  hubKeys: HubKeys | null;
  close(): Promise<void>;
}

function validationError(err: FastifyError): AppError {
  const v = err.validation?.[0];
  const where = err.validationContext ?? 'body';
  const params = v?.params as { missingProperty?: string; additionalProperty?: string } | undefined;
  const field =
    params?.missingProperty ??
    params?.additionalProperty ??
    (v?.instancePath ? v.instancePath.replace(/^\//, '').replace(/\//g, '.') : undefined);
  const name = field ? `${where}.${field}` : where;
  const message =
    v?.keyword === 'required' ? `${name} is required` :
    v?.keyword === 'additionalProperties' ? `${name} is not a known field` :
    `${name} ${v?.message ?? 'is invalid'}`;
  return new AppError('invalid_input', message, { field: field ?? null });
}

export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const pgErr = fromPgError(err) ?? fromUnavailable(err);
  if (pgErr) return pgErr;
  const f = err as FastifyError;
  if (f.validation) return validationError(f);
  if (f.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || f.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError) {
    return new AppError('invalid_json', 'The request body is not valid JSON');
  }
  if (f.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || f.statusCode === 413) return new AppError('payload_too_large', 'The request body is too large');
  if (f.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new AppError('invalid_input', 'Send JSON (Content-Type: application/json)', {}, 415);
  if (f.code === 'FST_ERR_BAD_URL') return new AppError('invalid_input', 'The URL holds a malformed escape (%) or text that is not UTF-8', { field: 'url' });
  if (f.code === 'FST_ERR_MAX_PARAM_LENGTH') return new AppError('invalid_input', `A path segment is longer than ${MAX_PARAM_LENGTH} characters`, { field: 'url' }, 414);
  if (f.statusCode && f.statusCode >= 400 && f.statusCode < 500) return new AppError('invalid_input', f.message, {}, f.statusCode);
  return new AppError('internal', 'Something went wrong on the server; the request id is in the logs', {}, 500);
}

/** Longest path parameter (a framed share-link context with its signature fits). */
export const MAX_PARAM_LENGTH = 1024;

/** Node's own refusals (bad request line or headers) in the wire shape, before fastify sees them. */
export function clientError(err: NodeJS.ErrnoException, socket: import('node:stream').Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'request_timeout', 'The request took too long to arrive'] :
    err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'invalid_input', 'The request headers are too large'] :
    [400, 'invalid_input', 'The request is not valid HTTP'];
  const body = JSON.stringify({ error: { code, message } });
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${status === 400 ? 'Bad Request' : status === 408 ? 'Request Timeout' : 'Request Header Fields Too Large'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  socket.destroy();
}

/**
 * `full` serves everything; `ops` (worker replicas) serves only discovery, health and metrics;
 * `hub` (SERVICE_ROLE=hub) serves the hub's routes, health and metrics.
 */
export async function buildApi(deps: ApiDeps, surface: 'full' | 'ops' | 'hub' = 'full'): Promise<Api> {
  const { config, pool, log, usage } = deps;
  const app = Fastify({
    loggerInstance: log,
    logController: new LogController({ disableRequestLogging: true }), // one line per request, from onResponse
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    ajv: { customOptions: { removeAdditional: false } }, // unknown fields are refused by name, not silently dropped
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // The router's own refusals (a bad % escape, an over-long segment) answer the wire shape.
    frameworkErrors: (err, _req, reply) => {
      const appErr = toAppError(err);
      void (reply as unknown as FastifyReply).status(appErr.status).send(appErr.toJSON());
    },
    clientErrorHandler: clientError,
  }) as unknown as FastifyInstance; // our pino Logger is a FastifyBaseLogger; the generic differs only in name
  const metrics = deps.metrics ?? createMetrics(pool);

  app.decorateRequest('identity', null);
  app.decorateRequest('caller', null as never);

  // Every route, including those registered later: integers bounded to what columns hold.
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (schema) route.schema = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, ['body', 'querystring', 'params'].includes(k) ? boundIntegers(v) : v]));
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, schema: route.schema as Record<string, unknown> | undefined, auth: (route.config as { auth?: string } | undefined)?.auth ?? 'any' });
    }
  });
  // Every route: no NUL, lone surrogate or absurd nesting in body, query or path reaches a
  // handler (JSON and form bodies alike; streamed and raw bodies are the route's own).
  strictJsonParser(app);
  // The per-request hooks below are callback-style, not async: every request passes all of
  // them, and an async hook costs a promise and a microtask hop each (docs/PERFORMANCE.md).
  app.addHook('preValidation', (req, _reply, done) => {
    try {
      refuseHostile(req.params, 'params');
      refuseHostile(req.query, 'query');
      refuseHostile(req.body, 'body');
    } catch (err) {
      return done(err as Error);
    }
    done();
  });

  app.addHook('onRequest', (req, _reply, done) => {
    const routeUrl = req.routeOptions.url;
    const mode = routeUrl ? (req.routeOptions.config.auth ?? 'any') : 'none';
    if (mode === 'none') {
      req.caller = callerOf(null); // unknown routes too: the not-found handler answers
      return done();
    }
    authenticate(req, pool, config, mode, routeUrl!).then((identity) => {
      req.identity = identity;
      req.caller = callerOf(identity);
      done();
    }, done);
  });

  // One labelled histogram child per method, route and status (prom-client hashes the label
  // object on every observe otherwise); routes are the registered patterns, so this is bounded.
  const durationByLabels = new Map<string, client.Histogram.Internal<'method' | 'route' | 'status'>>();
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const labels = `${req.method} ${route} ${reply.statusCode}`;
    let child = durationByLabels.get(labels);
    if (!child) {
      child = metrics.requestDuration.labels({ method: req.method, route, status: String(reply.statusCode) });
      durationByLabels.set(labels, child);
    }
    child.observe(reply.elapsedTime / 1000);
    if (req.identity?.key) usage.record(req.identity.key.id, `${req.method} ${route}`);
    if (log.isLevelEnabled('info')) req.log.info({ reqId: req.id, method: req.method, url: scrubUrl(req.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    done();
  });

  app.setErrorHandler(async (err, req, reply) => {
    const appErr = toAppError(err);
    if (appErr.status >= 500) req.log.error({ reqId: req.id, err }, 'request failed');
    if ((appErr.code === 'rate_limited' || appErr.code === 'service_unavailable') && appErr.details.retryAfterSeconds) reply.header('retry-after', String(appErr.details.retryAfterSeconds));
    return reply.status(appErr.status).send(appErr.toJSON());
  });

  app.setNotFoundHandler(async (req, reply) =>
    reply.status(404).send(new AppError('not_found', `No route ${req.method} ${req.url.split('?')[0]}`).toJSON()),
  );

  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    done(null, payload);
  });

  if (surface !== 'hub') registerInstanceRoutes(app, deps);
  registerHealthRoutes(app, deps);
  app.get('/metrics', { config: { auth: 'public' } }, async (_req, reply) => {
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
  let graphql: { release(): Promise<void> } | null = null;
  let live: LiveHub | null = null;
  let hubKeys: HubKeys | null = null;
  if (surface === 'hub') {
    const signer = new HubSigner(pool, config.authSecret);
    await signer.ensureKey();
    registerHubRoutes(app, deps, signer);
    if (config.testMode) registerTestRoutes(app, deps);
  }
  if (surface === 'full') {
    registerMeRoutes(app, deps);
    registerCliAuthRoutes(app, deps);
    hubKeys = registerHubSignInRoute(app, deps);
    registerSessionRoutes(app, deps);
    registerWorkspaceRoutes(app, deps);
    registerInvitationRoutes(app, deps);
    registerSetupPages(app, deps);
    registerAppPages(app, deps);
    registerEventRoutes(app, deps);
    live = registerStreamRoutes(app, { ...deps, metrics });
    registerProjectRoutes(app, deps);
    registerTeamRoutes(app, deps);
    registerDemoRoutes(app, deps);
    registerDeckRoutes(app, deps);
    registerGitRoutes(app, deps);
    registerSubmissionRoutes(app, deps);
    registerBootstrapRoutes(app, deps);
    registerChatRoutes(app, deps);
    registerCommunityRoutes(app, deps);
    registerFileRoutes(app, deps);
    registerMcpRoutes(app, deps);
    registerWebhookRoutes(app, { ...deps, metrics });
    if (config.testMode) registerTestRoutes(app, deps);
    graphql = await mountGraphql(app, deps);
  }

  return {
    app,
    metrics,
    routes,
    live,
    hubKeys,
    async close() {
      await app.close();
      await graphql?.release();
    },
  };
}
