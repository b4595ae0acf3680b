// What every deckcli command gets: the instance (never a default one), the key by the
// documented precedence, and a wire client. A key is only sent to the instance its
// profile is bound to.
import { BaseContext } from '../lib/base-context.ts';
import { CliError, EXIT } from '../lib/errors.ts';
import { HubCredential, HubLoginStore, withoutConnectKey } from '../lib/hub.ts';
import { readStdinLineOnce } from '../lib/io.ts';
import { profileNameForUrl } from '../lib/url.ts';
import { knownZone } from '../../client/time.ts';
import type { WireClient } from '../../client/wire.ts';
import { chooseInstance, DeckProfileStore, type InstanceChoice } from '../lib/deckcli-profiles.ts';

import { VERSION } from './version.ts';

export { VERSION };
export const USER_AGENT = `deckcli/${VERSION}`;

export interface GlobalFlags {
  apiUrl?: string;
  apiKey?: string;
  apiKeyStdin?: boolean;
  profile?: string;
  json?: boolean;
  /** false: --no-color. */
  color?: boolean;
}

/** Key precedence, first that answers (docs/WIRE.md, deckcli): */
export type KeySource = '--api-key' | '--api-key-stdin' | 'DECKS_API_KEY' | 'profile' | 'hub login';

export class Context extends BaseContext<GlobalFlags> {
  private storeCache: DeckProfileStore | null = null;

  get store(): DeckProfileStore {
    if (!this.storeCache) {
      this.storeCache = new DeckProfileStore(this.io.env);
      if (this.storeCache.importedFrom) this.err(`Imported profiles from ${this.storeCache.importedFrom} (left untouched)`);
    }
    return this.storeCache;
  }

  private fixed: InstanceChoice | null = null;

  override zone(): string {
    try {
      const name = this.namedInstance()?.profileName;
      const z = name ? this.store.get(name)?.timezone : undefined;
      if (knownZone(z)) return z;
    } catch {
      // no usable profile: this machine's zone
    }
    return super.zone();
  }

  instance(): InstanceChoice {
    return this.fixed ?? chooseInstance(this.store, this.flags, this.io.env);
  }

  /** The instance named by flags, environment or profile; null when none is (no default). */
  namedInstance(): InstanceChoice | null {
    try {
      return this.instance();
    } catch (err) {
      if (err instanceof CliError && err.code === 'no_instance') return null;
      throw err;
    }
  }

  /** Acts on this instance for the rest of the command (e.g. the one a link file names). */
  useInstance(url: string): void {
    this.fixed = { url, profileName: this.store.byUrl(url)?.[0] ?? null, chosenBy: 'active profile' };
  }

  private hubLoginsCache: HubLoginStore | null = null;
  private hubCache: HubCredential | null = null;
  private credentialCache: { key: string; source: KeySource } | null | undefined;
  private credentialUrl: string | null = null; // the instance credentialCache was resolved for

  /** The family's hub logins ($XDG_CONFIG_HOME/podium/hub.json), shared with hackathon. */
  get hubLogins(): HubLoginStore {
    return (this.hubLoginsCache ??= new HubLoginStore(this.io.env));
  }

  /** The hub credential of the selected instance: its cached key, one exchange, one replacement. */
  hub(): HubCredential {
    const { url, profileName } = this.instance();
    if (this.hubCache?.url === url) return this.hubCache;
    const name = profileName ?? profileNameForUrl(url);
    const store = this.store;
    return (this.hubCache = new HubCredential(
      { io: this.io, userAgent: USER_AGENT, err: (l) => this.err(l) },
      'deck',
      url,
      {
        profileUrl: store.get(name)?.baseUrl ?? url,
        connectKeys: () => store.get(name)?.connectKeys,
        save(login, entry) {
          const p = store.get(name) ?? { baseUrl: url };
          store.put(name, { ...p, connectKeys: { ...p.connectKeys, [login]: entry } });
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
      `deckcli login --api-url ${url}`,
    ));
  }

  /**
   * Key precedence: --api-key, --api-key-stdin, DECKS_API_KEY, the profile's key, the cached hub
   * key of this instance, then (cloud instances only, `exchange`) one exchange of the stored hub login.
   */
  async credential(opts: { exchange: boolean } = { exchange: true }): Promise<{ key: string; source: KeySource } | null> {
    const { url, profileName } = this.instance();
    if (this.credentialCache && this.credentialUrl === url) return this.credentialCache;
    this.credentialCache = undefined;
    this.credentialUrl = url;
    if (this.flags.apiKey && this.flags.apiKeyStdin) throw new CliError('--api-key and --api-key-stdin conflict', EXIT.usage, 'usage');
    if (this.flags.apiKey) return (this.credentialCache = { key: this.flags.apiKey, source: '--api-key' });
    if (this.flags.apiKeyStdin) return (this.credentialCache = { key: (await readStdinLineOnce(this.io, '--api-key-stdin')).trim(), source: '--api-key-stdin' });
    if (this.io.env.DECKS_API_KEY) return (this.credentialCache = { key: this.io.env.DECKS_API_KEY, source: 'DECKS_API_KEY' });
    const p = profileName ? this.store.get(profileName) : null;
    if (p?.apiKey) return (this.credentialCache = { key: p.apiKey, source: 'profile' });
    const cached = this.hub().cached();
    if (cached) return (this.credentialCache = { key: cached.key, source: 'hub login' });
    if (!opts.exchange) return null;
    const fresh = await this.hub().exchange();
    return fresh ? (this.credentialCache = { key: fresh.key, source: 'hub login' }) : null;
  }

  async client(opts: { auth: boolean } = { auth: true }): Promise<WireClient> {
    const { url } = this.instance();
    let key: string | null = null;
    let onUnauthorized: (() => Promise<string | null>) | undefined;
    if (opts.auth) {
      const c = await this.credential();
      if (!c) throw new CliError(`no key for ${url}: pass --api-key-stdin, set DECKS_API_KEY, save a dashboard key with deckcli auth save-key, or sign in with deckcli login`, EXIT.access, 'unauthorized');
      key = c.key;
      if (c.source === 'hub login') {
        onUnauthorized = async () => {
          const next = await this.hub().replace(this.credentialCache?.key ?? c.key);
          if (next) this.credentialCache = { key: next, source: 'hub login' };
          return next;
        };
      }
    }
    return this.wireClient({ baseUrl: url, key, userAgent: USER_AGENT, onUnauthorized });
  }
}
