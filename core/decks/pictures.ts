// Pictures a deck may show: the images the README embeds by a relative path, then
// screenshots in the tree (png, jpg, gif, webp under docs/, screenshots/, assets/ and the
// like). A picture is evidence: it is shown as its own bytes from the frozen archive, served
// as a file of the generated deck (pictures/<sha256>.<ext>, under the deck's sandbox), and
// its caption cites its path (and the README line that embeds it). Only raster files whose
// first bytes say what their name says are taken (never SVG: it could carry script), each
// within MAX_PICTURE_BYTES, a few per deck. The template's own pictures are not the team's.
import { createHash } from 'node:crypto';
import type { Evidence } from './evidence.ts';
import { pictureCandidates } from './picture-candidates.ts';

export { MAX_CANDIDATES } from './picture-candidates.ts';

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
/** Smaller than this on a side is an icon or a badge, not a picture of the project. */
const MIN_SIDE = 48;

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
