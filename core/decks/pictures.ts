// Pictures a deck may show (issue 42): the images the README embeds by a relative path, then
// screenshots in the tree (png, jpg, gif, webp under docs/, screenshots/, assets/ and the
// like). A picture is evidence: it is shown as its own bytes from the frozen archive, served
// as a file of the generated deck (pictures/<sha256>.<ext>, under the deck's sandbox), and
// its caption cites its path (and the README line that embeds it). Only raster files whose
// first bytes say what their name says are taken (never SVG: it could carry script), each
// within MAX_PICTURE_BYTES, a few per deck. The template's own pictures are not the team's.
import { createHash } from 'node:crypto';
import type { Evidence, EvidenceFile } from './evidence.ts';
import { VENDORED_DIR } from './manifests.ts';

export type PictureType = 'png' | 'jpeg' | 'gif' | 'webp';

export interface Picture {
  /** Where it is in the archive: what its caption cites. */
  path: string;
  /** The README line that embeds it, when it is embedded. */
  embed: { path: string; line: number } | null;
  /** The README's words for it (alt text), when it gives any. */
  alt: string;
  type: PictureType;
  width: number;
  height: number;
  data: Buffer;
  sha256: string;
  /** Its file in the generated deck (content-addressed). */
  file: string;
}

export const MAX_PICTURES = 4;
/** Raster files whose bytes the evidence keeps (the archive is otherwise text only): enough to
 *  find MAX_PICTURES good ones, never a whole tree of images held in memory. */
export const MAX_CANDIDATES = 12;
/** Smaller than this on a side is an icon or a badge, not a picture of the project. */
const MIN_SIDE = 48;
const SHOT_DIR = /(^|\/)(docs?|screenshots?|screens|assets|images?|img|media|static|public|\.github|resources)\//i;
const SHOT_NAME = /screen|shot|demo|preview|example|ui|app|architecture|diagram/i;
const NOT_A_SHOT = /favicon|apple-touch|icon[-_.]|sprite|badge|spinner|loader/i;

/** Width and height from the file's own header, when its first bytes are the format its name says. */
export function sniff(data: Buffer): { type: PictureType; width: number; height: number } | null {
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47 && data.toString('ascii', 12, 16) === 'IHDR') {
    return { type: 'png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  if (data.length >= 10 && /^GIF8[79]a$/.test(data.toString('ascii', 0, 6))) {
    return { type: 'gif', width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  }
  if (data.length >= 30 && data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP') {
    const chunk = data.toString('ascii', 12, 16);
    if (chunk === 'VP8X') return { type: 'webp', width: 1 + data.readUIntLE(24, 3), height: 1 + data.readUIntLE(27, 3) };
    if (chunk === 'VP8L') {
      const b = data.readUInt32LE(21);
      return { type: 'webp', width: 1 + (b & 0x3fff), height: 1 + ((b >> 14) & 0x3fff) };
    }
    if (chunk === 'VP8 ') return { type: 'webp', width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
    return null;
  }
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) {
    // JPEG: walk the segments to the first start-of-frame
    let i = 2;
    while (i + 9 < data.length) {
      if (data[i] !== 0xff) return null;
      const marker = data[i + 1]!;
      const len = data.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { type: 'jpeg', width: data.readUInt16BE(i + 7), height: data.readUInt16BE(i + 5) };
      }
      i += 2 + len;
    }
  }
  return null;
}

const EXT_TYPE: Record<string, PictureType> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', gif: 'gif', webp: 'webp' };
const FILE_EXT: Record<PictureType, string> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' };

function readmeOf(files: ReadonlyMap<string, EvidenceFile>): string | null {
  const found = [...files.keys()].filter((p) => /^readme(\.(md|markdown|txt|rst))?$/i.test(p.split('/').pop()!) && files.get(p)!.text !== null);
  found.sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  return found[0] ?? null;
}

