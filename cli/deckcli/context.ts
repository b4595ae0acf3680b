// What every deckcli command gets: the instance (never a default one), the key by the
// documented precedence, and a wire client. A key is only sent to the instance its
// profile is bound to.
import { BaseContext } from '../lib/base-context.ts';
import { CliError, EXIT } from '../lib/errors.ts';
import { readStdinLineOnce } from '../lib/io.ts';
import type { WireClient } from '../lib/wire.ts';
import { chooseInstance, DeckProfileStore, type InstanceChoice } from './profiles.ts';

export const VERSION = '0.1.0';
export const USER_AGENT = `deckcli/${VERSION}`;

export interface GlobalFlags {
  apiUrl?: string;
  apiKey?: string;
  apiKeyStdin?: boolean;
  profile?: string;
  json?: boolean;
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

  async credential(): Promise<{ key: string; source: KeySource } | null> {
    if (this.flags.apiKey) return { key: this.flags.apiKey, source: '--api-key' };
    if (this.flags.apiKeyStdin) return { key: (await readStdinLineOnce(this.io, '--api-key-stdin')).trim(), source: '--api-key-stdin' };
    if (this.io.env.DECKS_API_KEY) return { key: this.io.env.DECKS_API_KEY, source: 'DECKS_API_KEY' };
    const { profileName } = this.instance();
    const p = profileName ? this.store.get(profileName) : null;
    if (p?.apiKey) return { key: p.apiKey, source: 'profile' };
    const cached = p?.connectKeys ? Object.values(p.connectKeys)[0] : undefined;
    return cached ? { key: cached, source: 'hub login' } : null;
  }

  async client(opts: { auth: boolean } = { auth: true }): Promise<WireClient> {
    const { url } = this.instance();
    let key: string | null = null;
    if (opts.auth) {
      const c = await this.credential();
      if (!c) throw new CliError(`no key for ${url}: pass --api-key-stdin, set DECKS_API_KEY, or sign in with deckcli auth login-request`, EXIT.access, 'unauthorized');
      key = c.key;
    }
    return this.wireClient({ baseUrl: url, key, userAgent: USER_AGENT });
  }
}
