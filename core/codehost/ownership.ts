// Which event owns an organization or a repository on the code host. A name an organizer
// typed proves nothing (sql/migrations/000021_codehost_ownership.sql):
// - local host: rows decide. `event github` claims the organization and records the template;
//   provisioning records each team repository before creating it; a repository on disk with
//   no row is never adopted.
// - GitHub: the app installation decides. Its id, read live with the app JWT, is held by the
//   first event that verified it (event github, provisioning); another event is refused.
// Used by github-check and the provisioning plan (problems), the provisioning job (preflight
// and each repository) and the bootstrap record (before a standing read).
import type pg from 'pg';
import { GithubCodeHost } from './github.ts';
import { LocalCodeHost } from './local.ts';
import { CodeHostError, type CodeHost } from './types.ts';

/**
 * held: this event's. free: (GitHub) installed but verified by no event yet. taken: another
 * event's (or, locally, retired). unclaimed: (local) no event claimed it. not_installed:
 * (GitHub) the app is not installed there.
 */
export type OrganizationStanding = 'held' | 'free' | 'taken' | 'unclaimed' | 'not_installed';
/** A repository of the local host for an event (app_private.local_repository_standing). */
export type RepositoryStanding = 'owned' | 'missing' | 'unowned' | 'taken';

const ownerOf = (fullName: string) => fullName.split('/')[0]!;

export class EventOwnership {
  /**
   * `hold`: on GitHub, a free installation becomes this event's (writes: event github,
   * provisioning); without it nothing is recorded (reads: github-check, plan, standing).
   */
  constructor(
    private readonly pool: pg.Pool,
    readonly host: CodeHost,
    readonly eventId: string,
    private readonly hold = false,
  ) {}

  private async one(sql: string, params: unknown[]): Promise<string> {
    return (await this.pool.query(`select ${sql} as v`, params)).rows[0].v;
  }

  private standings = new Map<string, Promise<OrganizationStanding>>();

  /** Whose `login` is for this event; asked once per instance (one request, one job run). */
  organization(login: string): Promise<OrganizationStanding> {
    const key = login.toLowerCase();
    let s = this.standings.get(key);
    if (!s) {
      s = this.readOrganization(login);
      s.catch(() => this.standings.delete(key)); // a failed read is asked again
      this.standings.set(key, s);
    }
    return s;
  }

  private async readOrganization(login: string): Promise<OrganizationStanding> {
    if (this.host instanceof GithubCodeHost) {
      const id = await this.host.installationId(login, this.hold);
      if (id === null) return 'not_installed';
      return (this.hold
        ? this.one('app_private.hold_github_installation($1, $2, $3)', [this.eventId, login, id])
        : this.one('app_private.github_installation_standing($1, $2)', [this.eventId, id])) as Promise<OrganizationStanding>;
    }
    const s = await this.one('app_private.local_organization_standing($1, $2)', [this.eventId, login]);
    return (s === 'free' ? 'unclaimed' : s) as OrganizationStanding;
  }

  /** A repository of the local host: its row, or whether it sits on disk without one. */
  async localRepository(fullName: string): Promise<RepositoryStanding> {
    const host = this.host as LocalCodeHost;
    return (await this.one('app_private.local_repository_standing($1, $2, $3)', [this.eventId, fullName, host.exists(fullName)])) as RepositoryStanding;
  }

  /**
   * Whether this event may read `fullName` (standing reads). On GitHub: its organization's
   * installation is this event's, or nobody's yet (a read never holds; an event provisioned
   * before ownership was recorded keeps its standing until its next provisioning holds it).
   */
  async ownsRepository(fullName: string): Promise<boolean> {
    if (this.host instanceof GithubCodeHost) {
      const s = await this.organization(ownerOf(fullName));
      return s === 'held' || s === 'free';
    }
    return (await this.one('app_private.local_repository_owner($1)', [fullName])) === this.eventId;
  }

  /**
   * Before provisioning `fullName`: on the local host it is recorded as this event's first
   * (refused when another event's, its organization not claimed, or on disk with no owner);
   * on GitHub its organization must be held. Throws a CodeHostError with the sentence.
   */
  async claimRepository(fullName: string): Promise<void> {
    if (this.host instanceof GithubCodeHost) {
      const s = await this.organization(ownerOf(fullName));
      if (s !== 'held') {
        throw new CodeHostError('refused', organizationProblem('github', ownerOf(fullName), s) ?? `The GitHub App installation on ${ownerOf(fullName)} is not verified for this event yet`);
      }
      return;
    }
    const host = this.host as LocalCodeHost;
    const s = await this.one('app_private.own_local_repository($1, $2, $3)', [this.eventId, fullName, host.exists(fullName)]);
    if (s === 'owned') return;
    throw new CodeHostError('refused', s === 'unowned'
      ? `${fullName} exists on the code host without an owner; it is never adopted: an operator must remove it`
      : s === 'unclaimed'
        ? `The organization ${ownerOf(fullName)} is not claimed by this event on the code host: run hackathon event github again`
        : `${fullName} belongs to another workspace on this code host`);
  }

  /**
   * The ownership problems of the organization and the template's owner (one sentence each),
   * and whether the template may be read at all: never one of another workspace.
   */
  async problems(organization: string | null, template: string | null): Promise<{ problems: string[]; readTemplate: boolean }> {
    const problems: string[] = [];
    let readTemplate = template !== null;
    const logins = [organization, template && ownerOf(template)].filter((x): x is string => !!x);
    const seen = new Set<string>();
    for (const login of logins) {
      if (seen.has(login.toLowerCase())) continue;
      seen.add(login.toLowerCase());
      const standing = await this.organization(login).catch((err: Error) => err);
      const sentence = organizationProblem(this.host.kind, login, standing);
      if (sentence) problems.push(sentence);
      if (template && sentence && login.toLowerCase() === ownerOf(template).toLowerCase()) readTemplate = false;
    }
    if (template && readTemplate && this.host instanceof LocalCodeHost) {
      const s = await this.localRepository(template);
      if (s !== 'owned') {
        readTemplate = false;
        problems.push(s === 'missing'
          ? `The template ${template} does not exist on the code host: run hackathon event github again to create it`
          : s === 'unowned'
            ? `The template ${template} exists on the code host without an owner; it is never adopted: an operator must remove it`
            : `The template ${template} belongs to another workspace on this code host`);
      }
    }
    return { problems, readTemplate };
  }
}

/** The sentence for an organization this event cannot use, or null when it can. */
export function organizationProblem(kind: 'local' | 'github', login: string, standing: OrganizationStanding | Error): string | null {
  if (standing instanceof Error) return `The code host could not check the app on the organization ${login}: ${standing.message}`;
  switch (standing) {
    case 'held':
    case 'free':
      return null;
    case 'not_installed':
      return `The GitHub App is not installed on the organization ${login}`;
    case 'unclaimed':
      return `The organization ${login} is not claimed by this event on the code host: run hackathon event github again`;
    case 'taken':
      return kind === 'github'
        ? `The GitHub App installation on ${login} is held by another workspace on this instance`
        : `The organization ${login} belongs to another workspace on this code host`;
  }
}
