// Authentication: key (Authorization: Bearer dk_/hck_...) or session cookie, resolved in
// one SQL call (app_private.authenticate, batched with the requests that arrive together), then checked against the route's auth mode and
// the key allowlist. The result is the Caller whose settings RLS reads.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Config } from '../../core/config.ts';
import { hash } from 'node:crypto';
import { looksLikeKey } from '../../core/keys.ts';
import { ANONYMOUS, type Caller } from '../../core/db/pool.ts';
import { AppError } from '../errors.ts';
import { keyRouteScopes } from './allowlist.ts';
import { authBatcher } from './batch.ts';
import { readCookie, SESSION_COOKIE, verifySessionCookie } from './session.ts';
import { UUID_RE } from '../../core/ids.ts';

/**
 * How a route authenticates. `any`: key or session; `key`: sessions refused; `session`: keys
 * refused; `public`: optional; `none`: credentials are not even read (share-link serving,
 * where the link is the credential and the hot path makes no identity lookup).
 */
export type AuthMode = 'public' | 'any' | 'key' | 'session' | 'none';

import type { Identity } from './identity.ts';
export type { Identity } from './identity.ts';

const ALL_SCOPES = ['presentations:read', 'presentations:write', 'data:export', 'hackathon:read', 'hackathon:write'];

export function callerOf(identity: Identity | null): Caller {
  if (!identity) return ANONYMOUS;
  return {
    userId: identity.user.id,
    workspaceId: identity.workspace?.id ?? null,
    workspaceRole: identity.workspace?.role ?? null,
    keyId: identity.key?.id ?? null,
    sessionId: identity.sessionId,
    scopes: identity.key ? identity.key.scopes : ALL_SCOPES,
    via: identity.via,
  };
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h || !h.startsWith('Bearer ')) return null;
  return h.slice(7).trim();
}

/** The origin of a Referer header; a malformed one names no origin (never throws). */
export function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer || !URL.canParse(referer)) return undefined;
  return new URL(referer).origin;
}

/**
 * Browser writes must come from our own origin (cookies are SameSite=Lax; this is the second
 * lock): the Origin header, else the Referer's origin. The one check of every browser write,
 * signed in or not (session routes, sign-in and setup forms).
 */
export function sameOrigin(req: FastifyRequest, config: Config): boolean {
  const origin = req.headers.origin ?? refererOrigin(req.headers.referer);
  if (!origin) return false;
  return allowedOrigins(config.publicUrl).has(origin);
}

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * The origins a browser write may come from: PUBLIC_URL's, and nothing the request itself
 * says. The Host header is the client's to choose: a DNS-rebinding page at evil.test that
 * resolves to this server sends `Origin: http://evil.test` and `Host: evil.test`.
 * When PUBLIC_URL is a loopback address, the other loopback spellings of the same
 * scheme and port are accepted too: only this machine serves them, no page elsewhere can.
 */
export function allowedOrigins(publicUrl: string): Set<string> {
  if (!URL.canParse(publicUrl)) return new Set();
  const u = new URL(publicUrl);
  const out = new Set([u.origin]);
  if (LOOPBACK.includes(u.hostname)) {
    for (const h of LOOPBACK) out.add(`${u.protocol}//${h}${u.port ? `:${u.port}` : ''}`);
  }
  return out;
}

export async function authenticate(req: FastifyRequest, pool: pg.Pool, config: Config, mode: AuthMode, routeUrl: string): Promise<Identity | null> {
  const key = bearer(req);
  const cookie = key ? null : readCookie(req, SESSION_COOKIE);
  if (!key && !cookie) {
    if (mode === 'public') return null;
    throw new AppError('unauthorized', 'Sign in first: send an API key (Authorization: Bearer ...) or a session cookie');
  }
  if (key && mode === 'session') throw new AppError('key_not_allowed', 'This route is for browser sessions; API keys are refused here');
  if (!key && mode === 'key') throw new AppError('session_refused', 'This route takes an API key only; browser sessions are refused here');
  let keyScopes: readonly string[] | null = null;
  if (key) {
    keyScopes = keyRouteScopes(req.method, routeUrl);
    if (!keyScopes) throw new AppError('key_not_allowed', `API keys may not call ${req.method} ${routeUrl}`);
    if (!looksLikeKey(key)) throw new AppError('unauthorized', 'The API key is not valid');
  }
  const sessionHash = cookie ? verifySessionCookie(req, cookie) : null;
  if (cookie && !sessionHash) throw new AppError('unauthorized', 'The session is not valid; sign in again');

  const wsHeader = req.headers['podium-workspace'];
  const orgHeader = req.headers['podium-organization'];
  const workspace = typeof wsHeader === 'string' && wsHeader ? wsHeader : null;
  const org = typeof orgHeader === 'string' && orgHeader ? orgHeader : null;
  if (workspace && org) throw new AppError('invalid_input', 'Name a workspace or an organization, not both', { field: 'Podium-Workspace' });
  if (workspace && !UUID_RE.test(workspace)) throw new AppError('invalid_input', 'Podium-Workspace must be a workspace id', { field: 'Podium-Workspace' });

  // One statement for every request authenticating in this turn of the event loop (api/auth/batch.ts).
  // The key's sha256 in bytea's hex input form: the one-shot hash as text costs less than a
  // Buffer, which pg would turn into the same text anyway.
  const identity = await authBatcher(pool).authenticate(key ? `\\x${hash('sha256', key, 'hex')}` : null, sessionHash, workspace, org);
  if (!identity) {
    throw new AppError('unauthorized', key ? 'The API key is unknown, expired or revoked' : 'The session has expired; sign in again');
  }
  if (identity.workspaceError) {
    throw new AppError(identity.workspaceError.code, identity.workspaceError.message, { ...identity.workspaceError });
  }
  if (identity.key && keyScopes && !keyScopes.includes('*') && !keyScopes.some((s) => identity.key!.scopes.includes(s))) {
    throw new AppError('insufficient_scope', `This key lacks the scope for ${req.method} ${routeUrl}: needs ${keyScopes.join(' or ')}`, { needed: keyScopes });
  }
  if (identity.via === 'session' && !['GET', 'HEAD', 'OPTIONS'].includes(req.method) && !sameOrigin(req, config)) {
    throw new AppError('csrf_refused', 'Cross-site request refused: browser writes must come from this instance');
  }
  return identity;
}

export function requireIdentity(req: FastifyRequest): Identity {
  if (!req.identity) throw new AppError('unauthorized', 'Sign in first');
  return req.identity;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | null;
    caller: Caller;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** The scopes of which a key needs one to call this route ('*': any); none: keys refused (api/auth/allowlist.ts). */
    keyScopes?: readonly string[];
  }
}

export type { FastifyReply };
