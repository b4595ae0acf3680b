// Browser sessions: a random token in an HttpOnly, SameSite=Lax cookie, signed with
// AUTH_SECRET so forged cookies are refused before any query; the database keeps only
// the token's sha256, so a session minted on one replica works on every other.
import type pg from 'pg';
import { hmac, randomToken, safeEqual, sha256 } from '../../core/crypto.ts';
import { findHostile } from '../input-guard.ts';

export const SESSION_COOKIE = 'podium_session';
export const SESSION_DAYS = 30;

/**
 * One cookie's value, or null. Never throws: a value that is not valid percent-encoding, or
 * that decodes to a NUL or a lone surrogate, is treated as absent (a cookie planted by
 * another site on the same host, e.g. another port, must not break every page).
 */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    return findHostile(value) ? null : value;
  }
  return null;
}

function sign(secret: string, token: string): string {
  return hmac(secret, 'session:' + token).toString('base64url');
}

/** The token's hash when the cookie carries a valid signature, else null. */
export function verifySessionCookie(secret: string, value: string | null): Buffer | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  if (!safeEqual(Buffer.from(value.slice(dot + 1)), Buffer.from(sign(secret, token)))) return null;
  return sha256(token);
}

export function sessionCookieHeader(value: string, secure: boolean, maxAgeSeconds = SESSION_DAYS * 86400): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

export function clearSessionCookieHeader(secure: boolean): string {
  return sessionCookieHeader('', secure, 0);
}

/** Creates the session row (app_private.session_create) and answers the signed cookie value. */
export async function createSession(db: pg.Pool | pg.PoolClient, secret: string, userId: string): Promise<string> {
  const token = randomToken(32);
  await db.query('select app_private.session_create($1, $2, $3)', [sha256(token), userId, SESSION_DAYS]);
  return `${token}.${sign(secret, token)}`;
}

/** Ends one session (app_private.session_end): sign-out. */
export async function endSession(db: pg.Pool | pg.PoolClient, sessionId: string): Promise<void> {
  await db.query('select app_private.session_end($1)', [sessionId]);
}
