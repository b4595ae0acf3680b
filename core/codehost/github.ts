// CODE_HOST=github: a GitHub App through plain fetch to the REST API (no SDK). The app's
// JWT (RS256, 9 minutes) buys an installation token for the organization (cached until 5
// minutes before it expires); every call has a timeout. Repositories are generated from the
// template (private), people are added as collaborators (maintain or pull = read), standing
// is read live (collaborator, else a pending invitation) and so is push permission, and a
// capture fetches exactly the selected sha over git with the token, then runs git archive as
// the local host does.
import { createSign, type KeyObject } from 'node:crypto';
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
}

const TIMEOUT_MS = 15_000;
const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

export class GithubCodeHost implements CodeHost {
  readonly kind = 'github';
  private tokens = new Map<string, { value: string; until: number; installation: number }>();

  constructor(private readonly s: GithubSettings) {}

  private jwt(): string {
    const now = Math.floor(Date.now() / 1000);
    const body = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${b64url(JSON.stringify({ iat: now - 60, exp: now + 540, iss: this.s.appId }))}`;
    return `${body}.${createSign('RSA-SHA256').update(body).sign(this.s.privateKey).toString('base64url')}`;
  }

  private async call(method: string, p: string, auth: string, body?: unknown): Promise<{ status: number; json: any }> {
    let res: Response;
    try {
      res = await fetch(`${this.s.apiUrl}${p}`, {
        method,
        headers: {
          accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', 'user-agent': 'Podium',
          authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new CodeHostError('unavailable', `GitHub did not answer ${method} ${p}: ${(err as Error).message}`);
    }
    const text = await res.text();
    const json = text ? JSON.parse(text) : null;
    if (res.status >= 500) throw new CodeHostError('unavailable', `GitHub answered ${res.status} to ${method} ${p}`);
    if (res.status === 401 || res.status === 403) throw new CodeHostError('refused', `GitHub refused ${method} ${p}: ${json?.message ?? res.status}`);
    return { status: res.status, json };
  }

  /** The installation token of the app on `org`. */
  private async token(org: string): Promise<string> {
    const cached = this.tokens.get(org.toLowerCase());
    if (cached && cached.until > Date.now()) return cached.value;
    const jwt = `Bearer ${this.jwt()}`;
    const inst = await this.call('GET', `/orgs/${encodeURIComponent(org)}/installation`, jwt);
    if (inst.status === 404) throw new CodeHostError('not_found', `The GitHub App is not installed on ${org}`);
    const t = await this.call('POST', `/app/installations/${inst.json.id}/access_tokens`, jwt);
    if (t.status !== 201) throw new CodeHostError('refused', `GitHub gave no installation token for ${org} (${t.status})`);
    this.tokens.set(org.toLowerCase(), { value: t.json.token, until: Date.parse(t.json.expires_at) - 5 * 60_000, installation: Number(inst.json.id) });
    return t.json.token;
  }

  /**
   * The id of the app's installation on `org` (null: not installed): what proves whose the
   * organization is (core/codehost/ownership.ts). `fresh` asks GitHub with the app JWT; otherwise
   * the id cached with the organization's installation token is answered when there is one.
   */
  async installationId(org: string, fresh = false): Promise<number | null> {
    const cached = this.tokens.get(org.toLowerCase());
    if (!fresh && cached && cached.until > Date.now()) return cached.installation;
    const r = await this.call('GET', `/orgs/${encodeURIComponent(org)}/installation`, `Bearer ${this.jwt()}`);
    if (r.status === 404) return null;
    if (r.status !== 200 || !Number.isSafeInteger(r.json?.id)) throw new CodeHostError('refused', `GitHub answered ${r.status} for the app installation on ${org}`);
    return r.json.id as number;
  }

  /** `GET /orgs/{org}/installation` with the app JWT: 404 is "not installed", never cached. */
  async appInstalled(organization: string): Promise<boolean> {
    const r = await this.call('GET', `/orgs/${encodeURIComponent(organization)}/installation`, `Bearer ${this.jwt()}`);
    if (r.status === 404) return false;
    if (r.status !== 200) throw new CodeHostError('refused', `GitHub answered ${r.status} for the app installation on ${organization}`);
    return true;
  }

  private async repoCall(method: string, fullName: string, suffix: string, body?: unknown) {
    checkFullName(fullName);
    return this.call(method, `/repos/${fullName}${suffix}`, `token ${await this.token(fullName.split('/')[0]!)}`, body);
  }

  async branchHead(fullName: string, branch: string): Promise<string | null> {
    const r = await this.repoCall('GET', fullName, `/branches/${encodeURIComponent(branch)}`);
    return r.status === 200 ? (r.json.commit.sha as string) : null;
  }

  async createFromTemplate(template: string, fullName: string, branch: string): Promise<{ created: boolean; sha: string }> {
    const templateHead = await this.branchHead(template, branch);
    if (!templateHead) throw new CodeHostError('not_found', `The template ${template} has no branch ${branch}`);
    if ((await this.repoCall('GET', fullName, '')).status === 200) {
      return { created: false, sha: (await this.branchHead(fullName, branch)) ?? templateHead };
    }
    const [owner, name] = fullName.split('/');
    const r = await this.repoCall('POST', template, '/generate', { owner, name, private: true, include_all_branches: false });
    if (r.status !== 201) throw new CodeHostError('refused', `GitHub did not create ${fullName} (${r.status}: ${r.json?.message ?? ''})`);
    return { created: true, sha: templateHead };
  }

  async invite(fullName: string, login: string, permission: Permission): Promise<void> {
    const r = await this.repoCall('PUT', fullName, `/collaborators/${encodeURIComponent(login)}`, { permission: permission === 'read' ? 'pull' : 'maintain' });
    if (r.status === 404) throw new CodeHostError('not_found', `No GitHub account ${login}, or no repository ${fullName}`);
    if (r.status !== 201 && r.status !== 204) throw new CodeHostError('refused', `GitHub did not invite ${login} to ${fullName} (${r.status})`);
  }

  async standing(fullName: string, login: string): Promise<Standing> {
    if ((await this.repoCall('GET', fullName, `/collaborators/${encodeURIComponent(login)}`)).status === 204) return 'member';
    const inv = await this.repoCall('GET', fullName, '/invitations?per_page=100');
    const pending = inv.status === 200 && (inv.json as { invitee: { login: string } | null }[]).some((i) => i.invitee?.login.toLowerCase() === login.toLowerCase());
    return pending ? 'invited' : 'none';
  }

  /**
   * GitHub's `permission` folds maintain into write (and triage into read), so push is
   * admin or write; `role_name` is checked too for a custom role built on maintain.
   */
  async canPush(fullName: string, login: string): Promise<boolean> {
    const r = await this.repoCall('GET', fullName, `/collaborators/${encodeURIComponent(login)}/permission`);
    if (r.status !== 200) throw new CodeHostError('unavailable', `GitHub answered ${r.status} for the permission of ${login} on ${fullName}`);
    const { permission, role_name: role } = r.json as { permission?: string; role_name?: string };
    return permission === 'admin' || permission === 'write' || role === 'maintain';
  }

  async archive(fullName: string, sha: string, outFile: string): Promise<void> {
    if (!/^[0-9a-f]{40}$/.test(sha)) throw new CodeHostError('not_found', 'A capture names a full 40-hex sha');
    checkFullName(fullName);
    const token = await this.token(fullName.split('/')[0]!);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-fetch-'));
    try {
      await git(['init', '--quiet', '--bare', dir]);
      // The token travels in a header given on the command line of this one git run, never in a URL or a config file.
      const auth = `Authorization: Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
      await git(['-c', `http.extraHeader=${auth}`, 'fetch', '--quiet', '--depth=1', `${this.s.gitUrl}/${fullName}.git`, sha], { cwd: dir });
      await git(['archive', '--format=tar.gz', '-o', outFile, sha], { cwd: dir });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** `GET /repos/{repo}/commits?sha=` page by page (100 a page), newest first. */
  async commits(fullName: string, sha: string, limit: number): Promise<CommitRecord[]> {
    if (!/^[0-9a-f]{40}$/.test(sha)) throw new CodeHostError('not_found', 'A history names a full 40-hex sha');
    const out: CommitRecord[] = [];
    for (let page = 1; out.length < limit && page <= 100; page++) {
      const r = await this.repoCall('GET', fullName, `/commits?sha=${sha}&per_page=100&page=${page}`);
      if (r.status === 404 || r.status === 409 || r.status === 422) throw new CodeHostError('not_found', `GitHub has no history of ${sha} in ${fullName}`);
      if (r.status !== 200 || !Array.isArray(r.json)) throw new CodeHostError('unavailable', `GitHub answered ${r.status} for the history of ${fullName}`);
      for (const c of r.json as { sha: string; commit: { author?: { email?: string; date?: string }; message?: string } }[]) {
        out.push({ sha: c.sha, author: authorKey(c.commit.author?.email ?? ''), at: new Date(c.commit.author?.date ?? 0).toISOString(), subject: (c.commit.message ?? '').split('\n')[0]! });
      }
      if (r.json.length < 100) break;
    }
    return out.slice(0, limit);
  }
}
