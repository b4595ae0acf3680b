// `.deckcliignore` in the deck root: `#` comments, `*`, `?`, `**`; a trailing `/` means
// directories only; a pattern with a `/` is anchored to the deck root, otherwise it
// matches any path segment; no `!` negation. At most 256 characters and 8 `**` per
// pattern (bounded matching cost); anything else is an error naming the line.
import { CliError, EXIT } from '../../lib/errors.ts';

export const MAX_PATTERN_LENGTH = 256;
export const MAX_GLOBSTARS = 8;

export interface IgnoreRule {
  line: number;
  pattern: string;
  dirOnly: boolean;
  anchored: boolean;
  regex: RegExp;
}

function globToRegex(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      const before = i === 0 || glob[i - 1] === '/';
      const after = glob[i + 2] === '/' || i + 2 === glob.length;
      if (before && glob[i + 2] === '/') {
        out += '(?:[^/]*/)*'; // `**/`: any number of whole directories
        i += 2;
      } else if (before && after) {
        out += '.*'; // trailing `**`
        i += 1;
      } else {
        out += '[^/]*'; // `**` inside a name acts as `*`
        i += 1;
      }
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return out;
}

export function parseIgnore(text: string, file = '.deckcliignore'): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const pattern = raw.trim();
    if (!pattern || pattern.startsWith('#')) return;
    const where = `${file} line ${line}`;
    if (pattern.length > MAX_PATTERN_LENGTH) throw new CliError(`${where}: a pattern is at most ${MAX_PATTERN_LENGTH} characters (this one has ${pattern.length})`, EXIT.rejected, 'invalid_ignore');
    const globstars = pattern.match(/\*\*/g)?.length ?? 0;
    if (globstars > MAX_GLOBSTARS) throw new CliError(`${where}: a pattern holds at most ${MAX_GLOBSTARS} ** wildcards (this one has ${globstars})`, EXIT.rejected, 'invalid_ignore');
    if (pattern.startsWith('!')) throw new CliError(`${where}: ! negation is not supported`, EXIT.rejected, 'invalid_ignore');
    const dirOnly = pattern.endsWith('/');
    let body = dirOnly ? pattern.replace(/\/+$/, '') : pattern;
    const anchored = body.includes('/');
    body = body.replace(/^\/+/, '');
    if (!body) throw new CliError(`${where}: the pattern names nothing`, EXIT.rejected, 'invalid_ignore');
    rules.push({ line, pattern, dirOnly, anchored, regex: new RegExp(`^${globToRegex(body)}$`) });
  });
  return rules;
}

/** Whether a path (relative, `/`-separated) is ignored; directories are asked with isDir. */
export function ignored(rules: IgnoreRule[], relPath: string, isDir: boolean): boolean {
  const name = relPath.slice(relPath.lastIndexOf('/') + 1);
  return rules.some((r) => (!r.dirOnly || isDir) && (r.anchored ? r.regex.test(relPath) : r.regex.test(name)));
}
