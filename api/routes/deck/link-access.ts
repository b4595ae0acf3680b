// Who may open what behind a share link. The link's secret is the credential; a password
// link additionally wants proof of the password: a signed cookie for pages the visitor
// opens (Path=/v/<token>/), or a grant baked into the framed path for what the sandboxed
// deck loads (an opaque origin sends no cookies, embeds even less). Both are HMACs with
// AUTH_SECRET over the link id and its password hash: a new password voids them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hmac, randomToken, safeEqual, sha256 } from '../../../core/crypto.ts';
import { manifestPathProblem } from '../../../core/wire/deck-paths.ts';
import { readCookie } from '../../auth/session.ts';
import type { LinkInfo } from './link-cache.ts';

export const LINK_COOKIE = 'podium_link';
export const VISITOR_COOKIE = 'podium_v';

/** Where a framed request comes from: link or embed, a placement label, a password grant, the browser. */
export interface FrameContext {
  source: 'link' | 'embed';
  placement: string | null;
  grant: string | null;
  visitor: string | null;
}

export function passwordProof(secret: string, link: LinkInfo): string {
  return hmac(secret, `share-link:${link.linkId}:${link.passwordHash}`).toString('base64url');
}

function proofOk(secret: string, link: LinkInfo, value: string | null | undefined): boolean {
  return !!value && safeEqual(Buffer.from(value), Buffer.from(passwordProof(secret, link)));
}

/** Open links pass; password links need the cookie or the framed grant. */
export function unlocked(secret: string, link: LinkInfo, req: FastifyRequest, ctx: FrameContext | null): boolean {
  if (!link.passwordHash) return true;
  return proofOk(secret, link, ctx?.grant) || proofOk(secret, link, readCookie(req.headers.cookie, LINK_COOKIE));
}

export function linkCookie(secret: string, link: LinkInfo, token: string, secure: boolean): string {
  return `${LINK_COOKIE}=${passwordProof(secret, link)}; Path=/v/${token}/; HttpOnly; SameSite=Lax; Max-Age=43200${secure ? '; Secure' : ''}`;
}

/** The browser id used to de-duplicate views and to let a browser edit its own response. */
export function visitorOf(req: FastifyRequest, reply: FastifyReply, secure: boolean): { id: string; known: boolean } {
  const v = readCookie(req.headers.cookie, VISITOR_COOKIE);
  if (v && /^[A-Za-z0-9_-]{22}$/.test(v)) return { id: v, known: true };
  const id = randomToken(16);
  reply.header('set-cookie', `${VISITOR_COOKIE}=${id}; Path=/v/; HttpOnly; SameSite=Lax; Max-Age=31536000${secure ? '; Secure' : ''}`);
  return { id, known: false };
}

export function visitorHash(id: string | null): Buffer | null {
  return id ? sha256('visitor:' + id) : null;
}

export function encodeContext(ctx: FrameContext): string {
  return Buffer.from(JSON.stringify([ctx.source, ctx.placement, ctx.grant, ctx.visitor])).toString('base64url');
}

export function decodeContext(raw: string): FrameContext | null {
  try {
    const [source, placement, grant, visitor] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (source !== 'link' && source !== 'embed') return null;
    const optional = (v: unknown, max: number) => v === null || (typeof v === 'string' && v.length >= 1 && v.length <= max && !/[\u0000-\u001f\u007f]/.test(v));
    if (!optional(placement, 100) || !optional(grant, 100) || !optional(visitor, 40)) return null;
    return { source, placement, grant, visitor };
  } catch {
    return null;
  }
}

export const FRAME_PREFIX = '.f'; // dot-prefixed: no deck path can ever collide with it

/**
 * The deck path of a request under /v/<token>/, and its frame context when it came through
 * `.f/<context>/`. Null for anything a manifest could not hold (traversal, dot segments,
 * bad escapes): such requests answer 404 like any missing file.
 */
export function requestedPath(rawUrl: string, token: string): { path: string; ctx: FrameContext | null } | null {
  const q = rawUrl.indexOf('?');
  const rest = (q === -1 ? rawUrl : rawUrl.slice(0, q)).slice(`/v/${token}/`.length);
  let segments: string[];
  try {
    segments = rest.split('/').map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
  let ctx: FrameContext | null = null;
  if (segments[0] === FRAME_PREFIX) {
    ctx = segments.length > 2 ? decodeContext(segments[1]) : null;
    if (!ctx) return null;
    segments = segments.slice(2);
  }
  const path = segments.join('/');
  return manifestPathProblem(path) ? null : { path, ctx };
}

export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
