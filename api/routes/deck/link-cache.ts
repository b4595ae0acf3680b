// The share-link hot path's memory. A token resolves to what it opens with one indexed
// lookup (app_private.resolve_share_link by the sha256 of the secret); the answer is kept
// for LINK_CACHE_MS, never past the link's expiry as SQL measured it. Revocations and
// deletions made through this replica forget everything at once; other replicas notice
// within LINK_CACHE_MS (the trade-off: one lookup per token per few seconds instead of one
// per request). Files of a version and blob bytes never change (versions are immutable and
// blobs content-addressed), so those caches need no invalidation, only a size bound.
import type pg from 'pg';
import { hash } from 'node:crypto';
import { CompressedCache } from './compressed.ts';

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
   * The server clock (app.now(), epoch seconds) when read: read with the lookup and
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
  private links = new Map<string, { info: LinkInfo | null; until: number }>();
  private files = new Map<string, FileRef | null>();
  private attachments = new Map<string, { path: string; sha256: string; size: number }[]>();
  private blobs = new Map<string, { bytes: Buffer; used: boolean }>();
  private blobBytes = 0;
  /** Compressed forms of text files (br, gzip), made once per blob. */
  readonly compressed = new CompressedCache();

  /** `clock`: milliseconds of a monotonic clock (tests move it instead of waiting). */
  constructor(private pool: pg.Pool, private ttlMs = LINK_CACHE_MS, private maxBlobBytes = MAX_BLOB_BYTES, private clock: () => number = () => performance.now()) {}

  /** The cached answer for a token without asking SQL: undefined when not cached (or stale). */
  peek(token: string): LinkInfo | null | undefined {
    const hit = this.links.get(tokenId(token));
    return hit && hit.until > this.clock() ? hit.info : undefined;
  }

  async link(token: string): Promise<LinkInfo | null> {
    // Keyed by the token's sha256, never the token: a link secret is held nowhere in plain
    // text, not even in this process's heap (a hash costs ~1 µs of a ~90 µs request).
    const id = tokenId(token);
    const hit = this.links.get(id);
    const at = this.clock();
    if (hit && hit.until > at) return hit.info;
    const { rows } = await this.pool.query('select app_private.resolve_share_link($1) as r, extract(epoch from app.now())::float8 as now', [Buffer.from(id, 'base64')]);
    const info = (rows[0]?.r ?? null) as LinkInfo | null;
    const sqlNow = rows[0].now as number;
    // `now` is read when asked (proofs and frame contexts only), so a cached answer is handed
    // out as it is, with no copy per request.
    if (info) Object.defineProperty(info, 'now', { get: () => sqlNow + (this.clock() - at) / 1000, enumerable: true });
    const ttl = info?.secondsLeft == null ? this.ttlMs : Math.min(this.ttlMs, info.secondsLeft * 1000);
    this.links.set(id, { info: info && Object.freeze(info), until: at + ttl });
    bounded(this.links, MAX_LINKS);
    return info;
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

  /**
   * Kept bytes, evicted by second chance (CLOCK): a hit only marks the entry used, so the hot
   * path writes nothing to the map; eviction moves a used entry to the back once instead.
   */
  blob(sha: string): Buffer | undefined {
    const b = this.blobs.get(sha);
    if (!b) return undefined;
    b.used = true;
    return b.bytes;
  }

  keepBlob(sha: string, bytes: Buffer): void {
    if (bytes.length > SMALL_BLOB_BYTES || this.blobs.has(sha)) return;
    this.blobs.set(sha, { bytes, used: false });
    this.blobBytes += bytes.length;
    while (this.blobBytes > this.maxBlobBytes) {
      const [oldest, kept] = this.blobs.entries().next().value as [string, { bytes: Buffer; used: boolean }];
      this.blobs.delete(oldest);
      if (kept.used) {
        kept.used = false;
        this.blobs.set(oldest, kept);
      } else {
        this.blobBytes -= kept.bytes.length;
      }
    }
  }

  /** After a revocation, deletion or rename here (and when the test clock moves). */
  forgetAll(): void {
    this.links.clear();
  }
}
