// The HTTP server: authenticate, open a transaction as the caller, call SQL, shape JSON.
// No state rule lives here. Routes are registered from api/routes/<area>/.
import fastifyCookie, { type CookieSerializeOptions, type ParseOptions } from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type client from 'prom-client';
import { requestLineLevel, scrubUrl } from '../core/log.ts';
import { authenticate, callerOf } from './auth/caller.ts';
import { recordKeyScopes } from './auth/allowlist.ts';
import { decodeCookieValue, sessionSigner } from './auth/session.ts';
import { AppError, MAX_PARAM_LENGTH, toAppError } from './errors.ts';
import type { ApiDeps, RouteEntry } from './deps.ts';
import type { Config } from '../core/config.ts';
import { securityHeaders, type FastAnswer, type FastRoute } from './fast-answer.ts';
import { boundIntegers, refuseHostile, strictJsonParser } from './input-guard.ts';
import { mountGraphql } from './graphql.ts';
import { lazyChildLogger } from './request-log.ts';
import { beatAsApiReplica } from './replica-beat.ts';
import { createMetrics, type Metrics } from '../core/metrics.ts';
import { registerCliAuthRoutes } from './routes/identity/cli-auth.ts';
import { registerMeRoutes } from './routes/identity/me.ts';
import { registerSessionRoutes } from './routes/identity/session.ts';
import { registerWorkspaceRoutes } from './routes/identity/workspaces.ts';
import { registerInvitationRoutes } from './routes/identity/invitations.ts';
import { registerHealthRoutes } from './routes/meta/health.ts';
import { registerInstanceRoutes } from './routes/meta/instance.ts';
import { registerDownloadRoutes } from './routes/meta/downloads.ts';
import { registerTestRoutes } from './routes/meta/test-clock.ts';
import { registerSetupPages } from './pages/setup.tsx';
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


export interface Api {
  app: FastifyInstance;
  metrics: Metrics;
  routes: readonly RouteEntry[];
  live: LiveHub | null; // the live stream's hub (full surface only)
  /** A cloud instance's cache of the hub's published keys (null elsewhere). */
  hubKeys: HubKeys | null;
  close(): Promise<void>;
}

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
 * TRUST_PROXY as fastify takes it. A hop count becomes proxy-addr's hop function (the socket
 * and the n-1 entries nearest it are proxies; the next entry is the client): fastify 5 reads
 * a bare number as "trust nothing", which would put every client behind the proxy in one
 * sign-in bucket. Addresses and CIDRs go as they are.
 */
export function proxyTrust(tp: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp !== 'number') return tp;
  return (_address, hop) => hop < tp;
}

/**
 * `full` serves everything; `ops` (worker replicas) serves only discovery, health and metrics;
 * `hub` (SERVICE_ROLE=hub) serves the hub's routes, health and metrics.
 */
