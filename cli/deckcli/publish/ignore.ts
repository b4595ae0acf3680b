// `.deckcliignore` in the deck root, matched by the `ignore` package (.gitignore's rules, case
// sensitive): `#` comments, `*`, `?`, `**`; a trailing `/` means directories only; a pattern
// with a `/` is anchored to the deck root, otherwise it matches any path segment. Checked here
// first, each an error naming the line: no `!` negation, at most 256 characters and 8 `**` per
// pattern (bounded matching cost), a pattern names something.
import ignore, { type Ignore } from 'ignore';
import { CliError, EXIT } from '../../lib/errors.ts';

export const MAX_PATTERN_LENGTH = 256;
export const MAX_GLOBSTARS = 8;

/** The rules of one ignore file. */
export type IgnoreRules = Ignore;

export function parseIgnore(text: string, file = '.deckcliignore'): IgnoreRules {
  const patterns: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const pattern = raw.trim();
    if (!pattern || pattern.startsWith('#')) return;
    const where = `${file} line ${line}`;
    if (pattern.length > MAX_PATTERN_LENGTH) throw new CliError(`${where}: a pattern is at most ${MAX_PATTERN_LENGTH} characters (this one has ${pattern.length})`, EXIT.rejected, 'invalid_ignore');
    const globstars = pattern.match(/\*\*/g)?.length ?? 0;
    if (globstars > MAX_GLOBSTARS) throw new CliError(`${where}: a pattern holds at most ${MAX_GLOBSTARS} ** wildcards (this one has ${globstars})`, EXIT.rejected, 'invalid_ignore');
    if (pattern.startsWith('!')) throw new CliError(`${where}: ! negation is not supported`, EXIT.rejected, 'invalid_ignore');
    if (!pattern.replace(/\/+/g, '')) throw new CliError(`${where}: the pattern names nothing`, EXIT.rejected, 'invalid_ignore');
    patterns.push(pattern);
  });
  return ignore({ ignorecase: false }).add(patterns);
}

/** Whether a path (relative, `/`-separated) is ignored; directories are asked with isDir. */
export function ignored(rules: IgnoreRules, relPath: string, isDir: boolean): boolean {
  return rules.ignores(isDir ? `${relPath}/` : relPath);
}
