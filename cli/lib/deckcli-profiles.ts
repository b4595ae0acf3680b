// deckcli profiles: one per instance, in $XDG_CONFIG_HOME/podium/tools/deckcli.json.
// A profile's baseUrl scopes every key it holds: a key is only ever sent to that instance.
//
// Legacy import: when ~/.config/deckcli/config.json holds at least one profile and the new
// file holds none, it is imported on this run, read-only (never modified or deleted);
// afterwards the new file has profiles and the legacy one is no longer read. After
// `config clear` a still-present legacy file is imported again on the next run.
// In cli/lib because `hackathon login` saves a deck key here too (cli/lib/both-tools.ts).
import os from 'node:os';
import path from 'node:path';
import { readJsonFile, toolConfigPath, writeJsonFile } from './config-file.ts';
import { CliError, EXIT } from './errors.ts';
import type { ConnectKey } from './hub.ts';
import { normalizeUrl } from './url.ts';


export interface DeckProfile {
  baseUrl: string;
  apiKey?: string;
  connectKeys?: Record<string, ConnectKey>; // hub login name -> { key, instance } minted by the hub exchange
  /** IANA zone tables show times in (set by hand in the file); else this machine's. */
  timezone?: string;
}

export interface DeckConfig {
  active?: string;
  profiles: Record<string, DeckProfile>;
}

export function legacyConfigPath(env: NodeJS.ProcessEnv): string {
  return path.join(env.HOME || os.homedir(), '.config', 'deckcli', 'config.json');
}

/** The legacy layout is not specified; accept the shapes older clients wrote. */
function fromLegacy(raw: any): DeckConfig | null {
  const src = raw?.profiles;
  if (!src || typeof src !== 'object') return null;
  const profiles: Record<string, DeckProfile> = {};
  for (const [name, p] of Object.entries<any>(src)) {
    const baseUrl = p?.baseUrl ?? p?.apiUrl ?? p?.url;
    if (typeof baseUrl !== 'string' || !/^https?:\/\//.test(baseUrl)) continue;
    const apiKey = p.apiKey ?? p.key;
    profiles[name] = { baseUrl: baseUrl.replace(/\/+$/, ''), ...(typeof apiKey === 'string' ? { apiKey } : {}) };
  }
  if (Object.keys(profiles).length === 0) return null;
  const names = Object.keys(profiles);
  const named = raw.active ?? raw.activeProfile ?? raw.currentProfile;
  const active = typeof named === 'string' && profiles[named] ? named : names.length === 1 ? names[0] : undefined;
  return { profiles, ...(active ? { active } : {}) };
}

export class DeckProfileStore {
  readonly file: string;
  data: DeckConfig;
  importedFrom: string | null = null;

  constructor(
    readonly env: NodeJS.ProcessEnv,
    opts: { importLegacy: boolean } = { importLegacy: true },
  ) {
    this.file = toolConfigPath('deckcli', env);
    this.data = readJsonFile<DeckConfig>(this.file) ?? { profiles: {} };
    this.data.profiles ??= {};
    if (opts.importLegacy && Object.keys(this.data.profiles).length === 0) this.importLegacy();
  }

  private importLegacy(): void {
    const legacyFile = legacyConfigPath(this.env);
    let legacy: DeckConfig | null = null;
    try {
      legacy = fromLegacy(readJsonFile(legacyFile));
    } catch {
      return; // an unreadable legacy file is ignored, never repaired
    }
    if (!legacy) return;
    this.data = legacy;
    this.importedFrom = legacyFile;
    this.save();
  }

  get(name: string): DeckProfile | null {
    return this.data.profiles[name] ?? null;
  }

  byUrl(url: string): [string, DeckProfile] | null {
    return Object.entries(this.data.profiles).find(([, p]) => p.baseUrl === url) ?? null;
  }

  /** The active profile the file names, if that profile exists (deckcli has no default). */
  storedActive(): string | null {
    return this.data.active && this.get(this.data.active) ? this.data.active : null;
  }

  put(name: string, profile: DeckProfile): void {
    const clean = { ...profile };
    if (clean.connectKeys && Object.keys(clean.connectKeys).length === 0) delete clean.connectKeys;
    this.data.profiles[name] = clean;
  }

  setActive(name: string): void {
    this.data.active = name;
  }

  clear(): void {
    this.data = { profiles: {} };
    this.save();
  }

  save(): void {
    writeJsonFile(this.file, this.data);
  }
}

export interface InstanceChoice {
  url: string;
  profileName: string | null; // the saved profile bound to this instance, if any
  chosenBy: '--api-url' | 'DECKS_API_URL' | '--profile' | 'active profile';
}

/** The refusal when nothing names an instance (deckcli has none by default): what to pass, or the sign-in that saves one. */
export function noInstance(): CliError {
  return new CliError('no instance named: pass --api-url <url>, set DECKS_API_URL, or sign in once with deckcli login --api-url <url> (deckcli has no default instance)', EXIT.usage, 'no_instance');
}

/** No default instance: --api-url (or --url), DECKS_API_URL, --profile, or the active profile. */
export function chooseInstance(store: DeckProfileStore, flags: { apiUrl?: string; profile?: string }, env: NodeJS.ProcessEnv): InstanceChoice {
  const raw = flags.apiUrl ?? env.DECKS_API_URL;
  if (raw) {
    const url = normalizeUrl(raw, flags.apiUrl ? '--api-url' : 'DECKS_API_URL');
    return { url, profileName: store.byUrl(url)?.[0] ?? null, chosenBy: flags.apiUrl ? '--api-url' : 'DECKS_API_URL' };
  }
  if (flags.profile) {
    const p = store.get(flags.profile);
    if (!p) throw new CliError(`no profile named ${flags.profile}; profiles: ${Object.keys(store.data.profiles).join(', ') || 'none'}`, EXIT.rejected, 'unknown_profile');
    return { url: p.baseUrl, profileName: flags.profile, chosenBy: '--profile' };
  }
  const active = store.data.active && store.get(store.data.active) ? store.data.active : null;
  if (active) return { url: store.get(active)!.baseUrl, profileName: active, chosenBy: 'active profile' };
  throw noInstance();
}