export async function buildApi(deps: ApiDeps, surface: 'full' | 'ops' | 'hub' = 'full'): Promise<Api> {
  const { config, pool, log, usage } = deps;
  const fastRoutes: FastRoute[] = [];
  // Filled once metrics exist (below); the server is built before them.
  let serveFast: (req: http.IncomingMessage, res: http.ServerResponse) => boolean = () => false;
  const app = Fastify({
    // fastify's own HTTP/1 server (lib/server.js getServerInstance, same timeouts), with the
    // fast routes tried first.
    serverFactory: (handler, o) => {
      const opts = o as { http?: http.ServerOptions; keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number; maxRequestsPerSocket?: number };
      const server = http.createServer(opts.http ?? {}, (req, res) => {
        if (!serveFast(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = opts.keepAliveTimeout;
      server.requestTimeout = opts.requestTimeout;
      server.setTimeout(opts.connectionTimeout);
      if (opts.maxRequestsPerSocket && opts.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
      return server;
    },
    loggerInstance: log,
    childLoggerFactory: (logger, bindings, options) => lazyChildLogger(logger, bindings, options),
    logController: new LogController({ disableRequestLogging: true }), // one line per request, from onResponse
    bodyLimit: 1024 * 1024,
    trustProxy: proxyTrust(config.trustProxy),
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

  // Cookies: @fastify/cookie parses the Cookie header into req.cookies (values through
  // decodeCookieValue: bad encoding or hostile characters read as absent), signs the session
  // cookie with sessionSigner (the token.mac format sessions have always had) and writes
  // Set-Cookie. Forms: @fastify/formbody takes application/x-www-form-urlencoded, parsed by
  // URLSearchParams with the last value of a repeated field kept (pages read strings).
  await app.register(fastifyCookie, { secret: sessionSigner(config.authSecret), parseOptions: { decode: decodeCookieValue } as CookieSerializeOptions & ParseOptions }); // the plugin hands parseOptions to cookie's parse (typed as its serialize options)
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024, parser: (body) => Object.fromEntries(new URLSearchParams(body)) });

  app.decorateRequest('identity', null);
  app.decorateRequest('caller', null as never);

  // Every route, including those registered later: integers bounded to what columns hold.
  const routes: RouteEntry[] = [];
  // The methods registered per route pattern, for the Allow header of a 405 (RFC 9110 15.5.6):
  // a route that refuses its own method (GraphQL's GET) allows the others, HEAD only with GET.
  const methodsOf = new Map<string, Set<string>>();
  const allowed = (req: FastifyRequest): string => {
    const refused = req.method === 'GET' || req.method === 'HEAD' ? ['GET', 'HEAD'] : [req.method];
    return [...(methodsOf.get(req.routeOptions.url ?? '') ?? [])].filter((m) => !refused.includes(m)).join(', ');
  };
  // Each route's key scopes, read when the server is ready: a later onRoute hook may still set
  // them (grafserv's route, api/graphql.ts), so the options are kept, not their config.
  const declared: { method: string; url: string; options: { config?: { keyScopes?: readonly string[] } } }[] = [];
  app.addHook('onReady', (done) => {
    try {
      // The HEAD routes fastify derives from GET routes copy their config; a key's HEAD is checked as its GET (keyRouteScopes).
      for (const d of declared) if (d.method !== 'HEAD' && d.options.config?.keyScopes) recordKeyScopes(d.method, d.url, d.options.config.keyScopes);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) declared.push({ method, url: route.url, options: route });
    for (const method of [route.method].flat()) methodsOf.set(route.url, (methodsOf.get(route.url) ?? new Set()).add(method));
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
  const durationOf = (method: string, route: string, status: number) => {
    const labels = `${method} ${route} ${status}`;
    let child = durationByLabels.get(labels);
    if (!child) {
      child = metrics.requestDuration.labels({ method, route, status: String(status) });
      durationByLabels.set(labels, child);
    }
    return child;
  };
  // A fast answer is built once and written many times: its metric child is looked up once.
  const durationByAnswer = new WeakMap<FastAnswer, client.Histogram.Internal<'method' | 'route' | 'status'>>();
  const fastDurationOf = (a: FastAnswer) => {
    let child = durationByAnswer.get(a);
    if (!child) durationByAnswer.set(a, (child = durationOf('GET', a.route, a.status)));
    return child;
  };
  const lineLevel = requestLineLevel(log); // quick successes are debug on a terminal
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    durationOf(req.method, route, reply.statusCode).observe(reply.elapsedTime / 1000);
    if (req.identity?.key) usage.record(req.identity.key.id, `${req.method} ${route}`);
    const level = lineLevel(reply.statusCode, reply.elapsedTime);
    if (log.isLevelEnabled(level)) log[level]({ reqId: req.id, method: req.method, url: scrubUrl(req.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request'); // the root logger: no child made for it
    done();
  });

  // The fast routes: no request/reply objects, hooks, child logger or promise per request;
  // the same security headers, metric and log line as above. Anything a fast route does not
  // recognise, or that throws, goes to fastify unchanged.
  serveFast = (req, res) => {
    if (req.method !== 'GET' || fastRoutes.length === 0) return false;
    const t0 = performance.now();
    let a: FastAnswer | null = null;
    try {
      for (const f of fastRoutes) if ((a = f(req))) break;
    } catch (err) {
      log.warn({ err, url: scrubUrl(req.url ?? '') }, 'fast route failed; fastify answers');
      return false;
    }
    if (!a) return false;
    res.writeHead(a.status, a.head as string[]);
    res.end(a.body ?? undefined);
    const ms = performance.now() - t0;
    fastDurationOf(a).observe(ms / 1000);
    const level = lineLevel(a.status, ms);
    if (log.isLevelEnabled(level)) log[level]({ reqId: randomUUID(), method: 'GET', url: scrubUrl(req.url ?? ''), status: a.status, ms: Math.round(ms) }, 'request');
    return true;
  };

  app.setErrorHandler(async (err, req, reply) => {
    const appErr = toAppError(err);
    if (appErr.status >= 500) req.log.error({ err }, 'request failed');
    if ((appErr.code === 'rate_limited' || appErr.code === 'service_unavailable') && appErr.details.retryAfterSeconds) reply.header('retry-after', String(appErr.details.retryAfterSeconds));
    return reply.status(appErr.status).send(appErr.toJSON());
  });

  app.setNotFoundHandler(async (req, reply) =>
    reply.status(404).send(new AppError('not_found', `No route ${req.method} ${req.url.split('?')[0]}`).toJSON()),
  );

  const security = securityHeaders(config.publicUrl);
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.headers(security); // the same list fast answers carry (api/fast-answer.ts)
    if (reply.statusCode === 405 && !reply.hasHeader('allow')) reply.header('allow', allowed(req));
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
    await beatAsApiReplica(app, pool, log);
    registerDownloadRoutes(app, deps);
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
    registerDeckRoutes(app, deps, fastRoutes);
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
