// CODE_HOST=local: a working code host inside Podium for self-hosted events and tests.
// Bare repositories live under DATA_DIR/codehost/<owner>/<repo>.git (lowercased, as names
// are case-insensitive on GitHub); api/routes/git/ serves them over git's smart HTTP. An
// account is a Podium user; its login is the code-host username on the roster of the event
// that owns the repository (app_private.local_repositories, core/codehost/ownership.ts).
// Grants live in app_private.local_repository_access; an invitation counts once accepted.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { git } from './git.ts';
import { POST_RECEIVE_HOOK } from './git-log.ts';
import { authorKey, checkFullName, CodeHostError, type CodeHost, type CommitRecord, type Permission, type Standing } from './types.ts';

export class LocalCodeHost implements CodeHost {
  readonly kind = 'local';
  readonly root: string;

  constructor(dataDir: string, private readonly pool: pg.Pool) {
    this.root = path.join(dataDir, 'codehost');
  }

  /**
   * The hooks directory git http-backend runs pushes with (core.hooksPath, set in its
   * environment only): a post-receive hook that hands git's list of updated refs back to the
   * API (api/routes/git) in a file under its `reports/`. Outside the repository tree, so no
   * repository name reaches it. Written once.
   */
  pushHooks(): string {
    const dir = path.join(path.dirname(this.root), 'codehost-hooks');
    const hook = path.join(dir, 'post-receive');
    mkdirSync(path.join(dir, 'reports'), { recursive: true });
    if (!existsSync(hook) || readFileSync(hook, 'utf8') !== POST_RECEIVE_HOOK) {
      writeFileSync(`${hook}.${process.pid}`, POST_RECEIVE_HOOK, { mode: 0o755 });
      renameSync(`${hook}.${process.pid}`, hook); // whole or not at all, also beside another replica
    }
    return dir;
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

  async createFromTemplate(template: string, fullName: string, branch: string): Promise<{ created: boolean; sha: string }> {
    // A repository already made (a re-run) answers its own head: one git call, not two.
    const own = this.exists(fullName) ? await this.branchHead(fullName, branch) : null;
    const sha = own ?? await this.branchHead(template, branch);
    if (!sha) throw new CodeHostError('not_found', `The template ${template} has no branch ${branch}`);
    if (own || this.exists(fullName)) return { created: false, sha };
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

  /**
   * Every grant in one statement (provisioning: a team's members and the coaches): accounts
   * resolved on the owning event's roster, a later grant of one account wins as one-by-one
   * `invite` would, and the first login with no account throws after the rest are recorded.
   */
  async inviteAll(fullName: string, grants: { login: string; permission: Permission }[]): Promise<void> {
    if (grants.length === 0) return;
    const { rows } = await this.pool.query(
      `with g as (select g.login, g.permission, g.ord, app_private.local_account_of($1, g.login) as user_id
                    from unnest($2::text[], $3::text[]) with ordinality as g (login, permission, ord)),
            ins as (insert into app_private.local_repository_access (full_name, user_id, permission)
                    select distinct on (g.user_id) $1, g.user_id, g.permission from g where g.user_id is not null order by g.user_id, g.ord desc
                    on conflict (lower(full_name), user_id) do update set permission = excluded.permission)
       select g.login from g where g.user_id is null order by g.ord`,
      [fullName, grants.map((g) => g.login), grants.map((g) => g.permission)],
    );
    if (rows[0]) throw new CodeHostError('not_found', `No account ${rows[0].login} on this code host`);
  }

  /** The standings of several logins in one query, in their order. */
  async standings(fullName: string, logins: string[]): Promise<Standing[]> {
    if (logins.length === 0) return [];
    const { rows } = await this.pool.query(
      `select case when a.user_id is null then 'none' when a.accepted_at is null then 'invited' else 'member' end as s
         from unnest($2::text[]) with ordinality as g (login, ord)
         left join app_private.local_repository_access a
           on lower(a.full_name) = lower($1) and a.user_id = app_private.local_account_of($1, g.login)
        order by g.ord`,
      [fullName, logins],
    );
    return rows.map((r) => r.s as Standing);
  }

  /**
   * Deletes the grant (accepted or not) of the account `login` names on the event's roster. A
   * roster change already deleted the grants it no longer gives in its own transaction;
   * this is the driver's twin of GitHub's collaborator removal. Idempotent.
   */
  async revoke(fullName: string, login: string): Promise<void> {
    checkFullName(fullName);
    const userId = await this.userOfLogin(fullName, login);
    if (!userId) return;
    await this.pool.query('delete from app_private.local_repository_access where lower(full_name) = lower($1) and user_id = $2', [fullName, userId]);
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
    // one record per commit (RS first), then git's --shortstat line for it (none for a merge)
    const out = await git(['log', `--max-count=${Math.max(1, Math.min(limit, 10_000))}`, '--shortstat', '--format=%x1e%H%x1f%ae%x1f%aI%x1f%cI%x1f%P%x1f%s', sha], { cwd: this.repositoryPath(fullName) })
      .catch(() => {
        throw new CodeHostError('not_found', `${fullName} has no commit ${sha}`);
      });
    return out.split('\x1e').filter((r) => r.trim()).map((r) => {
      const nl = r.indexOf('\n');
      const [c, email, at, committed, parents, subject] = (nl < 0 ? r : r.slice(0, nl)).split('\x1f');
      const stat = nl < 0 ? '' : r.slice(nl);
      const n = (re: RegExp) => Number(re.exec(stat)?.[1] ?? 0);
      return {
        sha: c!, author: authorKey(email ?? ''), at: new Date(at!).toISOString(), subject: subject ?? '',
        committedAt: new Date(committed!).toISOString(), parents: (parents ?? '').split(' ').filter(Boolean),
        files: n(/(\d+) files? changed/), added: n(/(\d+) insertions?\(\+\)/), deleted: n(/(\d+) deletions?\(-\)/),
      };
    });
  }
}
