// Browser sessions: a random token in an HttpOnly, SameSite=Lax cookie, signed with
// AUTH_SECRET so forged cookies are refused before any query; the database keeps only
// the token's sha256, so a session minted on one replica works on every other.
// @fastify/cookie parses the Cookie header (req.cookies), signs (with sessionSigner) and
// writes Set-Cookie (reply.setCookie); api/server.ts registers it.
import type { UnsignResult } from '@fastify/cookie';
import { parseCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { hmac, randomToken, safeEqual, sha256 } from '../../core/crypto.ts';
import { findHostile } from '../input-guard.ts';

export const SESSION_COOKIE = 'podium_session';
export const SESSION_DAYS = 30;

/**
 * How @fastify/cookie decodes every cookie value it parses into `req.cookies`. Never throws:
 * a value that is not valid percent-encoding, or that decodes to a NUL or a lone surrogate,
 * reads as empty, i.e. absent (a cookie planted by another site on the same host, e.g.
 * another port, must not break every page).
 */
export function decodeCookieValue(raw: string): string {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return '';
  }
  return findHostile(value) ? '' : value;
}

/** One cookie's value as @fastify/cookie parsed it (the first of that name), or null when absent or empty. */
export function readCookie(req: FastifyRequest, name: string): string | null {
  return req.cookies?.[name] || null;
}

/**
 * The same, from a raw Cookie header, for answers made before fastify parses the request
 * (the share-link fast path): the parser @fastify/cookie uses (`cookie`), with the same decoding.
 */
export function readCookieHeader(header: string | undefined, name: string): string | null {
  if (!header) return null;
  return parseCookie(header, { decode: decodeCookieValue })[name] || null;
}

function mac(secret: string, token: string): string {
  return hmac(secret, 'session:' + token).toString('base64url');
}

/**
 * The session cookie's signer, handed to @fastify/cookie as its `secret` (its custom-signer
 * form): `token.mac` with an HMAC of AUTH_SECRET over `session:token`, the format sessions
 * have always had, so cookies already in browsers stay valid.
 */
export function sessionSigner(secret: string): { sign(token: string): string; unsign(value: string): UnsignResult } {
  return {
    sign: (token) => `${token}.${mac(secret, token)}`,
    unsign: (value) => {
      const dot = value.lastIndexOf('.');
      const token = value.slice(0, dot);
      if (dot <= 0 || !safeEqual(Buffer.from(value.slice(dot + 1)), Buffer.from(mac(secret, token)))) return { valid: false, renew: false, value: null };
      return { valid: true, renew: false, value: token };
    },
  };
}

/** The token's hash when the cookie carries a valid signature, else null. */
export function verifySessionCookie(req: FastifyRequest, value: string | null): Buffer | null {
  if (!value) return null;
  const r = req.unsignCookie(value);
  return r.valid ? sha256(r.value) : null;
}

/** Sets the signed session cookie: Path=/, HttpOnly, SameSite=Lax, Max-Age, Secure on https. */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean, maxAgeSeconds = SESSION_DAYS * 86400): FastifyReply {
  return reply.setCookie(SESSION_COOKIE, token, { signed: true, path: '/', httpOnly: true, sameSite: 'lax', maxAge: maxAgeSeconds, secure });
}

/** Ends the session cookie in the browser (empty, Max-Age=0). */
export function clearSessionCookie(reply: FastifyReply, secure: boolean): FastifyReply {
  return reply.setCookie(SESSION_COOKIE, '', { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 0, secure });
}

/** Creates the session row (app_private.session_create) and answers its token (setSessionCookie signs it). */
export async function createSession(db: pg.Pool | pg.PoolClient, userId: string): Promise<string> {
  const token = randomToken(32);
  await db.query('select app_private.session_create($1, $2, $3)', [sha256(token), userId, SESSION_DAYS]);
  return token;
}

/** Ends one session (app_private.session_end): sign-out. */
export async function endSession(db: pg.Pool | pg.PoolClient, sessionId: string): Promise<void> {
  await db.query('select app_private.session_end($1)', [sessionId]);
}
