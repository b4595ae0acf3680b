// The code-host login rule the client checks before sending anything: letters, digits,
// single hyphens (not first or last), at most 39 characters; a leading @ is dropped.
import { CliError, EXIT } from './errors.ts';

const LOGIN = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;

export function githubLogin(raw: string): string {
  const login = raw.trim().replace(/^@/, '');
  if (!LOGIN.test(login) || login.length > 39) {
    throw new CliError(`"${raw}" is not a GitHub username: letters, digits and single hyphens, at most 39 characters`, EXIT.rejected, 'invalid_github_login');
  }
  return login;
}
