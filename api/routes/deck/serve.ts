// Share-link serving at /v/<token>/. The page at /v/<token>/ is ours (strict CSP): the bar
// and a sandboxed frame holding the deck. Every deck file is served with
// `Content-Security-Policy: sandbox ...` so user HTML runs in an opaque origin even when
// opened directly, never as the app origin. Attachments (downloads/) are only ever handed
// out as downloads, and not at all when the link has canDownload false. Dead links
// (unknown, revoked, expired, deck deleted) all answer the same 404: nothing tells which
// decks exist. The hot path costs no query when the link cache is warm.
import { ZipArchive } from 'archiver';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { verifyPassword } from '../../../core/passwords.ts';
import type { BlobStore } from '../../../core/storage/index.ts';
import type { ApiDeps } from '../../deps.ts';
import { fastAnswer, SECURITY_HEADERS, type FastAnswer, type FastRoute } from '../../fast-answer.ts';
import { type FileRef, type LinkCache, type LinkInfo, SMALL_BLOB_BYTES } from './link-cache.ts';
import {
  browserOf, cookieProof, encodeContext, encodePath, FRAME_PREFIX, FRAME_SECONDS, type FrameContext, linkVisitor, openContext, PROOF_SECONDS,
  requestedPath, setLinkCookie, unlocked, visitorHash,
} from './link-access.ts';
import { contentTypeOf } from './mime.ts';
import { COMPRESS_MAX_BYTES } from './compressed.ts';
import { codingFor, compressible, type Coding, noneMatchHolds, notModified, rangeOf } from '../../http-conditions.ts';
import { EMBED_JS } from './embed-js.ts';
import { deadLink, entryPage, passwordPage } from './link-pages.tsx';

export const DECK_SANDBOX = 'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads';

function notFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found\n');
}

function attachmentName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function dispositionOf(name: string): string {
  return `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const FILE_ROUTE = '/v/:token/*';
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/** Share links are unlisted: every answer under /v/ asks search engines not to index it (a link posted somewhere public stays out of results). */
const NOINDEX = { 'x-robots-tag': 'noindex' } as const;

/**
 * The fast path of `GET /v/<token>/<path>` (and its framed `.f/<context>/` form): what the
 * `/v/:token/*` route below answers, decided from memory alone (link, file and blob all
 * cached), before fastify builds a request. It decides as the route does: a dead link, a
 * bad or expired frame context, a password link without proof and a missing file answer the
 * same 404; a match answers the bytes with the deck's sandbox CSP and its etag (304 when
 * If-None-Match names it, or is `*`), compressed (br or gzip) for a text type when the client
 * accepts it and the compressed form is cached. Everything else (not cached or not compressed
 * yet, a Range, attachments and the zip, which count a download, the entry page, which counts
 * a view, anything odd in the URL) is left to fastify.
 */
export function fastDeckFile(secret: string, links: LinkCache, security = SECURITY_HEADERS): FastRoute {
  const NOT_FOUND = fastAnswer(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...NOINDEX }, 'Not found\n', FILE_ROUTE, security);
  const fileAnswers = fileAnswersWith(security);
  return (req) => {
    const url = req.url ?? '';
    if (!url.startsWith('/v/')) return null;
    const slash = url.indexOf('/', 3);
    if (slash === -1) return null;
    const token = url.slice(3, slash);
    if (!TOKEN.test(token)) return null; // fastify decodes %-escapes in the token; leave those to it
    const first = url.charCodeAt(slash + 1);
    if (Number.isNaN(first) || first === 63 /* ? */) return null; // the entry page /v/<token>/
    // A plain path is looked up as it is, without requestedPath's checks: the file cache holds
    // only paths of published manifests (valid by construction) and paths the route checked,
    // and anything it does not know goes to fastify, which checks.
    const q = url.indexOf('?', slash);
    const rest = url.slice(slash + 1, q === -1 ? undefined : q);
    const at = rest.includes('%') || rest.startsWith(`${FRAME_PREFIX}/`) ? requestedPath(url, token) : { path: rest, ctx: null };
    if (!at || at.path === 'downloads.zip' || at.path.startsWith('downloads/')) return null;
    const link = links.peek(token);
    if (link === undefined) return null;
    if (link === null) return NOT_FOUND;
    const ctx = at.ctx ? openContext(secret, link, at.ctx) : null;
    if ((at.ctx && !ctx) || !unlocked(secret, link, req, ctx)) return NOT_FOUND;
    const ref = links.peekFile(link.deckId, link.version, at.path);
    if (ref === undefined) return null;
    if (ref === null) return NOT_FOUND;
    // A Range is answered by the route (rare, mostly media too large to be cached here).
    if (req.headers.range !== undefined) return null;
    const type = contentTypeOf(at.path);
    const coding = compressible(type) ? codingFor(req.headers['accept-encoding']) : null;
    let bytes = coding ? links.compressed.peek(ref.sha256, coding) : null;
    if (bytes === undefined) return null; // not compressed yet: the route compresses it once
    const sent = bytes ? coding : null;
    if (!bytes && !(bytes = links.blob(ref.sha256) ?? null)) return null;
    const [ok, notModified] = fileAnswers(bytes, ref.sha256, type, sent);
    const inm = req.headers['if-none-match'];
    return inm !== undefined && noneMatchHolds(inm, ok.headers.etag) ? notModified : ok;
  };
}

