// What every hackathon command gets: io, its flags, and lazily the profile, the credential
// and a wire client acting in the selected workspace. Nothing here talks to the server
// until a command asks for it.
import { CliError, EXIT } from '../lib/errors.ts';
import { BaseContext } from '../lib/base-context.ts';
import { HubCredential, HubLoginStore, withoutConnectKey } from '../lib/hub.ts';
import { readStdinLineOnce } from '../lib/io.ts';
import { knownZone } from '../../client/time.ts';
import type { WireClient } from '../../client/wire.ts';
import { chooseProfile, CLOUD, ProfileStore, type ProfileChoice } from '../lib/hackathon-profiles.ts';
import { normalizeUrl } from '../lib/url.ts';

import { VERSION } from './version.ts';
import { UUID_RE } from '../../core/ids.ts';

export { VERSION };
export const USER_AGENT = `hackathon/${VERSION}`;

export interface GlobalFlags {
  apiUrl?: string;
  apiKey?: string;
  apiKeyStdin?: boolean;
  profile?: string;
  org?: string;
  workspace?: string;
  json?: boolean;
  /** false: --no-color. */
  color?: boolean;
}

export type KeySource = '--api-key' | '--api-key-stdin' | 'EVENT_API_KEY' | 'profile' | 'hub login';

export interface Credential {
  key: string;
  source: KeySource;
}

export interface Selection {
  kind: 'workspace' | 'org';
  value: string;
  source: '--workspace' | 'EVENT_WORKSPACE' | '--org' | 'EVENT_ORG';
}

export class Context extends BaseContext<GlobalFlags> {
  private storeCache: ProfileStore | null = null;
  private credentialCache: Credential | null | undefined;

  get store(): ProfileStore {
    return (this.storeCache ??= new ProfileStore(this.io.env));
  }

  override zone(): string {
    try {
      const z = this.store.get(this.profile().name)?.timezone;
      if (knownZone(z)) return z;
    } catch {
      // no usable profile: this machine's zone
    }
    return super.zone();
  }

  profile(): ProfileChoice {
    return chooseProfile(this.store, { profile: this.flags.profile, apiUrl: this.flags.apiUrl }, this.io.env);
  }

  private hubLoginsCache: HubLoginStore | null = null;
  private hubCache: HubCredential | null = null;

  /** The family's hub logins ($XDG_CONFIG_HOME/podium/hub.json), shared with deckcli. */
  get hubLogins(): HubLoginStore {
    return (this.hubLoginsCache ??= new HubLoginStore(this.io.env));
  }

  /** The hub credential of the selected profile's instance: its cached key, one exchange, one replacement. */
  hub(): HubCredential {
    const { name, url } = this.profile();
    if (this.hubCache?.url === url) return this.hubCache;
    const store = this.store;
    return (this.hubCache = new HubCredential(
      { io: this.io, userAgent: USER_AGENT, err: (l) => this.err(l) },
      'hackathon',
      url,
      {
        profileUrl: store.urlOf(name),
        connectKeys: () => store.get(name)?.connectKeys,
        save(login, entry) {
          const p = store.get(name) ?? {};
          store.put(name, { ...p, ...(name === CLOUD ? {} : { baseUrl: url }), connectKeys: { ...p.connectKeys, [login]: entry } });
          store.save();
        },
        evict(key) {
          const p = store.get(name);
          if (!p?.connectKeys) return;
          store.put(name, { ...p, connectKeys: withoutConnectKey(p.connectKeys, key) });
          store.save();
        },
      },
      this.hubLogins,
      `hackathon login${name === CLOUD ? '' : ` --api-url ${url}`}`,
    ));
  }

  /**
   * The instance an EVENT_API_KEY belongs to: the one EVENT_URL names, else the active
   * profile's (where every command sends it when no --api-url or --profile says otherwise).
   */
  environmentKeyInstance(): string {
    const url = this.io.env.EVENT_URL;
    return url ? normalizeUrl(url, 'EVENT_URL') : this.store.urlOf(this.store.active);
  }

  /**
   * Key sources, first that answers: --api-key, --api-key-stdin, EVENT_API_KEY (unless
   * `environment` is false), the profile's key, its cached hub key for this instance, then
   * (cloud instances only, `exchange`) one exchange of the stored hub login.
   */
  async credential(opts: { exchange: boolean; environment?: boolean } = { exchange: true }): Promise<Credential | null> {
    if (this.credentialCache) return this.credentialCache;
    let c: Credential | null = null;
    if (this.flags.apiKey && this.flags.apiKeyStdin) throw new CliError('--api-key and --api-key-stdin conflict', EXIT.rejected, 'invalid_input');
    if (this.flags.apiKey) c = { key: this.flags.apiKey, source: '--api-key' };
    else if (this.flags.apiKeyStdin) c = { key: (await readStdinLineOnce(this.io, '--api-key-stdin')).trim(), source: '--api-key-stdin' };
    else if (this.io.env.EVENT_API_KEY && opts.environment !== false) c = { key: this.io.env.EVENT_API_KEY, source: 'EVENT_API_KEY' };
    else {
      const p = this.store.get(this.profile().name);
      if (p?.apiKey) c = { key: p.apiKey, source: 'profile' };
      else {
        const cached = this.hub().cached();
        if (cached) c = { key: cached.key, source: 'hub login' };
        else if (opts.exchange) {
          const fresh = await this.hub().exchange();
          if (fresh) c = { key: fresh.key, source: 'hub login' };
        }
      }
    }
    if (!c && !opts.exchange) return null; // not remembered: a later call may still exchange
    return (this.credentialCache = c);
  }

