// Authentication: key (Authorization: Bearer dk_/hck_...) or session cookie, resolved in
// one SQL call (app_private.authenticate), then checked against the route's auth mode and
// the key allowlist. The result is the Caller whose settings RLS reads.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Config } from '../../core/config.ts';
import { sha256 } from '../../core/crypto.ts';
import { looksLikeKey } from '../../core/keys.ts';
import { ANONYMOUS, type Caller } from '../../core/db/pool.ts';
import { AppError } from '../errors.ts';
import { keyRouteScopes } from './allowlist.ts';
import { readCookie, SESSION_COOKIE, verifySessionCookie } from './session.ts';

/**
 * How a route authenticates. `any`: key or session; `key`: sessions refused; `session`: keys
 * refused; `public`: optional; `none`: credentials are not even read (share-link serving,
 * where the link is the credential and the hot path makes no identity lookup).
 */
export type AuthMode = 'public' | 'any' | 'key' | 'session' | 'none';

export interface Identity {
  via: 'session' | 'api_key';
  user: { id: string; email: string; name: string | null };
  key: { id: string; name: string; tool: 'deck' | 'hackathon'; scopes: string[]; workspaceId: string | null; expiresAt: string | null } | null;
  sessionId: string | null;
  demoPassId: string | null; // a session opened by a demo pass: pinned to its workspace, never on credentials
  workspace: { id: string; name: string; organizationId: string | null; role: string } | null;
  workspaceError: { code: string; message: string } | null;
}

const ALL_SCOPES = ['presentations:read', 'presentations:write', 'data:export', 'hackathon:read', 'hackathon:write'];
const UUID = /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

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
  return origin === config.publicUrl || origin === `${req.protocol}://${req.headers.host}`;
}

export async function authenticate(req: FastifyRequest, pool: pg.Pool, config: Config, mode: AuthMode, routeUrl: string): Promise<Identity | null> {
  const key = bearer(req);
  const cookie = key ? null : readCookie(req.headers.cookie, SESSION_COOKIE);
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
  const sessionHash = cookie ? verifySessionCookie(config.authSecret, cookie) : null;
  if (cookie && !sessionHash) throw new AppError('unauthorized', 'The session is not valid; sign in again');

  const wsHeader = req.headers['podium-workspace'];
  const orgHeader = req.headers['podium-organization'];
  const workspace = typeof wsHeader === 'string' && wsHeader ? wsHeader : null;
  const org = typeof orgHeader === 'string' && orgHeader ? orgHeader : null;
  if (workspace && org) throw new AppError('invalid_input', 'Name a workspace or an organization, not both', { field: 'Podium-Workspace' });
  if (workspace && !UUID.test(workspace)) throw new AppError('invalid_input', 'Podium-Workspace must be a workspace id', { field: 'Podium-Workspace' });

  // A named (prepared) statement: every authenticated request runs it, so each connection
  // parses and plans it once. Poolers in transaction mode need protocol-level prepared
  // statement support for this (PgBouncer >= 1.21, max_prepared_statements; docs/OPERATIONS.md).
  const { rows } = await pool.query({
    name: 'podium_authenticate',
    text: 'select app_private.authenticate($1, $2, $3, $4) as identity',
    values: [key ? sha256(key) : null, sessionHash, workspace, org],
  });
  const identity = rows[0].identity as Identity | null;
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
  }
}

export type { FastifyReply };