/** A deck file's entity tag: the blob's sha256, suffixed by the content coding when compressed. */
function etagOf(sha256: string, coding: Coding | null): string {
  return coding ? `"${sha256}-${coding}"` : `"${sha256}"`;
}

/** The headers every deck file answer carries (200, 206, 304, 416), for one representation. */
function fileHeaders(type: string, sha256: string, coding: Coding | null): Record<string, string> {
  const h: Record<string, string> = { 'content-type': type, 'content-security-policy': DECK_SANDBOX, etag: etagOf(sha256, coding), 'cache-control': 'private, no-cache', 'accept-ranges': 'bytes', ...NOINDEX };
  if (compressible(type)) h.vary = 'accept-encoding';
  if (coding) h['content-encoding'] = coding;
  return h;
}

/**
 * A cached file's 200 and 304, by content type (the same bytes may be served as several
 * types) and coding (`bytes` is the compressed form when `coding` is set): built on first
 * use and kept as long as the cache holding the bytes keeps them.
 */
function fileAnswersWith(security: Readonly<Record<string, string>>) {
  const answersOf = new WeakMap<Buffer, Map<string, readonly [FastAnswer, FastAnswer]>>();
  return (bytes: Buffer, sha256: string, type: string, coding: Coding | null): readonly [FastAnswer, FastAnswer] => {
    let byType = answersOf.get(bytes);
    if (!byType) answersOf.set(bytes, (byType = new Map()));
    let pair = byType.get(type);
    if (!pair) {
      const headers = fileHeaders(type, sha256, coding);
      pair = [fastAnswer(200, headers, bytes, FILE_ROUTE, security), fastAnswer(304, headers, null, FILE_ROUTE, security)];
      byType.set(type, pair);
    }
    return pair;
  };
}

