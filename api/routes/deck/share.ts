// Share links: minted only by this explicit call (a push never makes one). The secret is
// drawn here, handed back once inside the URL, and only its sha256 reaches the database;
// a password is kept as an argon2id hash.
//   POST   /api/v1/presentations/:id/share-links  -> 201 { token, url, embed }
//   GET    /api/v1/presentations/:id/share-links  -> { items, nextCursor }
//   DELETE /api/v1/share-links/:linkId            -> { token } (revoked)
import argon2 from 'argon2';
import type { FastifyInstance } from 'fastify';
import { randomToken, sha256 } from '../../../core/crypto.ts';
import { esc } from '../../pages/html.ts';
import type { ApiDeps } from '../../server.ts';
import { callJson, idempotent, PAGE_QUERY_SCHEMA, pageOf, parsePage } from '../support.ts';
import type { LinkCache } from './link-cache.ts';
import { anyId, deckId } from './shape.ts';

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

/** The two snippets a page owner pastes, with the placement label baked in. */
export function embedOf(publicUrl: string, linkUrl: string, title: string, placement: string | null) {
  const embedJsUrl = `${publicUrl}/embed.js`;
  const frameUrl = `${linkUrl}?embed=1${placement ? `&placement=${encodeURIComponent(placement)}` : ''}`;
  return {
    script: `<script src="${esc(embedJsUrl)}" data-podium-embed="${esc(linkUrl)}"${placement ? ` data-placement="${esc(placement)}"` : ''} async></script>`,
    iframe: `<iframe src="${esc(frameUrl)}" title="${esc(title)}" style="width:100%;aspect-ratio:16/9;border:0" allow="fullscreen" loading="lazy"></iframe>`,
    embedJsUrl,
  };
}

export function registerShareRoutes(app: FastifyInstance, { config, pool }: ApiDeps, links: LinkCache): void {
  app.post<{ Params: { id: string }; Body: ShareBody }>(
    '/api/v1/presentations/:id/share-links',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 100 },
            version: { type: 'integer', minimum: 1 },
            showBar: { type: 'boolean' },
            canDownload: { type: 'boolean' },
            formsEnabled: { type: 'boolean' },
            expiresInMinutes: { type: 'integer', minimum: 1, maximum: 3650 * 1440 },
            password: { type: 'string', minLength: 1, maxLength: 200 },
            placement: PLACEMENT_SCHEMA,
          },
        },
      },
    },
    async (req, reply) => {
      const id = deckId(req.params.id);
      const b = req.body ?? {};
      const passwordHash = b.password ? await argon2.hash(b.password, { type: argon2.argon2id }) : null;
      // The answer kept for an Idempotency-Key never holds the secret: a replay gets the
      // same link with a freshly drawn secret (the lost one stops working).
      let secret = randomToken(32);
      const r = await idempotent(req, pool, async (c) => {
        const { rows } = await c.query('select app.mint_share_link($1, $2, $3, $4, $5, $6, $7, $8, $9) as r', [
          id, sha256(secret), b.name ?? null, b.version ?? null, b.showBar ?? null, b.canDownload ?? null, b.formsEnabled ?? null, b.expiresInMinutes ?? null, passwordHash,
        ]);
        const title = (await c.query('select title from app.decks where id = $1', [id])).rows[0].title as string;
        return { status: 201, body: { token: rows[0].r, title } };
      });
      const { token, title } = r.body as { token: { id: string }; title: string };
      if (r.replayed) {
        secret = randomToken(32);
        await callJson(req, pool, 'app.rotate_share_secret($1, $2)', [token.id, sha256(secret)]);
        links.forgetAll();
      }
      const url = `${config.publicUrl}/v/${secret}/`;
      return reply.status(r.status).send({ token, url, embed: embedOf(config.publicUrl, url, title, b.placement ?? null) });
    },
  );

  app.get<{ Params: { id: string }; Querystring: { limit?: number; cursor?: string } }>(
    '/api/v1/presentations/:id/share-links',
    { schema: { querystring: PAGE_QUERY_SCHEMA } },
    async (req) => {
      const page = parsePage(req.query);
      const rows = await callJson<{ id: string; createdAt: string }[]>(req, pool, 'app.list_share_links($1, $2, $3, $4)', [
        deckId(req.params.id), page.limit + 1, page.before?.at ?? null, page.before?.id ?? null,
      ]);
      return pageOf(rows, page, (l) => [l.createdAt, l.id]);
    },
  );

  app.delete<{ Params: { linkId: string } }>('/api/v1/share-links/:linkId', async (req) => {
    const token = await callJson(req, pool, 'app.revoke_share_link($1)', [anyId(req.params.linkId, 'share link')]);
    links.forgetAll();
    return { token };
  });
}
