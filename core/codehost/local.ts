// CODE_HOST=local: a working code host inside Podium for self-hosted events and tests.
// Bare repositories live under DATA_DIR/codehost/<owner>/<repo>.git (lowercased, as names
// are case-insensitive on GitHub); api/routes/git/ serves them over git's smart HTTP. An
// account is a Podium user; its login is the code-host username on the roster of the event
// that owns the repository (app_private.local_repositories, core/codehost/ownership.ts).
// Grants live in app_private.local_repository_access; an invitation counts once accepted.
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { git } from './git.ts';
import { authorKey, checkFullName, CodeHostError, type CodeHost, type CommitRecord, type Permission, type Standing } from './types.ts';

export class LocalCodeHost implements CodeHost {
  readonly kind = 'local';
  readonly root: string;

  constructor(dataDir: string, private readonly pool: pg.Pool) {
    this.root = path.join(dataDir, 'codehost');
  }

  repositoryPath(fullName: string): string {
    checkFullName(fullName);
    const [owner, repo] = fullName.toLowerCase().split('/');
    return path.join(this.root, owner!, `${repo}.git`);
  }

  exists(fullName: string): boolean {
    return existsSync(path.join(this.repositoryPath(fullName), 'HEAD'));
  }

  /** An empty repository, once recorded as an event's (event github: the organizer pushes the template into it). */
  async createEmpty(fullName: string, branch = 'main'): Promise<void> {
    if (this.exists(fullName)) return;
    const dir = this.repositoryPath(fullName);
    mkdirSync(path.dirname(dir), { recursive: true });
    await git(['init', '--quiet', '--bare', `--initial-branch=${branch}`, dir]);
  }

  /** The local host is the platform itself: it acts on every organization (created on first use). */
  async appInstalled(_organization: string): Promise<boolean> {
    return true;
  }

  async branchHead(fullName: string, branch: string): Promise<string | null> {
    if (!this.exists(fullName)) return null;
    const out = await git(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}^{commit}`], { cwd: this.repositoryPath(fullName) }).catch(() => '');
    return out.trim() || null;
  }

  /** Every branch and tag with its revision, for telling what a push changed. */
  async refs(fullName: string): Promise<Map<string, string>> {
    const out = await git(['for-each-ref', '--format=%(objectname) %(refname)'], { cwd: this.repositoryPath(fullName) });
    return new Map(out.split('\n').filter(Boolean).map((line) => {
      const [sha, ref] = line.split(' ');
      return [ref!, sha!];
    }));
  }

  async createFromTemplate(template: string, fullName: string, branch: string): Promise<{ created: boolean; sha: string }> {
    const sha = await this.branchHead(template, branch);
    if (!sha) throw new CodeHostError('not_found', `The template ${template} has no branch ${branch}`);
    if (this.exists(fullName)) return { created: false, sha: (await this.branchHead(fullName, branch)) ?? sha };
    const dir = this.repositoryPath(fullName);
    const partial = `${dir}.partial-${process.pid}`;
    mkdirSync(path.dirname(dir), { recursive: true });
    // A copy of the template's branch only, with fresh history as GitHub's "use this template" gives.
    await git(['clone', '--quiet', '--bare', '--single-branch', '--branch', branch, this.repositoryPath(template), partial]);
    await git(['remote', 'remove', 'origin'], { cwd: partial });
    renameSync(partial, dir); // visible only once complete
    return { created: true, sha };
  }

  /** The login is the code-host username named on the roster of the event owning the repository; no owner, no account. */
  private async userOfLogin(fullName: string, login: string): Promise<string | null> {
    const { rows } = await this.pool.query('select app_private.local_account_of($1, $2) as id', [fullName, login]);
    return rows[0]?.id ?? null;
  }

  async invite(fullName: string, login: string, permission: Permission): Promise<void> {
    const userId = await this.userOfLogin(fullName, login);
    if (!userId) throw new CodeHostError('not_found', `No account ${login} on this code host`);
    await this.pool.query(
      `insert into app_private.local_repository_access (full_name, user_id, permission) values ($1, $2, $3)
       on conflict (lower(full_name), user_id) do update set permission = excluded.permission`,
      [fullName, userId, permission],
    );
  }

  async standing(fullName: string, login: string): Promise<Standing> {
    const userId = await this.userOfLogin(fullName, login);
    if (!userId) return 'none';
    const { rows } = await this.pool.query(
      'select accepted_at from app_private.local_repository_access where lower(full_name) = lower($1) and user_id = $2',
      [fullName, userId],
    );
    if (!rows[0]) return 'none';
    return rows[0].accepted_at ? 'member' : 'invited';
  }

  /** Only an accepted grant at maintain pushes (the git route refuses a push at read). */
  async canPush(fullName: string, login: string): Promise<boolean> {
    const userId = await this.userOfLogin(fullName, login);
    if (!userId) return false;
    const { rows } = await this.pool.query(
      `select 1 from app_private.local_repository_access
        where lower(full_name) = lower($1) and user_id = $2 and accepted_at is not null and permission = 'maintain'`,
      [fullName, userId],
    );
    return rows.length > 0;
  }

  async archive(fullName: string, sha: string, outFile: string): Promise<void> {
    if (!/^[0-9a-f]{40}$/.test(sha)) throw new CodeHostError('not_found', 'A capture names a full 40-hex sha');
    if (!this.exists(fullName)) throw new CodeHostError('not_found', `No repository ${fullName}`);
    const cwd = this.repositoryPath(fullName);
    await git(['cat-file', '-e', `${sha}^{commit}`], { cwd }).catch(() => {
      throw new CodeHostError('not_found', `${fullName} has no commit ${sha}`);
    });
    await git(['archive', '--format=tar.gz', '-o', outFile, sha], { cwd });
  }

  async commits(fullName: string, sha: string, limit: number): Promise<CommitRecord[]> {
    if (!/^[0-9a-f]{40}$/.test(sha)) throw new CodeHostError('not_found', 'A history names a full 40-hex sha');
    if (!this.exists(fullName)) throw new CodeHostError('not_found', `No repository ${fullName}`);
    const out = await git(['log', `--max-count=${Math.max(1, Math.min(limit, 10_000))}`, '--format=%H%x1f%ae%x1f%aI%x1f%s%x1e', sha], { cwd: this.repositoryPath(fullName) })
      .catch(() => {
        throw new CodeHostError('not_found', `${fullName} has no commit ${sha}`);
      });
    return out.split('\x1e').map((r) => r.trim()).filter(Boolean).map((r) => {
      const [c, email, at, subject] = r.split('\x1f');
      return { sha: c!, author: authorKey(email ?? ''), at: new Date(at!).toISOString(), subject: subject ?? '' };
    });
  }
}
