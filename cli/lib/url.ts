// Instance addresses as both CLIs accept them.
import { CliError, EXIT } from './errors.ts';

/** An http(s) URL normalised to origin + path without a trailing slash; never with credentials. */
export function normalizeUrl(raw: string, what: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new CliError(`${what} is not a URL: ${raw}`, EXIT.rejected, 'invalid_input');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new CliError(`${what} must be an http(s) URL: ${raw}`, EXIT.rejected, 'invalid_input');
  if (u.username || u.password) throw new CliError(`${what} must not carry credentials`, EXIT.rejected, 'invalid_input');
  return (u.origin + u.pathname).replace(/\/+$/, '');
}

/** A profile is named after its instance's host, with :port when the port is not the default. */
export function profileNameForUrl(url: string): string {
  return new URL(url).host; // URL.host omits default ports
}