export function registerServeRoutes(app: FastifyInstance, deps: ApiDeps, store: BlobStore, links: LinkCache): void {
  const { config, pool } = deps;
  const secure = config.publicUrl.startsWith('https://');
  // Every share-link route (under /v/) says noindex too.
  const noAuth = {
    config: { auth: 'none' as const },
    onSend: (_req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
      reply.headers(NOINDEX);
      done(null, payload);
    },
  };

  async function readSmall(sha: string, stream: Readable): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    const buf = Buffer.concat(chunks);
    links.keepBlob(sha, buf);
    return buf;
  }

  /** A blob's bytes, from the cache or storage (kept when small); null when unreachable here. */
  async function plainBytes(ref: FileRef): Promise<Buffer | null> {
    const cached = links.blob(ref.sha256);
    if (cached) return cached;
    const blob = await store.open(ref.sha256);
    return blob && readSmall(ref.sha256, blob.stream);
  }

  /**
   * Sends one stored file; 404 when this replica cannot reach it (nothing committed yet).
   * Text types go compressed when the client accepts it (compressed once, see compressed.ts);
   * a Range request gets the identity form, so its offsets always count the file's own bytes.
   */
  async function sendBlob(req: FastifyRequest, reply: FastifyReply, ref: FileRef, headers: Record<string, string>): Promise<FastifyReply> {
    const type = headers['content-type'];
    let coding = compressible(type) && ref.size <= COMPRESS_MAX_BYTES && req.headers.range === undefined ? codingFor(req.headers['accept-encoding']) : null;
    let z: Buffer | null = null;
    if (coding) {
      if (links.compressed.peek(ref.sha256, coding) === undefined) {
        const plain = await plainBytes(ref);
        if (!plain) return notFound(reply);
        z = await links.compressed.of(ref.sha256, coding, async () => plain);
      } else z = links.compressed.peek(ref.sha256, coding) ?? null;
      if (!z) coding = null;
    }
    const etag = etagOf(ref.sha256, coding);
    reply.headers({ ...fileHeaders(type, ref.sha256, coding), ...headers });
    if (notModified(req.headers, etag)) return reply.status(304).send();
    if (z) return reply.send(z);
    const range = rangeOf(req.headers, ref.size, etag);
    if (range.status === 416) return reply.status(416).header('content-range', range.contentRange).send();
    const cached = links.blob(ref.sha256);
    if (range.status === 206) {
      const part = cached ? cached.subarray(range.start, range.end + 1) : (await store.open(ref.sha256, range))?.stream;
      if (!part) return notFound(reply);
      return reply.status(206).header('content-range', range.contentRange).header('content-length', String(range.end - range.start + 1)).send(part);
    }
    if (cached) return reply.send(cached);
    const blob = await store.open(ref.sha256);
    if (!blob) return notFound(reply);
    if (blob.size <= SMALL_BLOB_BYTES) return reply.send(await readSmall(ref.sha256, blob.stream));
    return reply.header('content-length', String(blob.size)).send(blob.stream);
  }

  async function sendAttachment(req: FastifyRequest, reply: FastifyReply, link: LinkInfo, path: string): Promise<FastifyReply> {
    if (!link.canDownload) return notFound(reply);
    const ref = await links.file(link.deckId, link.version, path);
    if (!ref) return notFound(reply);
    await pool.query('select app_private.count_download($1)', [link.linkId]);
    return sendBlob(req, reply, ref, {
      'content-type': 'application/octet-stream',
      'content-disposition': dispositionOf(attachmentName(path)),
      'content-security-policy': DECK_SANDBOX,
    });
  }

  /** downloads.zip: the attachment set, streamed (never built in memory or on disk). */
  async function sendZip(reply: FastifyReply, link: LinkInfo): Promise<FastifyReply> {
    if (!link.canDownload) return notFound(reply);
    const files = await links.attachmentsOf(link.deckId, link.version);
    if (files.length === 0) return notFound(reply);
    const first = await store.open(files[0].sha256);
    if (!first) return notFound(reply);
    await pool.query('select app_private.count_download($1)', [link.linkId]);
    const zip = new ZipArchive({ zlib: { level: 6 } });
    const name = (f: { path: string }) => f.path.slice('downloads/'.length);
    let done = 0;
    zip.on('entry', () => {
      done++;
      if (done === files.length) {
        void zip.finalize();
        return;
      }
      void store.open(files[done].sha256).then((b) => {
        if (b) zip.append(b.stream, { name: name(files[done]) });
        else zip.destroy(new Error(`blob ${files[done].sha256} unreachable while zipping`));
      });
    });
    zip.append(first.stream, { name: name(files[0]) });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', dispositionOf(`${link.title.slice(0, 80)} attachments.zip`))
      .header('cache-control', 'no-store')
      .send(zip);
  }

  app.get('/embed.js', { config: { auth: 'none' } }, async (_req, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(EMBED_JS),
  );

  app.get<{ Params: { token: string } }>('/v/:token', noAuth, async (req, reply) => {
    const q = req.url.indexOf('?');
    return reply.redirect(`/v/${encodeURIComponent(req.params.token)}/${q === -1 ? '' : req.url.slice(q)}`, 308);
  });

  // The link's entry load: the bar and the framed deck. The one request that counts a view.
  app.get<{ Params: { token: string }; Querystring: { embed?: string; placement?: string } }>('/v/:token/', noAuth, async (req, reply) => {
    const link = await links.link(req.params.token);
    if (!link) return deadLink(reply);
    if (!unlocked(config.authSecret, link, req, null)) return passwordPage(reply, null);
    const embed = req.query.embed === '1';
    const p = req.query.placement;
    const placement = typeof p === 'string' && p.length >= 1 && p.length <= 100 && !/[\u0000-\u001f\u007f]/.test(p) ? p : null;
    // A browser without our cookie gets a new id each time, so cookieless requests all count.
    // The deck only ever sees the browser's id on this link, never the browser id itself.
    const visitor = linkVisitor(config.authSecret, link.linkId, browserOf(req, reply, secure).id);
    if (!link.countsNothing) {
      await pool.query('select app_private.record_view($1, $2, $3, $4, $5, $6)', [
        link.linkId, link.version, visitorHash(visitor), embed ? 'embed' : 'link', placement, config.viewDedupeWindowMinutes,
      ]);
    }
    // The framed deck's credential: signed for this link, expiring with the password proof.
    const proof = link.passwordHash ? cookieProof(config.authSecret, link, req) : null;
    const expiresAt = proof !== null ? proof + PROOF_SECONDS : link.now + FRAME_SECONDS;
    const ctx: FrameContext = { source: embed ? 'embed' : 'link', placement, visitor, expiresAt };
    const frameSrc = `${FRAME_PREFIX}/${encodeContext(config.authSecret, link, ctx)}/${encodePath(link.entry)}`;
    const bar = link.showBar && !embed;
    let downloads: { href: string; name: string }[] | null = null;
    if (bar && link.attachmentCount > 0 && link.canDownload) {
      const files = await links.attachmentsOf(link.deckId, link.version);
      downloads = files.map((f) => ({ href: encodePath(f.path), name: f.path.slice('downloads/'.length) }));
    }
    return entryPage(reply, { title: link.title, frameSrc, bar, downloads });
  });

  app.post<{ Params: { token: string }; Body: { password?: string } }>(
    '/v/:token/password',
    { ...noAuth, bodyLimit: 4096 },
    async (req, reply) => {
      const link = await links.link(req.params.token);
      if (!link) return deadLink(reply);
      if (!link.passwordHash) return reply.redirect(`/v/${encodeURIComponent(req.params.token)}/`, 303);
      const v = await deps.limiter.hit(`share-password:${req.ip}:${link.linkId}`, 10, 900);
      if (!v.allowed) return reply.header('retry-after', String(v.retryAfterSeconds)).status(429).send('Too many attempts; try again later\n');
      const given = typeof req.body?.password === 'string' ? req.body.password : '';
      if (!given || !(await verifyPassword(link.passwordHash, given))) return passwordPage(reply, 'That password is not right.');
      setLinkCookie(reply, config.authSecret, link, req.params.token, secure);
      return reply.redirect(`/v/${encodeURIComponent(req.params.token)}/`, 303);
    },
  );

  app.get<{ Params: { token: string } }>('/v/:token/downloads.zip', noAuth, async (req, reply) => {
    const link = await links.link(req.params.token);
    if (!link || !unlocked(config.authSecret, link, req, null)) return notFound(reply);
    return sendZip(reply, link);
  });

  // Every deck file, directly or framed under .f/<context>/.
  app.get<{ Params: { token: string } }>('/v/:token/*', noAuth, async (req, reply) => {
    const link = await links.link(req.params.token);
    if (!link) return notFound(reply);
    const at = requestedPath(req.url, req.params.token);
    const ctx = at?.ctx ? openContext(config.authSecret, link, at.ctx) : null;
    if (!at || (at.ctx && !ctx) || !unlocked(config.authSecret, link, req, ctx)) return notFound(reply);
    if (at.path === 'downloads.zip') return sendZip(reply, link);
    if (at.path.startsWith('downloads/')) return sendAttachment(req, reply, link, at.path);
    const ref = await links.file(link.deckId, link.version, at.path);
    if (!ref) return notFound(reply);
    return sendBlob(req, reply, ref, { 'content-type': contentTypeOf(at.path), 'content-security-policy': DECK_SANDBOX });
  });
}
