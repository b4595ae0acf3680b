// Reading the `.tar.gz` archives `git archive` writes (ustar with pax headers; GNU long names
// too): a streaming gunzip (node:zlib) into tar-stream, so an archive is unpacked a chunk at a
// time and a limit stops the read where it is crossed, never after inflating everything. It
// never touches the file system: entries are handed back as (path, bytes). Paths are normalised
// and anything absolute or climbing out (`..`) is dropped, as are links and devices.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';

export interface TarEntry {
  path: string;
  data: Buffer;
}

export interface TarContents {
  entries: TarEntry[];
  /** The commit `git archive` names in its global pax header (`comment=<sha>`), if any. */
  commit: string | null;
}

/** An archive that cannot be read: `layer` says whether the gzip stream or the tar inside failed. */
export class TarError extends Error {
  constructor(
    message: string,
    readonly layer: 'gzip' | 'tar' = 'tar',
  ) {
    super(message);
  }
}

export interface TarLimits {
  maxEntries: number;
  /** Total bytes of the regular files read. */
  maxBytes: number;
}

/** The tar stream itself (headers, padding, skipped entries) may exceed the files' bytes by this. */
const STREAM_SLACK = 1024 * 1024;
/** A buffer is fed to gunzip in slices of this size, so back-pressure applies within it. */
const SLICE = 64 * 1024;

/** A relative path without `.`/`..` segments, or null when the entry must be dropped. */
export function normalisePath(raw: string): string | null {
  const parts: string[] = [];
  for (const seg of raw.replace(/\\/g, '/').split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') return null;
    parts.push(seg);
  }
  if (raw.startsWith('/') || parts.length === 0) return null;
  return parts.join('/');
}

function* slices(buf: Buffer): Generator<Buffer> {
  for (let i = 0; i < buf.length; i += SLICE) yield buf.subarray(i, i + SLICE);
}

/** tar-stream keeps the last global pax header (`git archive` writes one, first, naming the
 *  commit) for itself and merges it only into per-file pax headers; read it where it keeps it. */
function globalPax(ex: object): Record<string, string> | null {
  const g = (ex as { _paxGlobal?: unknown })._paxGlobal;
  return g && typeof g === 'object' ? (g as Record<string, string>) : null;
}

/** tar-stream's wording for a broken archive, in this reader's words. */
function tarMessage(err: Error): string {
  if (/Unexpected end of data/.test(err.message)) return 'truncated archive';
  if (/Invalid tar header/.test(err.message)) return 'bad header';
  return err.message;
}

/** Reads every regular file of a gzipped tar (a buffer, or a stream of one). Limits: total
 *  bytes of the files and entry count; crossing either stops the read at that entry's header. */
export async function readTarGz(input: Buffer | Readable, limits: TarLimits): Promise<TarContents> {
  const source = Buffer.isBuffer(input) ? Readable.from(slices(input)) : input;
  const gunzip = createGunzip();
  let gzipError: Error | null = null;
  gunzip.on('error', (err) => (gzipError ??= err));
  const ex = extract({ allowUnknownFormat: true } as Parameters<typeof extract>[0]); // v7 headers too, as git may write
  const cap = limits.maxBytes + STREAM_SLACK;
  let inflated = 0;
  const piped = pipeline(
    source,
    gunzip,
    async function* bounded(chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        inflated += chunk.length;
        if (inflated > cap) throw new TarError(`it unpacks to more than ${cap} bytes`, 'gzip');
        yield chunk;
      }
    },
    ex,
  );
  piped.catch(() => {}); // its failure is seen (and classified) through the entries below

  const entries: TarEntry[] = [];
  let total = 0;
  let commit: string | null = null;
  try {
    for await (const entry of ex) {
      const h = entry.header;
      const path = h.type === 'file' || h.type === 'contiguous-file' ? normalisePath(h.name) : null;
      if (!path) {
        entry.resume(); // directories, links, devices, unsafe paths: not evidence
        continue;
      }
      total += h.size;
      if (entries.length >= limits.maxEntries) throw new TarError(`more than ${limits.maxEntries} files`);
      if (total > limits.maxBytes) throw new TarError(`more than ${limits.maxBytes} bytes uncompressed`);
      const parts: Buffer[] = [];
      for await (const chunk of entry) parts.push(chunk as Buffer);
      entries.push({ path, data: Buffer.concat(parts) });
    }
    await piped;
  } catch (err) {
    source.destroy();
    gunzip.destroy();
    if (err instanceof TarError) throw err;
    if (gzipError) throw new TarError((gzipError as Error).message, 'gzip');
    throw new TarError(tarMessage(err as Error));
  }
  const g = globalPax(ex);
  if (g?.comment && /^[0-9a-f]{40}$/.test(g.comment)) commit = g.comment;
  return { entries, commit };
}
