// Who may open what behind a share link. The link's secret is the credential; a password
// link additionally wants proof of the password: a signed cookie for pages the visitor
// opens (Path=/v/<token>/), or the signed frame context in the framed path for what the
// sandboxed deck loads (an opaque origin sends no cookies, embeds even less).
//
// Everything here is an HMAC with AUTH_SECRET and expires on the server's clock (the SQL
// clock read with the link, see LinkInfo.now):
// - the password proof covers the link id, its password hash and the issue time, and is
//   refused 12 hours after it was issued (a new password voids it at once);
// - the frame context covers the link id (and its password hash), source, placement, the
//   visitor and an expiry, so it works on its own link only, cannot be edited, and dies;
// - the visitor id a deck can see is derived per link from the browser's podium_v cookie,
//   so a deck's script never learns an id that means anything on another link.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hmac, randomToken, safeEqual, sha256 } from '../../../core/crypto.ts';
import { manifestPathProblem } from '../../../core/wire/deck-paths.ts';
import { readCookie, readCookieHeader } from '../../auth/session.ts';
import type { LinkInfo } from './link-cache.ts';

export const LINK_COOKIE = 'podium_link';
export const VISITOR_COOKIE = 'podium_v';
/** A password proof (cookie or frame) is refused this long after the password was given. */
export const PROOF_SECONDS = 12 * 3600;
/** A frame context of an open link lives this long (a password link's dies with its proof). */
export const FRAME_SECONDS = 12 * 3600;
/** A proof "issued" slightly ahead of this replica's reading of the clock still counts. */
const CLOCK_SLACK_SECONDS = 300;

const BROWSER_ID = /^[A-Za-z0-9_-]{22}$/;

/** Where a framed request comes from: link or embed, a placement label, the link's visitor. */
export interface FrameContext {
  source: 'link' | 'embed';
  placement: string | null;
  visitor: string | null;
  expiresAt: number; // epoch seconds, server clock
}

function mac(secret: string, value: string): string {
  return hmac(secret, value).toString('base64url');
}

function sameMac(a: string, b: string): boolean {
  return safeEqual(Buffer.from(a), Buffer.from(b));
}

// Password proof ------------------------------------------------------------------------

export function passwordProof(secret: string, link: LinkInfo, issuedAt: number): string {
  const at = Math.floor(issuedAt);
  return `${at}.${mac(secret, `share-link:${link.linkId}:${link.passwordHash}:${at}`)}`;
}

/** The issue time of a valid, unexpired proof of this link's current password, else null. */
export function proofIssuedAt(secret: string, link: LinkInfo, value: string | null | undefined): number | null {
  if (!value || !link.passwordHash) return null;
  const dot = value.indexOf('.');
  const at = Number(value.slice(0, dot));
  if (dot <= 0 || !/^\d{1,12}$/.test(value.slice(0, dot))) return null;
  if (!sameMac(value, passwordProof(secret, link, at))) return null;
  if (link.now - at >= PROOF_SECONDS || at > link.now + CLOCK_SLACK_SECONDS) return null;
  return at;
}

/** The password cookie's proof issue time (valid and unexpired), else null. */
export function cookieProof(secret: string, link: LinkInfo, req: { headers: { cookie?: string } }): number | null {
  return proofIssuedAt(secret, link, readCookieHeader(req.headers.cookie, LINK_COOKIE));
}

/**
 * Open links pass; password links need a valid frame context (minted only behind a valid
 * proof, signed over the password hash, expiring with the proof) or the password cookie.
 */
export function unlocked(secret: string, link: LinkInfo, req: { headers: { cookie?: string } }, ctx: FrameContext | null): boolean {
  if (!link.passwordHash) return true;
  return ctx !== null || cookieProof(secret, link, req) !== null;
}

/** Sets the password cookie: a fresh proof, for this link's pages only (Path=/v/<token>/). */
export function setLinkCookie(reply: FastifyReply, secret: string, link: LinkInfo, token: string, secure: boolean): FastifyReply {
  return reply.setCookie(LINK_COOKIE, passwordProof(secret, link, link.now), { path: `/v/${token}/`, httpOnly: true, sameSite: 'lax', maxAge: PROOF_SECONDS, secure });
}

