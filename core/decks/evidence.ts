// The evidence reader: the only input of a generated deck besides the commit history is the
// frozen evidence archive `submission-<sha12>.tar.gz`. Its bytes are hashed and compared with
// the sha256 recorded at capture before anything else is read: a tampered (or swapped, or
// truncated) archive is refused, never read. Then it is gunzipped and untarred as a stream
// (tar.ts: bounded, a limit stops the read), and files are offered as text with 1-based lines,
// the unit every citation uses.
import { createHash, timingSafeEqual } from 'node:crypto';
import { pictureCandidates } from './picture-candidates.ts';
import { readTarGz, TarError, type TarEntry } from './tar.ts';

/** Bounds on what one archive may unpack to (an archive bomb is refused, not read). */
export const EVIDENCE_LIMITS = { maxEntries: 50_000, maxBytes: 512 * 1024 * 1024 };
/** Files larger than this are counted (size, language) but not read as text. */
export const MAX_TEXT_BYTES = 512 * 1024;
/** Raster pictures up to this size keep their bytes: a deck may show them (pictures.ts). */
export const MAX_PICTURE_BYTES = 1024 * 1024;
const PICTURE_EXT = /\.(png|jpe?g|gif|webp)$/i;

export class EvidenceError extends Error {
  constructor(
    readonly code: 'tampered' | 'unreadable',
    message: string,
  ) {
    super(message);
  }
}

export interface EvidenceFile {
  path: string;
  size: number;
  /** The file as text, or null: binary, not UTF-8, or over MAX_TEXT_BYTES. */
  text: string | null;
  /** The bytes of a raster picture a deck may show (picture-candidates.ts: at most MAX_CANDIDATES of an
   *  archive, each at most MAX_PICTURE_BYTES); absent for every other file. */
  data?: Buffer;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function asText(data: Buffer): string | null {
  if (data.length > MAX_TEXT_BYTES) return null;
  if (data.subarray(0, 8000).includes(0)) return null;
  try {
    return utf8.decode(data);
  } catch {
    return null;
  }
}

export class Evidence {
  private lineCache = new Map<string, string[]>();

  constructor(
    readonly files: ReadonlyMap<string, EvidenceFile>,
    /** The commit the archive names (git archive's pax comment), when it names one. */
    readonly commit: string | null,
    readonly archiveSha256: string,
  ) {}

  /** Verifies `gz` against `expectedSha256`, then reads it. */
  static async open(gz: Buffer, expectedSha256: string): Promise<Evidence> {
    const actual = createHash('sha256').update(gz).digest();
    const expected = /^[0-9a-f]{64}$/.test(expectedSha256) ? Buffer.from(expectedSha256, 'hex') : Buffer.alloc(32);
    if (!timingSafeEqual(actual, expected)) {
      throw new EvidenceError('tampered', `The evidence archive does not match its recorded sha256 (recorded ${expectedSha256.slice(0, 12)}, read ${actual.toString('hex').slice(0, 12)}): refused, nothing was read`);
    }
    let contents;
    try {
      contents = await readTarGz(gz, EVIDENCE_LIMITS);
    } catch (err) {
      if (err instanceof TarError) {
        throw new EvidenceError('unreadable', `The evidence archive is not a readable ${err.layer === 'gzip' ? 'gzip file' : 'tar'}: ${err.message}`);
      }
      throw err;
    }
    return Evidence.fromEntries(contents.entries, contents.commit, expectedSha256);
  }

  /** The evidence of files already read out of an archive (in archive order: a later entry of
   *  one path wins). */
  static fromEntries(entries: readonly TarEntry[], commit: string | null, archiveSha256: string): Evidence {
    const files = new Map<string, EvidenceFile>();
    const raster = new Map<string, Buffer>();
    for (const e of entries) {
      const f: EvidenceFile = { path: e.path, size: e.data.length, text: asText(e.data) };
      if (f.text === null && e.data.length <= MAX_PICTURE_BYTES && PICTURE_EXT.test(e.path)) raster.set(e.path, e.data);
      files.set(e.path, f);
    }
    // the bytes of the few pictures a deck may show (each entry's bytes are its own buffer)
    for (const c of pictureCandidates(files, (p) => raster.has(p))) files.get(c.path)!.data = raster.get(c.path)!;
    return new Evidence(files, commit, archiveSha256);
  }

  get(path: string): EvidenceFile | undefined {
    return this.files.get(path);
  }

  /** The file's lines (1-based on the wire: lines(path)[0] is line 1), or null when it is not text. */
  lines(path: string): string[] | null {
    const cached = this.lineCache.get(path);
    if (cached) return cached;
    const f = this.files.get(path);
    if (!f || f.text === null) return null;
    const lines = f.text.split(/\r?\n/);
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    this.lineCache.set(path, lines);
    return lines;
  }

  /** Whether lines start..end (1-based, inclusive) exist in `path`. */
  hasLines(path: string, start: number, end: number): boolean {
    const lines = this.lines(path);
    return lines !== null && Number.isInteger(start) && Number.isInteger(end) && start >= 1 && end >= start && end <= lines.length;
  }

  /** Paths in a stable order. */
  paths(): string[] {
    return [...this.files.keys()].sort();
  }

  get totalBytes(): number {
    let n = 0;
    for (const f of this.files.values()) n += f.size;
    return n;
  }
}