  /** Hands a 401 of a cached hub key to the hub credential: one replacement per command. */
  private onUnauthorized(c: Credential): (() => Promise<string | null>) | undefined {
    if (c.source !== 'hub login') return undefined;
    return async () => {
      const next = await this.hub().replace(this.credentialCache?.key ?? c.key);
      if (next) this.credentialCache = { key: next, source: 'hub login' };
      return next;
    };
  }

  selection(): Selection | null {
    const ws = this.flags.workspace ?? this.io.env.EVENT_WORKSPACE;
    const org = this.flags.org ?? this.io.env.EVENT_ORG;
    if (ws && org) {
      throw new CliError('name a workspace (--workspace / EVENT_WORKSPACE) or an organization (--org / EVENT_ORG), not both', EXIT.rejected, 'invalid_input');
    }
    if (ws) return { kind: 'workspace', value: ws, source: this.flags.workspace ? '--workspace' : 'EVENT_WORKSPACE' };
    if (org) return { kind: 'org', value: org, source: this.flags.org ? '--org' : 'EVENT_ORG' };
    return null;
  }

  /** A client with no workspace selection (discovery, sign-in, listing workspaces). */
  async bareClient(opts: { auth: boolean } = { auth: true }): Promise<WireClient> {
    const { url } = this.profile();
    let key: string | null = null;
    let onUnauthorized: (() => Promise<string | null>) | undefined;
    if (opts.auth) {
      const c = await this.credential();
      if (!c) throw new CliError(`not signed in to ${url}: run hackathon login${this.profile().name === CLOUD ? '' : ` --api-url ${url}`}, or pass --api-key-stdin`, EXIT.access, 'unauthorized');
      key = c.key;
      onUnauthorized = this.onUnauthorized(c);
    }
    return this.wireClient({ baseUrl: url, key, userAgent: USER_AGENT, onUnauthorized, unreachableHint: this.defaultUrlHint() });
  }

  /** With no profile, --api-url or EVENT_URL the cloud URL is only a default: say how to name the instance. */
  defaultUrlHint(): string | undefined {
    if (this.flags.profile || this.flags.apiUrl || this.io.env.EVENT_URL || this.store.data.active) return undefined;
    return 'No instance is configured: name yours with --api-url <url>, or sign in once with hackathon login --api-url <url>';
  }

  /** The client every workspace command uses: the selection resolved to an id (a name costs one lookup). */
  async client(): Promise<WireClient> {
    const bare = await this.bareClient();
    const sel = this.selection();
    if (!sel) return bare;
    const header = await this.resolveSelection(bare, sel);
    return this.wireClient({ ...bare.opts, headers: header });
  }

  async resolveSelection(bare: WireClient, sel: Selection): Promise<Record<string, string>> {
    // An id is sent as is (the server answers for it, naming what selected it); a name costs one lookup.
    if (sel.kind === 'workspace' && UUID_RE.test(sel.value)) return { 'podium-workspace': sel.value };
    if (sel.kind === 'org' && UUID_RE.test(sel.value)) return { 'podium-organization': sel.value };
    const { items } = await bare.call('GET /api/v1/workspaces');
    const wanted = sel.value.toLowerCase();
    const matches =
      sel.kind === 'workspace'
        ? items.filter((w) => w.name.toLowerCase() === wanted)
        : items.filter((w) => w.organizationId && (w.organizationId.toLowerCase() === wanted || w.name.toLowerCase() === wanted));
    if (matches.length === 1) {
      return sel.kind === 'workspace' ? { 'podium-workspace': matches[0].id } : { 'podium-organization': matches[0].organizationId! };
    }
    const pool = sel.kind === 'workspace' ? items : items.filter((w) => w.organizationId);
    const list = (matches.length ? matches : pool).map((w) => `  ${w.name} (${w.id}${w.organizationId ? `, organization ${w.organizationId}` : ''})`).join('\n');
    const what = sel.kind === 'workspace' ? 'workspace' : 'organization';
    throw new CliError(
      `${matches.length ? 'several' : 'no'} ${what}s match "${sel.value}" (${sel.source})${list ? `; candidates:\n${list}` : ''}`,
      EXIT.rejected,
      matches.length ? 'ambiguous_selection' : 'no_such_selection',
    );
  }
}
