// Demo passes (self-hosted, DEMO_SIGNIN=1 only): an owner or admin, signed in with a browser
// session, mints one pass per member; the secret lives only in the links answered here (the
// database keeps its sha256, and no Idempotency-Key replay may store it). Opening a link
// signs the member in until the pass expires or is revoked. Rules: 000008_event_demo.sql.
//   POST /api/v1/demo/passes   GET /api/v1/demo/passes   DELETE /api/v1/demo/passes/:id
//   GET /demo/:secret?to=/path (public: the link is the credential)
import type { FastifyInstance } from 'fastify';
import { randomToken, sha256 } from '../../../core/crypto.ts';
import { withOwner } from '../../../core/db/pool.ts';
import { createSession, setSessionCookie } from '../../auth/session.ts';
import { AppError } from '../../errors.ts';
import { localPath } from '../../local-path.ts';
import type { ApiDeps } from '../../deps.ts';
import { asCaller, callJson, PAGE_QUERY_SCHEMA, pageOf, parsePage } from '../support.ts';

// A path on this instance: one leading slash, nothing that could leave it.
const SAFE_PATH = /^\/(?![/\\])[^\\\s\x00-\x1f\x7f]{0,499}$/;
const DEFAULT_MINUTES = 24 * 60;

interface MintBody {
  emails: string[];
  paths?: string[];
  hours?: number;
  minutes?: number;
}

export function registerDemoRoutes(app: FastifyInstance, { config, pool }: ApiDeps): void {
  const secure = config.publicUrl.startsWith('https://');
  const gate = () => {
    if (config.hubUrl) throw new AppError('managed_on_hub', 'Demo links are minted at the hub on a cloud instance', { accountUrl: `${config.hubUrl}/account` });
    if (!config.demoSignin) throw new AppError('demo_signin_off', 'Demo sign-in is off on this instance; the operator turns it on with DEMO_SIGNIN=1');
  };

  app.post<{ Body: MintBody }>(
    '/api/v1/demo/passes',
    {
      config: { auth: 'session' },
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['emails'],
          properties: {
            emails: { type: 'array', minItems: 1, maxItems: 50, items: { type: 'string', minLength: 3, maxLength: 320 } },
            paths: { type: 'array', minItems: 1, maxItems: 20, items: { type: 'string', minLength: 1, maxLength: 500 } },
            hours: { type: 'integer', minimum: 1, maximum: 168 },
            minutes: { type: 'integer', minimum: 1, maximum: 10_080 },
          },
        },
      },
    },
    async (req, reply) => {
      gate();
      const { emails, paths = ['/'], hours, minutes } = req.body;
      if (hours !== undefined && minutes !== undefined) throw new AppError('invalid_input', 'Give hours or minutes, not both', { field: 'minutes' });
      paths.forEach((p, i) => {
        if (!SAFE_PATH.test(p)) throw new AppError('invalid_input', `paths.${i} must be a path on this instance starting with one /`, { field: `paths.${i}` });
      });
      const secrets = emails.map(() => randomToken(32));
      const passes = await callJson<Record<string, unknown>[]>(req, pool, 'app_private.create_demo_passes($1, $2, $3)', [
        emails, secrets.map((s) => sha256(s)), minutes ?? (hours !== undefined ? hours * 60 : DEFAULT_MINUTES),
      ]);
      const items = passes.map((pass, i) => ({
        ...pass,
        links: paths.map((p) => `${config.publicUrl}/demo/${secrets[i]}${p === '/' ? '' : `?to=${encodeURIComponent(p)}`}`),
      }));
      return reply.status(201).send({ items });
    },
  );

  app.get<{ Querystring: { limit?: number; cursor?: string } }>(
    '/api/v1/demo/passes',
    { config: { auth: 'session' }, schema: { querystring: PAGE_QUERY_SCHEMA } },
    async (req) => {
      gate();
      const page = parsePage(req.query);
      const rows = await callJson<{ id: string; createdAt: string }[]>(req, pool, 'app_private.list_demo_passes($1, $2, $3)', [
        page.limit + 1, page.before?.at ?? null, page.before?.id ?? null,
      ]);
      return pageOf(rows, page, (d) => [d.createdAt, d.id]);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/v1/demo/passes/:id',
    { config: { auth: 'session' }, schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } } },
    async (req) => {
      gate();
      return asCaller(req, pool, async (c) => (await c.query('select app_private.revoke_demo_pass($1) as r', [req.params.id])).rows[0].r);
    },
  );

  // The pass's own sign-in route. Credentials are not read: a stale cookie in the browser
  // must not stop a fresh demo link from working.
  app.get<{ Params: { secret: string }; Querystring: { to?: string } }>(
    '/demo/:secret',
    {
      config: { auth: 'none' },
      schema: {
        params: { type: 'object', required: ['secret'], properties: { secret: { type: 'string', minLength: 1, maxLength: 100 } } },
        querystring: { type: 'object', additionalProperties: false, properties: { to: { type: 'string', maxLength: 500 } } },
      },
    },
    async (req, reply) => {
      gate();
      const raw = req.query.to ?? '/';
      const to = SAFE_PATH.test(raw) ? localPath(raw) : null; // checked before the pass is spent
      if (!to) throw new AppError('invalid_input', 'to must be a path on this instance', { field: 'to' });
      const session = await withOwner(pool, async (c) => {
        const pass = (await c.query('select app_private.demo_pass_begin($1) as r', [sha256(req.params.secret)])).rows[0].r;
        if (!pass) throw new AppError('demo_pass_invalid', 'This demo link is unknown, expired or revoked; ask for a new one');
        const token = await createSession(c, pass.userId);
        const opened = (await c.query('select app_private.demo_pass_opened($1, $2) as r', [pass.passId, sha256(token)])).rows[0].r;
        return { token, maxAgeSeconds: opened.maxAgeSeconds as number };
      });
      setSessionCookie(reply, session.token, secure, session.maxAgeSeconds).header('cache-control', 'no-store');
      return reply.redirect(to, 303);
    },
  );
}
