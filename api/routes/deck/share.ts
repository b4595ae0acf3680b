// Share links: minted only by this explicit call (a push never makes one). The secret is
// drawn here, handed back once inside the URL, and only its sha256 reaches the database;
// a password is kept as an argon2id hash made here with the server's parameters
// (core/passwords.ts). The SQL functions that take those values are in app_private: no
// caller ever chooses a link secret or a password hash (GraphQL has no such mutation).
//   POST   /api/v1/presentations/:id/share-links  -> 201 { token, url, embed }
//   GET    /api/v1/presentations/:id/share-links  -> { items, nextCursor }
//   DELETE /api/v1/share-links/:linkId            -> { token } (revoked)
import type { FastifyInstance } from 'fastify';
import { randomToken, seal, sha256 } from '../../../core/crypto.ts';
import { hashPassword } from '../../../core/passwords.ts';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import { callJson, idempotent, PAGE_QUERY_SCHEMA, pageOf, parsePage } from '../support.ts';
import type { LinkCache } from './link-cache.ts';
import { shareMailWall } from './share-mail-wall.ts';
import { anyId, deckId } from './shape.ts';
import { embedOf } from './embed-snippet.tsx';

interface ShareBody {
  name?: string;
  version?: number;
  showBar?: boolean;
  canDownload?: boolean;
  formsEnabled?: boolean;
  expiresInMinutes?: number;
  password?: string;
  placement?: string;
}

export const PLACEMENT_SCHEMA = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[^\\u0000-\\u001f\\u007f]+$' } as const;

const LINK_PROPERTIES = {
  name: { type: 'string', minLength: 1, maxLength: 100 },
  version: { type: 'integer', minimum: 1 },
  showBar: { type: 'boolean' },
  canDownload: { type: 'boolean' },
  formsEnabled: { type: 'boolean' },
  expiresInMinutes: { type: 'integer', minimum: 1, maximum: 3650 * 1440 },
  password: { type: 'string', minLength: 1, maxLength: 200 },
  placement: PLACEMENT_SCHEMA,
} as const;

const mintArgs = (id: string, secret: string, b: ShareBody, passwordHash: string | null) => [
  id, sha256(secret), b.name ?? null, b.version ?? null, b.showBar ?? null, b.canDownload ?? null, b.formsEnabled ?? null, b.expiresInMinutes ?? null, passwordHash,
];
const MINT_SQL = 'select app_private.mint_share_link($1, $2, $3, $4, $5, $6, $7, $8, $9) as r';

export function registerShareRoutes(app: FastifyInstance, { config, pool, limiter }: ApiDeps, links: LinkCache): void {
  app.post<{ Params: { id: string }; Body: ShareBody }>(
    '/api/v1/presentations/:id/share-links',
    { config: { keyScopes: ['presentations:write'] }, schema: { body: { type: 'object', additionalProperties: false, properties: LINK_PROPERTIES } } },
    async (req, reply) => {
      const id = deckId(req.params.id);
      const b = req.body ?? {};
      const passwordHash = b.password ? await hashPassword(b.password) : null;
      // The answer kept for an Idempotency-Key never holds the secret: a replay gets the
      // same link with a freshly drawn secret (the lost one stops working).
      let secret = randomToken(32);
      const r = await idempotent(req, pool, async (c) => {
        const { rows } = await c.query(MINT_SQL, mintArgs(id, secret, b, passwordHash));
        // The mint checked the caller manages this deck; its title is read past row security,
        // which asks for presentations:read (a key may hold presentations:write alone).
        const title = (await pool.query('select title from app.decks where id = $1', [id])).rows[0].title as string;
        return { status: 201, body: { token: rows[0].r, title } };
      });
      const { token, title } = r.body as { token: { id: string }; title: string };
      if (r.replayed) {
        secret = randomToken(32);
        await callJson(req, pool, 'app_private.rotate_share_secret($1, $2)', [token.id, sha256(secret)]);
        links.forgetAll();
      }
      const url = `${config.publicUrl}/v/${secret}/`;
      return reply.status(r.status).send({ token, url, embed: embedOf(config.publicUrl, url, title, b.placement ?? null) });
    },
  );

  // share-email: a fresh link (and secret) per send, mailed by the worker; the secret reaches
  // only the mail (sealed in the job), never this answer nor the database. Bounded per sender
  // and per recipient (share-mail-wall.ts); an Idempotency-Key replay sends nothing and counts nothing.
  app.post<{ Params: { id: string }; Body: ShareBody & { to: string; message?: string } }>(
    '/api/v1/presentations/:id/share-links/email',
    {
      config: { keyScopes: ['presentations:write'] },
      schema: {
        body: {
          type: 'object',
          required: ['to'],
          additionalProperties: false,
          properties: { ...LINK_PROPERTIES, to: { type: 'string', minLength: 3, maxLength: 320 }, message: { type: 'string', minLength: 1, maxLength: 1000 } },
        },
      },
    },
    async (req, reply) => {
      if (!config.emailDriver) throw new AppError('mail_unavailable', 'This instance has no email driver (EMAIL_DRIVER), so it cannot mail links; mint one with share and send it yourself');
      const id = deckId(req.params.id);
      const b = req.body;
      const passwordHash = b.password ? await hashPassword(b.password) : null;
      const secret = randomToken(32);
      const sealedUrl = seal(config.authSecret, `${config.publicUrl}/v/${secret}/`);
      const r = await idempotent(req, pool, async (c) => {
        const token = (await c.query(MINT_SQL, mintArgs(id, secret, b, passwordHash))).rows[0].r;
        const sent = await c.query('select app_private.mail_share_link($1, $2, $3, $4) as r', [token.id, b.to, sealedUrl, b.message ?? null]);
        // Counted once SQL allowed the send, refused before the transaction commits: no link, no mail.
        await shareMailWall(limiter, pool, req.caller.userId!, b.to);
        return { status: 201, body: sent.rows[0].r };
      });
      return reply.status(r.status).send(r.body);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { limit?: number; cursor?: string } }>(
    '/api/v1/presentations/:id/share-links',
    { config: { keyScopes: ['presentations:read'] }, schema: { querystring: PAGE_QUERY_SCHEMA } },
    async (req) => {
      const page = parsePage(req.query);
      const rows = await callJson<{ id: string; createdAt: string }[]>(req, pool, 'app.list_share_links($1, $2, $3, $4)', [
        deckId(req.params.id), page.limit + 1, page.before?.at ?? null, page.before?.id ?? null,
      ]);
      return pageOf(rows, page, (l) => [l.createdAt, l.id]);
    },
  );

  app.delete<{ Params: { linkId: string } }>('/api/v1/share-links/:linkId', { config: { keyScopes: ['presentations:write'] } }, async (req) => {
    const token = await callJson(req, pool, 'app.revoke_share_link($1)', [anyId(req.params.linkId, 'share link')]);
    links.forgetAll();
    return { token };
  });
}