/** A relative reference from `from` (a file) resolved inside the archive, or null (remote, data:, outside). */
function resolve(from: string, ref: string): string | null {
  let r = ref.trim().replace(/^<|>$/g, '').split(/[?#]/)[0]!;
  if (!r || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(r)) return null;
  try {
    r = decodeURIComponent(r);
  } catch {
    return null;
  }
  const parts = r.startsWith('/') ? [] : from.split('/').slice(0, -1);
  for (const seg of r.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (!parts.length) return null;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join('/') || null;
}

const MD_IMAGE = /!\[([^\]]*)\]\(\s*(<[^>]+>|[^)\s]+)(?:\s+["'][^)]*["'])?\s*\)/g;
const HTML_IMAGE = /<img\b[^>]*>/gi;
const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag)?.slice(2).find((x) => x !== undefined) ?? null;

function embedded(readme: string, text: string): { path: string; line: number; alt: string }[] {
  const out: { path: string; line: number; alt: string }[] = [];
  let fence = false;
  text.split(/\r?\n/).forEach((l, i) => {
    if (/^\s*(```|~~~)/.test(l)) fence = !fence;
    if (fence) return;
    for (const m of l.matchAll(MD_IMAGE)) {
      const p = resolve(readme, m[2]!);
      if (p) out.push({ path: p, line: i + 1, alt: m[1]!.trim() });
    }
    for (const m of l.matchAll(HTML_IMAGE)) {
      const src = attr(m[0], 'src');
      const p = src ? resolve(readme, src) : null;
      if (p) out.push({ path: p, line: i + 1, alt: (attr(m[0], 'alt') ?? '').trim() });
    }
  });
  return out;
}

interface Candidate {
  path: string;
  embed: Picture['embed'];
  alt: string;
}

/** The raster files worth a look, most telling first: the README's relative embeds, then
 *  screenshots in the usual folders (a telling name first); at most MAX_CANDIDATES. `raster`
 *  says whether a path is a raster file of the archive small enough to show. */
export function pictureCandidates(files: ReadonlyMap<string, EvidenceFile>, raster: (path: string) => boolean): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  const add = (c: Candidate) => {
    if (out.length < MAX_CANDIDATES && !seen.has(c.path) && raster(c.path)) out.push(c), seen.add(c.path);
  };
  const readme = readmeOf(files);
  if (readme) for (const e of embedded(readme, files.get(readme)!.text!)) add({ path: e.path, embed: { path: readme, line: e.line }, alt: e.alt });
  [...files.keys()]
    .filter((p) => SHOT_DIR.test(p) && !VENDORED_DIR.test(p) && !NOT_A_SHOT.test(p.split('/').pop()!) && raster(p))
    .sort((a, b) => Number(SHOT_NAME.test(b.split('/').pop()!)) - Number(SHOT_NAME.test(a.split('/').pop()!)) || a.localeCompare(b))
    .forEach((p) => add({ path: p, embed: null, alt: '' }));
  return out;
}

/** The pictures of the frozen tree a deck shows, most telling first (the README's own first). */
export function findPictures(ev: Evidence, template: Evidence | null = null): Picture[] {
  const out: Picture[] = [];
  for (const { path, embed, alt } of pictureCandidates(ev.files, (p) => !!ev.get(p)?.data)) {
    if (out.length >= MAX_PICTURES) break;
    const data = ev.get(path)!.data!;
    const ext = EXT_TYPE[path.slice(path.lastIndexOf('.') + 1).toLowerCase()];
    const s = sniff(data);
    if (!s || s.type !== ext || Math.min(s.width, s.height) < MIN_SIDE) continue;
    const theirs = template?.get(path)?.data;
    if (theirs && theirs.equals(data)) continue; // the event template's picture, not the team's
    const sha256 = createHash('sha256').update(data).digest('hex');
    if (out.some((q) => q.sha256 === sha256)) continue; // the same picture under another name
    out.push({ path, embed, alt, ...s, data, sha256, file: `pictures/${sha256.slice(0, 32)}.${FILE_EXT[s.type]}` });
  }
  return out;
}
