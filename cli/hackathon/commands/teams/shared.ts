// What the teams verbs share: the slug rule (checked before any request, exit 2) and the
// path of one team.
import { CliError, EXIT } from '../../../lib/errors.ts';

/** The server's slug rule: lowercase letters and digits in hyphen-separated words, at most 50. */
export function slugArg(slug: string, flag: string): string {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) || slug.length > 50) {
    throw new CliError(`${flag} must be lowercase letters and digits in words joined by single hyphens, at most 50 characters (e.g. design-crew), got ${JSON.stringify(slug)}`, EXIT.rejected, 'invalid_input');
  }
  return slug;
}

/** A team name: 1 to 100 characters, no control characters. */
export function nameArg(name: string): string {
  if (!name.trim() || name.length > 100 || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new CliError('--name must be 1 to 100 characters without control characters', EXIT.rejected, 'invalid_input');
  }
  return name;
}

