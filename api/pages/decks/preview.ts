// The deck frame of the master page. User HTML must never run on the app origin, so the
// frame points at a `Dashboard preview` share link (served from /v/<secret>/ with
// `Content-Security-Policy: sandbox ...`, counting nothing, expiring within the hour).
// The secret is shown once and kept only hashed by SQL, so this replica remembers the URLs
// it minted for a while instead of minting a new link on every page load.
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { randomToken, sha256 } from '../../../core/crypto.ts';
import { callJson } from '../../routes/support.ts';

const REUSE_MS = 40 * 60_000; // the link lives 60 minutes: hand it out for 40 at most
const MAX_REMEMBERED = 5000;

interface Remembered {
  base: Promise<string>; // /v/<secret>/; a promise so concurrent loads share one mint
  version: number;
  until: number;
}

export class PreviewLinks {
  private readonly byViewer = new Map<string, Remembered>();

  constructor(private readonly pool: pg.Pool) {}

  /** /v/<secret>/ of a preview link for this viewer and deck version (owner or admin only). */
  baseFor(req: FastifyRequest, deckId: string, version: number): Promise<string> {
    const key = `${req.caller.userId}:${req.caller.workspaceId}:${deckId}`;
    const known = this.byViewer.get(key);
    if (known && known.version === version && known.until > Date.now()) return known.base;
    const secret = randomToken(32);
    const base = callJson(req, this.pool, 'app_private.mint_share_link($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
      deckId, sha256(secret), 'Dashboard preview', version, false, true, true, 60, null,
    ]).then(() => `/v/${secret}/`);
    if (this.byViewer.size >= MAX_REMEMBERED) this.byViewer.clear();
    const entry: Remembered = { base, version, until: Date.now() + REUSE_MS };
    this.byViewer.set(key, entry);
    // A refused mint (deck gone, rights withdrawn) is not remembered.
    base.catch(() => this.byViewer.get(key) === entry && this.byViewer.delete(key));
    return base;
  }
}
