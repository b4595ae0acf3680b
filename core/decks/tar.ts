// A small reader for the tar archives `git archive` writes (ustar with pax headers; GNU long
// names too), enough to read the frozen evidence without a dependency. It never touches the
// file system: entries are handed back as (path, bytes). Paths are normalised and anything
// absolute or climbing out (`..`) is dropped, as are links and devices.

export interface TarEntry {
  path: string;
  data: Buffer;
}

export interface TarContents {
  entries: TarEntry[];
  /** The commit `git archive` names in its global pax header (`comment=<sha>`), if any. */
  commit: string | null;
}

export class TarError extends Error {}

const BLOCK = 512;

function str(b: Buffer, off: number, len: number): string {
  const slice = b.subarray(off, off + len);
  const nul = slice.indexOf(0);
  return slice.subarray(0, nul === -1 ? len : nul).toString('utf8');
}

function num(b: Buffer, off: number, len: number): number {
  if (b[off]! & 0x80) {
    // base-256 (GNU) for sizes over 8 GiB: far beyond any limit here
    let n = 0;
    for (let i = off + 1; i < off + len; i++) n = n * 256 + b[i]!;
    return n;
  }
  const s = str(b, off, len).trim();
  if (s === '') return 0;
  if (!/^[0-7]+$/.test(s)) throw new TarError(`bad number field "${s}"`);
  return parseInt(s, 8);
}

function paxRecords(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let i = 0;
  while (i < data.length) {
    const sp = data.indexOf(0x20, i);
    if (sp === -1) break;
    const len = Number(data.subarray(i, sp).toString('ascii'));
    if (!Number.isInteger(len) || len <= 0 || i + len > data.length) throw new TarError('bad pax record');
    const rec = data.subarray(sp + 1, i + len - 1).toString('utf8');
    const eq = rec.indexOf('=');
    if (eq > 0) out[rec.slice(0, eq)] = rec.slice(eq + 1);
    i += len;
  }
  return out;
}

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

/** Reads every regular file of an uncompressed tar. Limits: total bytes and entry count. */
export function readTar(buf: Buffer, limits: { maxEntries: number; maxBytes: number }): TarContents {
  const entries: TarEntry[] = [];
  let commit: string | null = null;
  let total = 0;
  let off = 0;
  let pax: Record<string, string> = {};
  let longName: string | null = null;
  while (off + BLOCK <= buf.length) {
    const h = buf.subarray(off, off + BLOCK);
    if (h.every((x) => x === 0)) break; // end of archive
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i]!;
    if (sum !== num(h, 148, 8)) throw new TarError(`bad header checksum at offset ${off}`);
    const size = num(h, 124, 12);
    const type = String.fromCharCode(h[156]! || 0x30);
    const dataStart = off + BLOCK;
    if (dataStart + size > buf.length) throw new TarError('truncated archive');
    const data = buf.subarray(dataStart, dataStart + size);
    off = dataStart + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'g') {
      const g = paxRecords(data);
      if (g.comment && /^[0-9a-f]{40}$/.test(g.comment)) commit = g.comment;
      continue;
    }
    if (type === 'x') {
      pax = paxRecords(data);
      continue;
    }
    if (type === 'L') {
      longName = str(data, 0, data.length);
      continue;
    }
    const prefix = str(h, 345, 155);
    const name = pax.path ?? longName ?? (prefix ? `${prefix}/${str(h, 0, 100)}` : str(h, 0, 100));
    pax = {};
    longName = null;
    if (type !== '0' && type !== '7') continue; // directories, links, devices: not evidence
    const path = normalisePath(name);
    if (!path) continue;
    total += size;
    if (entries.length >= limits.maxEntries) throw new TarError(`more than ${limits.maxEntries} files`);
    if (total > limits.maxBytes) throw new TarError(`more than ${limits.maxBytes} bytes uncompressed`);
    entries.push({ path, data });
  }
  return { entries, commit };
}
