// CODE_HOST=github: a GitHub App through `@octokit/rest`. `@octokit/auth-app` signs the app's
// JWT and buys (and caches) the installation token of each organization; the throttling
// plugin spaces writes as GitHub asks of integrations (1 s, 3 s for one that notifies
// someone) and waits out a rate limit (once, when GitHub's wait is short). The retry plugin is left out: what
// it retries (5xx, no answer) is already retried by the job queue's backoff, and a route that
// calls the host synchronously answers `unavailable` at once (docs/ARCHITECTURE.md,
// Decisions). Repositories are generated from the template (private), people are added as
// collaborators (maintain or pull = read), standing is read live (collaborator, else a
// pending invitation) and so is push permission, and a capture fetches exactly the selected
// sha over git with the token, then runs git archive as the local host does.
import { createAppAuth } from '@octokit/auth-app';
import { throttling } from '@octokit/plugin-throttling';
import { RequestError } from '@octokit/request-error';
import { Octokit } from '@octokit/rest';
import Bottleneck from 'bottleneck';
import type { KeyObject } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { git } from './git.ts';
import { authorKey, checkFullName, CodeHostError, type CodeHost, type CommitRecord, type Permission, type Standing } from './types.ts';

export interface GithubSettings {
  appId: string;
  privateKey: KeyObject;
  apiUrl: string; // https://api.github.com, or a GitHub Enterprise / test stand-in base
  gitUrl: string; // https://github.com
  /**
   * The least time between two writes (POST/PUT/PATCH/DELETE: GitHub asks integrations for
   * 1 s) and between two writes that notify someone (a collaborator added or removed: 3 s,
   * under GitHub's 80 content-creating requests a minute). The throttling plugin's defaults;
   * the test stand-in sets 0.
   */
  spacing?: { writeMs: number; notifyingWriteMs: number };
}

const TIMEOUT_MS = 15_000;
/** A rate limit is waited out once when GitHub's wait is at most this; longer, the job queue's backoff takes over. */
const RATE_LIMIT_WAIT_S = 60;
const Client = Octokit.plugin(throttling);
type Client = InstanceType<typeof Client>;
/** Octokit's answer, or for a 4xx other than 401/403/429 its status and body (each caller decides what it means). */
type Answer = { status: number; data: any };

export class GithubCodeHost implements CodeHost {
  readonly kind = 'github';
  private readonly pem: string;
  private readonly app: Client;
  private readonly write: Bottleneck.Group;
  private readonly notifications: Bottleneck.Group;
  private orgs = new Map<string, { client: Client; until: number; installation: number }>();

  constructor(private readonly s: GithubSettings) {
    this.pem = s.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    // Our own limiters rather than the plugin's (module-wide, fixed spacing), so the spacing is a setting.
    const spacing = s.spacing ?? { writeMs: 1000, notifyingWriteMs: 3000 };
    this.write = new Bottleneck.Group({ maxConcurrent: 1, minTime: spacing.writeMs });
    this.notifications = new Bottleneck.Group({ maxConcurrent: 1, minTime: spacing.notifyingWriteMs });
    this.app = this.client({ appId: s.appId, privateKey: this.pem });
  }

