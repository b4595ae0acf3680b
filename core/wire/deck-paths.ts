// Manifest path rules of the deck wire contract, shared by the server (refused at commit)
// and deckcli (skipped at push, refused at pull). Pure: no imports, no I/O.

export const LOCKFILES = new Set([
  'package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lockb', 'bun.lock',
  'deno.lock', 'composer.lock', 'Gemfile.lock', 'Cargo.lock', 'poetry.lock', 'Pipfile.lock', 'uv.lock', 'go.sum',
]);

/** Names never published, wherever they stand: the spec's always-skipped list. */
export function isExcludedName(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules' || name === 'Thumbs.db' || name === 'package.json' || LOCKFILES.has(name);
}

export const MAX_PATH_LENGTH = 1024;

/**
 * Why a manifest path is refused, or null when it is fine. Paths are relative, use `/`,
 * and name a file: no absolute paths, `..`, empty segments, backslashes, NUL or control
 * characters, and no excluded name in any segment.
 */
export function manifestPathProblem(p: string): string | null {
  if (typeof p !== 'string' || p.length === 0) return 'is empty';
  if (p.length > MAX_PATH_LENGTH) return `is longer than ${MAX_PATH_LENGTH} characters`;
  if (/[\u0000-\u001f\u007f]/.test(p)) return 'holds a control character';
  if (p.includes('\\')) return 'holds a backslash';
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p)) return 'is absolute';
  const segments = p.split('/');
  for (const s of segments) {
    if (s === '') return 'has an empty segment';
    if (s === '..' || s === '.') return 'climbs out of the deck';
    if (isExcludedName(s)) return `holds an excluded name (${s})`;
  }
  return null;
}

/** Attachments are the files under downloads/ at the deck root. */
export function isAttachment(p: string): boolean {
  return p.startsWith('downloads/') && p.length > 'downloads/'.length;
}

/**
 * The entry of a deck (push's rule, shared by deckcli and the agent tool): the explicit one
 * when it is one of the files, else index.html, else the only .html file outside
 * downloads/. A single-file publish uses that file, which must be .html.
 */
export function chooseEntry(paths: string[], explicit?: string, singleFile?: string | null): { entry: string } | { code: string; message: string } {
  const all = new Set(paths);
  if (explicit) {
    const wanted = explicit.replace(/^\.\//, '');
    return all.has(wanted) ? { entry: wanted } : { code: 'invalid_entry', message: `--entry ${explicit} is not one of the files being published` };
  }
  if (singleFile) {
    return /\.html?$/i.test(singleFile) ? { entry: singleFile } : { code: 'invalid_entry', message: `${singleFile} is not an HTML file; a single-file push publishes an .html entry` };
  }
  if (all.has('index.html')) return { entry: 'index.html' };
  const html = paths.filter((p) => /\.html?$/i.test(p) && !isAttachment(p));
  if (html.length === 1) return { entry: html[0] };
  if (html.length === 0) return { code: 'no_entry', message: 'no .html file to use as the entry; add index.html or pass --entry' };
  return { code: 'ambiguous_entry', message: `several .html files could be the entry; pass --entry with one of:\n${html.map((p) => `  ${p}`).join('\n')}` };
}
