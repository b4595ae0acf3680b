// Form responses. Decks submit with a plain HTML form or fetch to `forms/<name>` relative
// to the deck root (so through a link or an embed, the framed path carries the source and
// placement). The same browser submitting the same form again edits its response; every
// revision is kept up to 100. Owners read them with the responses endpoints.
//   POST /v/<token>/forms/:form, /v/<token>/.f/<context>/forms/:form   (public: the link is the credential)
//   GET  /api/v1/presentations/:id/responses[?form&link&source&placement&since&limit&cursor]
//   GET  /api/v1/presentations/:id/responses/:responseId
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import { callJson, PAGE_QUERY_SCHEMA, pageOf, parsePage } from '../support.ts';
import type { LinkCache } from './link-cache.ts';
import { cookieVisitor, openContext, unlocked, visitorHash } from './link-access.ts';
import { anyId, deckId } from './shape.ts';
import { PLACEMENT_SCHEMA } from './share.ts';
import type { Answer } from '../../../core/wire/routes.ts';

const MAX_FIELDS = 200;
const MAX_VALUE = 10_000;
const FORM_NAME = /^[^\u0000-\u001f\u007f/]{1,100}$/;

/** Answers as a flat object of strings (and lists of strings for repeated fields). */
function answersOf(body: unknown): Record<string, string | string[]> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const entries = Object.entries(body as Record<string, unknown>);
  if (entries.length === 0 || entries.length > MAX_FIELDS) return null;
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of entries) {
    if (k.length > 200) return null;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = String(v).slice(0, MAX_VALUE);
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) out[k] = v.map((x) => x.slice(0, MAX_VALUE)).slice(0, 100);
    else return null;
  }
  return out;
}

function cors(reply: FastifyReply): FastifyReply {
  // Decks run in an opaque origin (`null`): they may post here, and read the answer.
  return reply.header('access-control-allow-origin', '*').header('access-control-allow-methods', 'POST').header('access-control-allow-headers', 'content-type');
}

export function registerFormRoutes(app: FastifyInstance, { config, pool }: ApiDeps, links: LinkCache): void {
  const submit = async (req: FastifyRequest<{ Params: { token: string; form: string; ctx?: string } }>, reply: FastifyReply) => {
    cors(reply);
    const wantsJson = (req.headers['content-type'] ?? '').startsWith('application/json');
    const link = await links.link(req.params.token);
    // A framed submission proves its link with the signed context: minted for this link,
    // unedited, unexpired. Another link's context (or a forged one) writes nothing.
    const ctx = link && req.params.ctx !== undefined ? openContext(config.authSecret, link, req.params.ctx) : null;
    if (!link || (req.params.ctx !== undefined && !ctx) || !unlocked(config.authSecret, link, req, ctx)) {
      throw new AppError('not_found', 'This link does not work');
    }
    if (!FORM_NAME.test(req.params.form)) throw new AppError('invalid_input', 'A form name is 1 to 100 characters', { field: 'form' });
    const answers = answersOf(req.body);
    if (!answers) throw new AppError('invalid_input', `Send the answers as fields (at most ${MAX_FIELDS}) of text`, { field: 'body' });
    const visitor = ctx ? ctx.visitor : cookieVisitor(config.authSecret, link, req);
    const { rows } = await pool.query('select app_private.submit_form_response($1, $2, $3, $4, $5, $6) as r', [
      link.linkId, req.params.form, JSON.stringify(answers), ctx?.source ?? 'link', ctx?.placement ?? null, visitorHash(visitor),
    ]);
    const r = rows[0].r;
    if (wantsJson) return reply.status(r.revision === 1 ? 201 : 200).send(r);
    return reply
      .status(r.revision === 1 ? 201 : 200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; frame-ancestors *")
      .send(`<!doctype html><meta charset="utf-8"><title>Thank you</title><p>${r.revision === 1 ? 'Thank you: your answers are recorded.' : 'Thank you: your answers are updated.'}</p>`);
  };
  const options = { config: { auth: 'none' as const }, bodyLimit: 256 * 1024 };
  app.post('/v/:token/forms/:form', options, submit);
  app.post('/v/:token/.f/:ctx/forms/:form', options, submit);
  const preflight = async (_req: FastifyRequest, reply: FastifyReply) => cors(reply).status(204).send();
  app.options('/v/:token/forms/:form', options, preflight);
  app.options('/v/:token/.f/:ctx/forms/:form', options, preflight);

  interface ResponseQuery {
    limit?: number;
    cursor?: string;
    form?: string;
    link?: string;
    source?: 'link' | 'embed';
    placement?: string;
    since?: string;
  }
  app.get<{ Params: { id: string }; Querystring: ResponseQuery }>(
    '/api/v1/presentations/:id/responses',
    {
      config: { keyScopes: ['presentations:read'] },
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...PAGE_QUERY_SCHEMA.properties,
            form: { type: 'string', minLength: 1, maxLength: 100 },
            link: { type: 'string', minLength: 1, maxLength: 100 },
            source: { type: 'string', enum: ['link', 'embed'] },
            placement: PLACEMENT_SCHEMA,
            since: { type: 'string', format: 'date-time' },
          },
        },
      },
    },
    async (req) => {
      const page = parsePage(req.query);
      const q = req.query;
      if (q.link && /^https?:|\/v\//.test(q.link)) throw new AppError('invalid_input', 'Filter by a link id or name, never a share URL', { field: 'link' });
      const r = await callJson<{ summary: unknown[]; items: { id: string; lastActivityAt: string }[] }>(
        req, pool, 'app.list_responses($1, $2, $3, $4, $5, $6, $7, $8, $9)',
        [deckId(req.params.id), q.form ?? null, q.link ?? null, q.source ?? null, q.placement ?? null, q.since ?? null, page.limit + 1, page.before?.at ?? null, page.before?.id ?? null],
      );
      return { summary: r.summary, ...pageOf(r.items, page, (x) => [x.lastActivityAt, x.id]) };
    },
  );

  app.get<{ Params: { id: string; responseId: string } }>('/api/v1/presentations/:id/responses/:responseId', { config: { keyScopes: ['presentations:read'] } }, async (req) =>
    callJson<Answer<'GET /api/v1/presentations/:id/responses/:responseId'>>(req, pool, 'app.get_response($1, $2)', [deckId(req.params.id), anyId(req.params.responseId, 'response')]),
  );
}