  private client(auth: { appId: string; privateKey: string; installationId?: number }): Client {
    return new Client({
      authStrategy: createAppAuth,
      auth,
      baseUrl: this.s.apiUrl,
      userAgent: 'Podium',
      // @octokit/rest's request log writes every failed request as an error: each becomes the
      // caller's answer or a CodeHostError, logged where it is handled.
      log: { debug: () => {}, info: () => {}, warn: console.warn, error: () => {} },
      headers: { 'x-github-api-version': '2022-11-28' },
      request: { fetch: (url: string, init: RequestInit) => fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(TIMEOUT_MS) }) },
      throttle: {
        write: this.write,
        notifications: this.notifications,
        onRateLimit: (after: number, _options: unknown, _o: unknown, retries: number) => retries === 0 && after <= RATE_LIMIT_WAIT_S,
        onSecondaryRateLimit: (after: number, _options: unknown, _o: unknown, retries: number) => retries === 0 && after <= RATE_LIMIT_WAIT_S,
      },
    });
  }

  /**
   * One request: its answer, or a 4xx's status and body; no answer, a 5xx or a rate limit
   * throw `unavailable` (the job queue retries), another 401/403 throws `refused`.
   */
  private async call(request: Promise<{ status: number; data: unknown }>): Promise<Answer> {
    try {
      const r = await request;
      return { status: r.status, data: r.data };
    } catch (err) {
      const what = err instanceof RequestError ? `${err.request.method} ${new URL(err.request.url).pathname}` : 'a request';
      if (!(err instanceof RequestError) || err.response === undefined) {
        throw new CodeHostError('unavailable', `GitHub did not answer ${what}: ${(err as Error).message}`);
      }
      const data = err.response.data as any;
      // A rate limit (429, or 403 with none left or a secondary limit) not waited out: later, not refused.
      const limited = err.status === 429 || (err.status === 403 && (err.response.headers['x-ratelimit-remaining'] === '0' || /rate limit/i.test(data?.message ?? '')));
      if (err.status >= 500 || limited) throw new CodeHostError('unavailable', `GitHub answered ${err.status} to ${what}${limited ? ' (rate limited)' : ''}`);
      if (err.status === 401 || err.status === 403) throw new CodeHostError('refused', `GitHub refused ${what}: ${data?.message ?? err.status}`);
      return { status: err.status, data };
    }
  }

  private readInstallation(org: string): Promise<Answer> {
    return this.call(this.app.rest.apps.getOrgInstallation({ org }));
  }

  /** The installation client of the app on `org` (its token bought and cached by auth-app). */
  private async org(org: string): Promise<Client> {
    const cached = this.orgs.get(org.toLowerCase());
    if (cached && cached.until > Date.now()) return cached.client;
    const inst = await this.readInstallation(org);
    if (inst.status === 404) throw new CodeHostError('not_found', `The GitHub App is not installed on ${org}`);
    const client = this.client({ appId: this.s.appId, privateKey: this.pem, installationId: Number(inst.data.id) });
    let expiresAt: string;
    try {
      ({ expiresAt } = (await client.auth({ type: 'installation' })) as { expiresAt: string });
    } catch (err) {
      await this.call(Promise.reject(err)); // no answer, a 5xx or a refusal, as any call
      throw new CodeHostError('refused', `GitHub gave no installation token for ${org} (${(err as RequestError).status})`);
    }
    this.orgs.set(org.toLowerCase(), { client, until: Date.parse(expiresAt) - 5 * 60_000, installation: Number(inst.data.id) });
    return client;
  }

  /**
   * The id of the app's installation on `org` (null: not installed): what proves whose the
   * organization is (core/codehost/ownership.ts). `fresh` asks GitHub with the app JWT; otherwise
   * the id cached with the organization's installation token is answered when there is one.
   */
  async installationId(org: string, fresh = false): Promise<number | null> {
    const cached = this.orgs.get(org.toLowerCase());
    if (!fresh && cached && cached.until > Date.now()) return cached.installation;
    const r = await this.readInstallation(org);
    if (r.status === 404) return null;
    if (r.status !== 200 || !Number.isSafeInteger(r.data?.id)) throw new CodeHostError('refused', `GitHub answered ${r.status} for the app installation on ${org}`);
    return r.data.id as number;
  }

  /** `GET /orgs/{org}/installation` with the app JWT: 404 is "not installed", never cached. */
  async appInstalled(organization: string): Promise<boolean> {
    const r = await this.readInstallation(organization);
    if (r.status === 404) return false;
    if (r.status !== 200) throw new CodeHostError('refused', `GitHub answered ${r.status} for the app installation on ${organization}`);
    return true;
  }

  /** The installation client of the repository's owner, and the repository's owner and name. */
  private async repo(fullName: string): Promise<{ gh: Client; owner: string; repo: string }> {
    checkFullName(fullName);
    const [owner, repo] = fullName.split('/') as [string, string];
    return { gh: await this.org(owner), owner, repo };
  }

  async branchHead(fullName: string, branch: string): Promise<string | null> {
    const { gh, owner, repo } = await this.repo(fullName);
    const r = await this.call(gh.rest.repos.getBranch({ owner, repo, branch }));
    return r.status === 200 ? (r.data.commit.sha as string) : null;
  }

  async createFromTemplate(template: string, fullName: string, branch: string): Promise<{ created: boolean; sha: string }> {
    const templateHead = await this.branchHead(template, branch);
    if (!templateHead) throw new CodeHostError('not_found', `The template ${template} has no branch ${branch}`);
    const { gh, owner, repo: name } = await this.repo(fullName);
    if ((await this.call(gh.rest.repos.get({ owner, repo: name }))).status === 200) {
      return { created: false, sha: (await this.branchHead(fullName, branch)) ?? templateHead };
    }
    const t = await this.repo(template);
    const r = await this.call(t.gh.rest.repos.createUsingTemplate({ template_owner: t.owner, template_repo: t.repo, owner, name, private: true, include_all_branches: false }));
    if (r.status !== 201) throw new CodeHostError('refused', `GitHub did not create ${fullName} (${r.status}: ${r.data?.message ?? ''})`);
    return { created: true, sha: templateHead };
  }

  async invite(fullName: string, login: string, permission: Permission): Promise<void> {
    const { gh, owner, repo } = await this.repo(fullName);
    const r = await this.call(gh.rest.repos.addCollaborator({ owner, repo, username: login, permission: permission === 'read' ? 'pull' : 'maintain' }));
    if (r.status === 404) throw new CodeHostError('not_found', `No GitHub account ${login}, or no repository ${fullName}`);
    if (r.status !== 201 && r.status !== 204) throw new CodeHostError('refused', `GitHub did not invite ${login} to ${fullName} (${r.status})`);
  }

  /**
   * `DELETE /repos/{repo}/collaborators/{login}` (204, or 404 when not one), then every pending
   * invitation of that login (`GET .../invitations`, `DELETE .../invitations/{id}`).
   */
  async revoke(fullName: string, login: string): Promise<void> {
    const { gh, owner, repo } = await this.repo(fullName);
    const r = await this.call(gh.rest.repos.removeCollaborator({ owner, repo, username: login }));
    if (r.status !== 204 && r.status !== 404) throw new CodeHostError('refused', `GitHub did not remove ${login} from ${fullName} (${r.status})`);
    // Page by page rather than octokit's paginate: the pages are asked by number, and the loop
    // stops on a short page without relying on a Link header.
    for (let page = 1; page <= 10; page++) {
      const inv = await this.call(gh.rest.repos.listInvitations({ owner, repo, per_page: 100, page }));
      if (inv.status === 404) return; // no repository: nothing to cancel
      if (inv.status !== 200 || !Array.isArray(inv.data)) throw new CodeHostError('unavailable', `GitHub answered ${inv.status} for the invitations of ${fullName}`);
      for (const i of inv.data as { id: number; invitee: { login: string } | null }[]) {
        if (i.invitee?.login.toLowerCase() !== login.toLowerCase()) continue;
        const d = await this.call(gh.rest.repos.deleteInvitation({ owner, repo, invitation_id: i.id }));
        if (d.status !== 204 && d.status !== 404) throw new CodeHostError('refused', `GitHub did not cancel the invitation of ${login} to ${fullName} (${d.status})`);
      }
      if (inv.data.length < 100) return;
    }
  }

  /** One by one (GitHub's secondary rate limits ask for serial writes); the first failure stops it. */
  async inviteAll(fullName: string, grants: { login: string; permission: Permission }[]): Promise<void> {
    for (const g of grants) await this.invite(fullName, g.login, g.permission);
  }

  standings(fullName: string, logins: string[]): Promise<Standing[]> {
    return Promise.all(logins.map((l) => this.standing(fullName, l)));
  }

  async standing(fullName: string, login: string): Promise<Standing> {
    const { gh, owner, repo } = await this.repo(fullName);
    if ((await this.call(gh.rest.repos.checkCollaborator({ owner, repo, username: login }))).status === 204) return 'member';
    const inv = await this.call(gh.rest.repos.listInvitations({ owner, repo, per_page: 100 }));
    const pending = inv.status === 200 && (inv.data as { invitee: { login: string } | null }[]).some((i) => i.invitee?.login.toLowerCase() === login.toLowerCase());
    return pending ? 'invited' : 'none';
  }

  /**
   * GitHub's `permission` folds maintain into write (and triage into read), so push is
   * admin or write; `role_name` is checked too for a custom role built on maintain.
   */
  async canPush(fullName: string, login: string): Promise<boolean> {
    const { gh, owner, repo } = await this.repo(fullName);
    const r = await this.call(gh.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username: login }));
    if (r.status !== 200) throw new CodeHostError('unavailable', `GitHub answered ${r.status} for the permission of ${login} on ${fullName}`);
    const { permission, role_name: role } = r.data as { permission?: string; role_name?: string };
    return permission === 'admin' || permission === 'write' || role === 'maintain';
  }

  async archive(fullName: string, sha: string, outFile: string): Promise<void> {
    if (!/^[0-9a-f]{40}$/.test(sha)) throw new CodeHostError('not_found', 'A capture names a full 40-hex sha');
    const { gh } = await this.repo(fullName);
    const { token } = (await gh.auth({ type: 'installation' })) as { token: string };
    const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-fetch-'));
    try {
      await git(['init', '--quiet', '--bare', dir]);
      // The token travels as a header set through this one git run's environment (git's
      // GIT_CONFIG_COUNT/KEY/VALUE, git >= 2.31): never in a URL, a config file or the argv,
      // which every user of the machine reads in `ps`; /proc/<pid>/environ is the owner's only.
      const auth = `Authorization: Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
      const env = { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'http.extraHeader', GIT_CONFIG_VALUE_0: auth };
      await git(['fetch', '--quiet', '--depth=1', `${this.s.gitUrl}/${fullName}.git`, sha], { cwd: dir, env });
      await git(['archive', '--format=tar.gz', '-o', outFile, sha], { cwd: dir });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** `GET /repos/{repo}/commits?sha=` page by page (100 a page), newest first, stopping at `limit`. */
  async commits(fullName: string, sha: string, limit: number): Promise<CommitRecord[]> {
    if (!/^[0-9a-f]{40}$/.test(sha)) throw new CodeHostError('not_found', 'A history names a full 40-hex sha');
    const { gh, owner, repo } = await this.repo(fullName);
    const out: CommitRecord[] = [];
    for (let page = 1; out.length < limit && page <= 100; page++) {
      const r = await this.call(gh.rest.repos.listCommits({ owner, repo, sha, per_page: 100, page }));
      if (r.status === 404 || r.status === 409 || r.status === 422) throw new CodeHostError('not_found', `GitHub has no history of ${sha} in ${fullName}`);
      if (r.status !== 200 || !Array.isArray(r.data)) throw new CodeHostError('unavailable', `GitHub answered ${r.status} for the history of ${fullName}`);
      for (const c of r.data as { sha: string; parents?: { sha: string }[]; commit: { author?: { email?: string; date?: string } | null; committer?: { date?: string } | null; message?: string } }[]) {
        out.push({
          sha: c.sha, author: authorKey(c.commit.author?.email ?? ''), at: new Date(c.commit.author?.date ?? 0).toISOString(), subject: (c.commit.message ?? '').split('\n')[0]!,
          ...(c.commit.committer?.date ? { committedAt: new Date(c.commit.committer.date).toISOString() } : {}),
          ...(Array.isArray(c.parents) ? { parents: c.parents.map((x) => x.sha) } : {}),
        });
      }
      if (r.data.length < 100) break;
    }
    return out.slice(0, limit);
  }
}
