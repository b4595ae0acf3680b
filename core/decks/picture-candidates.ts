// Which raster files of an archive may be worth showing, most telling first: the README's
// relative embeds, then screenshots in the usual folders. The evidence reader asks this while
// it unpacks (to keep those files' bytes and no others'), and pictures.ts asks it again to pick
// the pictures a deck shows; it reads only paths and text, so it depends on neither.
import { VENDORED_DIR } from './paths.ts';

/** What this needs of an archive's file: its text, null when it is not read as text. */
interface TextFile {
  text: string | null;
}

/** Raster files whose bytes the evidence keeps (the archive is otherwise text only): enough to
 *  find MAX_PICTURES good ones, never a whole tree of images held in memory. */
export const MAX_CANDIDATES = 12;
const SHOT_DIR = /(^|\/)(docs?|screenshots?|screens|assets|images?|img|media|static|public|\.github|resources)\//i;
const SHOT_NAME = /screen|shot|demo|preview|example|ui|app|architecture|diagram/i;
const NOT_A_SHOT = /favicon|apple-touch|icon[-_.]|sprite|badge|spinner|loader/i;

function readmeOf(files: ReadonlyMap<string, TextFile>): string | null {
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

export interface Candidate {
  path: string;
  embed: { path: string; line: number } | null;
  alt: string;
}

/** The raster files worth a look, most telling first: the README's relative embeds, then
 *  screenshots in the usual folders (a telling name first); at most MAX_CANDIDATES. `raster`
 *  says whether a path is a raster file of the archive small enough to show. */
export function pictureCandidates(files: ReadonlyMap<string, TextFile>, raster: (path: string) => boolean): Candidate[] {
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

