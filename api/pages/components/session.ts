// Who is looking at a page. Page routes read credentials themselves (auth mode `none`) so
// that a missing or expired session turns into a redirect to /signin, not a JSON 401.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, callerOf, type Identity } from '../../auth/caller.ts';
import { AppError } from '../../errors.ts';
import { localPath } from '../../local-path.ts';
import type { ApiDeps } from '../../deps.ts';

/** Only local paths are followed after sign-in (api/local-path.ts), ready for a Location header; anything else is /decks. */
export function safeNext(next: unknown): string {
  return localPath(next) ?? '/decks';
}

/** The session's identity (and caller set on the request), or null. Keys are not for pages. */
export async function pageIdentity(req: FastifyRequest, { pool, config }: ApiDeps): Promise<Identity | null> {
  if (req.headers.authorization) return null;
  try {
    req.identity = await authenticate(req, pool, config, 'public', req.routeOptions.url ?? req.url);
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err; // a broken database is not "signed out"
    req.identity = null;
  }
  req.caller = callerOf(req.identity);
  return req.identity;
}

export function toSignin(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.redirect(`/signin?next=${encodeURIComponent(safeNext(req.url))}`, 303);
}

/** What the navigation shows for the signed-in person. */
export function whoIs(identity: Identity): string {
  return identity.user.name ? `${identity.user.name} (${identity.user.email})` : identity.user.email;
}
