// Setup steps 5 and 6: clone the team repository into a missing or empty directory, or
// resume a directory that already is its clone (one `git fetch origin`, never a merge or a
// reset; local changes counted and kept). Any other non-empty directory is a conflict and
// is not touched. The clone URL carries no credential: for repositories on this instance's
// own code host git asks `hackathon git-credential` (a credential helper handed to git in
// its environment for the clone, then kept in the clone's config); on GitHub git uses the
// person's own credential helper.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { CliError, EXIT } from '../../lib/errors.ts';
import { run, type Ran } from '../../lib/run.ts';
import type { RepositoryAssignment } from '../bootstrap.ts';

export interface Placement {
  mode: 'cloned' | 'resumed';
  localChanges: number;
  /** Why the resume fetch did not complete (the clone is kept either way). */
  fetchProblem: string | null;
}

export interface GitSession {
  env: NodeJS.ProcessEnv;
  echo: (line: string) => void;
  /** `credential.<origin>.helper` for repositories on the instance's code host, else null. */
  helper: { key: string; value: string } | null;
}

/**
 * Which repository a remote URL names, comparable across https, ssh and scp-like forms:
 * `host/path` lower-cased, without port, user, `.git` or surrounding slashes.
 */
export function repositoryIdentity(remote: string): string | null {
  const r = remote.trim();
  let host: string;
  let rest: string;
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/\/)(.+)$/.exec(r);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(r)) {
    try {
      const u = new URL(r);
      host = u.hostname;
      rest = decodeURIComponent(u.pathname);
    } catch {
      return null;
    }
  } else if (scp) {
    [, host, rest] = scp as unknown as [string, string, string];
  } else return null;
  const clean = rest.replace(/^\/+|\/+$/g, '').replace(/\.git$/i, '');
  return clean ? `${host.toLowerCase()}/${clean.toLowerCase()}` : null;
}

export function sameRepository(a: string, b: string): boolean {
  const x = repositoryIdentity(a);
  return x !== null && x === repositoryIdentity(b);
}

/** The credential helper in git's environment (GIT_CONFIG_*), so no argv carries it. */
function gitEnv(s: GitSession): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...s.env, GIT_TERMINAL_PROMPT: '0', GCM_INTERACTIVE: 'never' };
  if (s.helper) Object.assign(env, { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: s.helper.key, GIT_CONFIG_VALUE_0: s.helper.value });
  return env;
}

const git = (s: GitSession, args: string[], timeoutMs = 10 * 60_000): Promise<Ran> =>
  run('git', args, { env: gitEnv(s), echo: s.echo, timeoutMs });

const REFUSED = /Authentication failed|could not read (Username|Password)|terminal prompts disabled|\b40[13]\b|Repository not found|not found|denied|Permission/i;

/** git's own reason: its last `fatal:` or `remote:` line, else its first line. */
const gitReason = (s: string) => s.trim().split('\n').filter((l) => l.startsWith('fatal:') || l.startsWith('remote:')).at(-1) ?? s.trim().split('\n')[0] ?? '';

function hostRefused(repo: RepositoryAssignment, r: Ran, helper: boolean): CliError {
  const how = helper
    ? 'check that your key is still valid (hackathon whoami) and that you accepted the invitation (hackathon connect)'
    : `sign in to ${new URL(repo.cloneUrl).host} in git as your roster account (a credential helper or credential manager) and accept the invitation (hackathon connect shows it)`;
  return new CliError(`the code host refused access to ${repo.fullName}: ${gitReason(r.err)}; ${how}, then run setup again`, EXIT.access, 'code_host_refused');
}

function isEmptyDir(dir: string): boolean {
  return readdirSync(dir).length === 0;
}

async function cloneInto(dir: string, repo: RepositoryAssignment, s: GitSession): Promise<Placement> {
  const created = !existsSync(dir);
  mkdirSync(path.dirname(dir), { recursive: true });
  const r = await git(s, ['clone', '--branch', repo.branch, '--', repo.cloneUrl, dir]);
  if (r.code === 0) {
    if (s.helper) await keepHelper(dir, s);
    return { mode: 'cloned', localChanges: 0, fetchProblem: null };
  }
  // Nothing half-written: what git left behind goes, an existing empty directory stays empty.
  if (created) rmSync(dir, { recursive: true, force: true });
  else for (const entry of readdirSync(dir)) rmSync(path.join(dir, entry), { recursive: true, force: true });
  if (r.timedOut) throw new CliError(`git clone of ${repo.fullName} did not finish within 10 minutes`, EXIT.environment, 'clone_failed');
  if (/Remote branch .* not found|Could not find remote branch/i.test(r.err)) {
    throw new CliError(`branch ${repo.branch} does not exist in ${repo.fullName} yet: ask an organizer to finish provisioning the team repositories (hackathon admin provision)`, EXIT.access, 'branch_missing');
  }
  if (REFUSED.test(r.err)) throw hostRefused(repo, r, s.helper !== null);
  throw new CliError(`git clone of ${repo.fullName} failed: ${gitReason(r.err) || `git exited ${r.code}`}`, EXIT.environment, 'clone_failed');
}

/** The clone keeps asking `hackathon git-credential` for this instance, so pushes work later. */
async function keepHelper(dir: string, s: GitSession): Promise<void> {
  const r = await git(s, ['-C', dir, 'config', s.helper!.key, s.helper!.value]);
  if (r.code !== 0) throw new CliError(`could not configure the credential helper in ${dir}: ${gitReason(r.err)}`, EXIT.environment, 'clone_failed');
}

async function resume(dir: string, repo: RepositoryAssignment, s: GitSession): Promise<Placement> {
  const conflict = (why: string) =>
    new CliError(`${dir} is not empty and ${why}: nothing was touched; pass --directory <another path>, or move it away`, EXIT.conflict, 'directory_conflict');
  if (!existsSync(path.join(dir, '.git'))) throw conflict(`is not a clone of ${repo.fullName}`);
  const origin = await git(s, ['-C', dir, 'remote', 'get-url', 'origin'], 15_000);
  if (origin.code !== 0) throw conflict('its git repository has no origin');
  if (!sameRepository(origin.out, repo.cloneUrl)) throw conflict(`its origin is ${origin.out.trim()}, not ${repo.fullName}`);
  if (s.helper) await keepHelper(dir, s);
  const fetched = await git(s, ['-C', dir, 'fetch', 'origin']);
  let fetchProblem: string | null = null;
  if (fetched.code !== 0) {
    if (REFUSED.test(fetched.err) && !/Could not resolve host|Connection refused|timed out/i.test(fetched.err)) throw hostRefused(repo, fetched, s.helper !== null);
    fetchProblem = fetched.timedOut ? 'git fetch did not finish within 10 minutes' : gitReason(fetched.err) || `git exited ${fetched.code}`;
  }
  const status = await git(s, ['-C', dir, 'status', '--porcelain'], 60_000);
  const localChanges = status.code === 0 ? status.out.split('\n').filter(Boolean).length : 0;
  return { mode: 'resumed', localChanges, fetchProblem };
}

export async function placeClone(dir: string, repo: RepositoryAssignment, s: GitSession): Promise<Placement> {
  if (existsSync(dir) && !statSync(dir).isDirectory()) {
    throw new CliError(`${dir} is a file, not a directory: nothing was touched; pass --directory <another path>`, EXIT.conflict, 'directory_conflict');
  }
  return !existsSync(dir) || isEmptyDir(dir) ? cloneInto(dir, repo, s) : resume(dir, repo, s);
}