// Visitors ------------------------------------------------------------------------------

/** The browser id (podium_v cookie, one per browser), set when missing. Never shown to a deck. */
export function browserOf(req: FastifyRequest, reply: FastifyReply, secure: boolean): { id: string; known: boolean } {
  const v = readCookie(req, VISITOR_COOKIE);
  if (v && BROWSER_ID.test(v)) return { id: v, known: true };
  const id = randomToken(16);
  reply.setCookie(VISITOR_COOKIE, id, { path: '/v/', httpOnly: true, sameSite: 'lax', maxAge: 31536000, secure });
  return { id, known: false };
}

/** The browser's id on one link: what views de-duplicate on and what lets it edit its response. */
export function linkVisitor(secret: string, linkId: string, browserId: string): string {
  return hmac(secret, `visitor:${linkId}:${browserId}`).subarray(0, 16).toString('base64url');
}

/** The link visitor of a request's podium_v cookie (unframed requests), or null without one. */
export function cookieVisitor(secret: string, link: LinkInfo, req: FastifyRequest): string | null {
  const v = readCookie(req, VISITOR_COOKIE);
  return v && BROWSER_ID.test(v) ? linkVisitor(secret, link.linkId, v) : null;
}

export function visitorHash(id: string | null): Buffer | null {
  return id ? sha256('visitor:' + id) : null;
}

// Frame context -------------------------------------------------------------------------

function contextMac(secret: string, link: LinkInfo, payload: string): string {
  return mac(secret, `frame:${link.linkId}:${link.passwordHash ?? ''}:${payload}`);
}

export function encodeContext(secret: string, link: LinkInfo, ctx: FrameContext): string {
  const payload = Buffer.from(JSON.stringify([ctx.source, ctx.placement, ctx.visitor, Math.floor(ctx.expiresAt)])).toString('base64url');
  return `${payload}.${contextMac(secret, link, payload)}`;
}

/** A context minted for this link (and its current password), unedited and unexpired; else null. */
export function openContext(secret: string, link: LinkInfo, raw: string): FrameContext | null {
  const dot = raw.lastIndexOf('.');
  if (dot <= 0) return null;
  const payload = raw.slice(0, dot);
  if (!sameMac(raw.slice(dot + 1), contextMac(secret, link, payload))) return null;
  try {
    const [source, placement, visitor, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if ((source !== 'link' && source !== 'embed') || typeof expiresAt !== 'number' || expiresAt <= link.now) return null;
    if (!(placement === null || typeof placement === 'string') || !(visitor === null || typeof visitor === 'string')) return null;
    return { source, placement, visitor, expiresAt };
  } catch {
    return null;
  }
}

export const FRAME_PREFIX = '.f'; // dot-prefixed: no deck path can ever collide with it

/**
 * The deck path of a request under /v/<token>/, and the raw frame context when it came
 * through `.f/<context>/` (checked by openContext once the link is known). Null for
 * anything a manifest could not hold (traversal, dot segments, bad escapes): such requests
 * answer 404 like any missing file.
 */
export function requestedPath(rawUrl: string, token: string): { path: string; ctx: string | null } | null {
  const q = rawUrl.indexOf('?');
  const rest = (q === -1 ? rawUrl : rawUrl.slice(0, q)).slice(`/v/${token}/`.length);
  let segments: string[];
  try {
    segments = rest.includes('%') ? rest.split('/').map((s) => decodeURIComponent(s)) : rest.split('/'); // nothing to decode: the hot path
  } catch {
    return null;
  }
  let ctx: string | null = null;
  if (segments[0] === FRAME_PREFIX) {
    if (segments.length <= 2 || !segments[1]) return null;
    ctx = segments[1];
    segments = segments.slice(2);
  }
  const path = segments.join('/');
  return manifestPathProblem(path) ? null : { path, ctx };
}

export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
