// The share-link hot path's memory. A token resolves to what it opens with one indexed
// lookup (app_private.resolve_share_link by the sha256 of the secret); the answer is kept
// for LINK_CACHE_MS, never past the link's expiry as SQL measured it. Revocations and
// deletions made through this replica forget everything at once; other replicas notice
// within LINK_CACHE_MS (the trade-off: one lookup per token per few seconds instead of one
// per request). Files of a version and blob bytes never change (versions are immutable and
// blobs content-addressed), so those caches need no invalidation, only a size bound.
import type pg from 'pg';
import { hash } from 'node:crypto';

export const LINK_CACHE_MS = 5_000;
const MAX_LINKS = 10_000;
const MAX_FILES = 100_000;
const MAX_BLOB_BYTES = 64 * 1024 * 1024;
export const SMALL_BLOB_BYTES = 512 * 1024;

export interface LinkInfo {
  linkId: string;
  deckId: string;
  title: string;
  version: number;
  entry: string;
  attachmentCount: number;
  attachmentBytes: number;
  showBar: boolean;
  canDownload: boolean;
  formsEnabled: boolean;
  countsNothing: boolean;
  passwordHash: string | null;
  secondsLeft: number | null;
  /**
   * The server clock (app.now(), epoch seconds) as of this answer: read with the lookup and
   * advanced by this process's monotonic timer while cached (at most LINK_CACHE_MS), so
   * proof and frame expiries follow the one SQL clock (and the test clock) at no extra query.
   */
  now: number;
}

export interface FileRef {
  sha256: string;
  size: number;
}

/**
 * The cache key of a token: its sha256 in base64, by the one-shot hash (about a fifth of the
 * cost of createHash + digest + toString on the share-link hot path).
 */
function tokenId(token: string): string {
  return hash('sha256', token, 'base64');
}

/** A Map used as a bounded cache: the oldest insertions go first. */
function bounded<K, V>(map: Map<K, V>, max: number): void {
  while (map.size > max) map.delete(map.keys().next().value as K);
}

export class LinkCache {
  private links = new Map<string, { info: LinkInfo | null; until: number; sqlNow: number; at: number }>();
  private files = new Map<string, FileRef | null>();
  private attachments = new Map<string, { path: string; sha256: string; size: number }[]>();
  private blobs = new Map<string, Buffer>();
  private blobBytes = 0;

  constructor(private pool: pg.Pool, private ttlMs = LINK_CACHE_MS) {}

  /** The cached answer for a token without asking SQL: undefined when not cached (or stale). */
  peek(token: string): LinkInfo | null | undefined {
    const hit = this.links.get(tokenId(token));
    const now = performance.now();
    if (hit && hit.until > now) return hit.info && { ...hit.info, now: hit.sqlNow + (now - hit.at) / 1000 };
    return undefined;
  }

  async link(token: string): Promise<LinkInfo | null> {
    // Keyed by the token's sha256, never the token: a link secret is held nowhere in plain
    // text, not even in this process's heap (a hash costs ~1 µs of a ~90 µs request).
    const id = tokenId(token);
    const hit = this.links.get(id);
    const now = performance.now();
    if (hit && hit.until > now) return hit.info && { ...hit.info, now: hit.sqlNow + (now - hit.at) / 1000 };
    const { rows } = await this.pool.query('select app_private.resolve_share_link($1) as r, extract(epoch from app.now())::float8 as now', [Buffer.from(id, 'base64')]);
    const info = (rows[0]?.r ?? null) as LinkInfo | null;
    const sqlNow = rows[0].now as number;
    const ttl = info?.secondsLeft == null ? this.ttlMs : Math.min(this.ttlMs, info.secondsLeft * 1000);
    this.links.set(id, { info, until: now + ttl, sqlNow, at: now });
    bounded(this.links, MAX_LINKS);
    return info && { ...info, now: sqlNow };
  }

  /** A version's file as cached: undefined when not cached yet. */
  peekFile(deck: string, version: number, path: string): FileRef | null | undefined {
    return this.files.get(`${deck}:${version}:${path}`);
  }

  async file(deck: string, version: number, path: string): Promise<FileRef | null> {
    const key = `${deck}:${version}:${path}`;
    if (this.files.has(key)) return this.files.get(key)!;
    const { rows } = await this.pool.query('select sha256, size from app.deck_files where deck_id = $1 and version = $2 and path = $3', [deck, version, path]);
    const ref = rows[0] ? { sha256: rows[0].sha256 as string, size: Number(rows[0].size) } : null;
    this.files.set(key, ref);
    bounded(this.files, MAX_FILES);
    return ref;
  }

  async attachmentsOf(deck: string, version: number): Promise<{ path: string; sha256: string; size: number }[]> {
    const key = `${deck}:${version}`;
    const hit = this.attachments.get(key);
    if (hit) return hit;
    const { rows } = await this.pool.query(
      `select path, sha256, size from app.deck_files where deck_id = $1 and version = $2 and path like 'downloads/_%' order by path`,
      [deck, version],
    );
    const list = rows.map((r) => ({ path: r.path as string, sha256: r.sha256 as string, size: Number(r.size) }));
    this.attachments.set(key, list);
    bounded(this.attachments, MAX_LINKS);
    return list;
  }

  blob(sha: string): Buffer | undefined {
    const b = this.blobs.get(sha);
    if (b) {
      this.blobs.delete(sha); // refresh its place: least recently used goes first
      this.blobs.set(sha, b);
    }
    return b;
  }

  keepBlob(sha: string, bytes: Buffer): void {
    if (bytes.length > SMALL_BLOB_BYTES || this.blobs.has(sha)) return;
    this.blobs.set(sha, bytes);
    this.blobBytes += bytes.length;
    while (this.blobBytes > MAX_BLOB_BYTES) {
      const [oldest, buf] = this.blobs.entries().next().value as [string, Buffer];
      this.blobs.delete(oldest);
      this.blobBytes -= buf.length;
    }
  }

  /** After a revocation, deletion or rename here (and when the test clock moves). */
  forgetAll(): void {
    this.links.clear();
  }
}
