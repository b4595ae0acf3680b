// Profiles of the hackathon CLI: one per instance, in
// $XDG_CONFIG_HOME/podium/tools/hackathon.json. The file names no workspace. The profile
// `cloud` exists before anything is on disk and has no baseUrl (the cloud URL is its default).
// In cli/lib because `deckcli login` saves a hackathon key here too (cli/lib/both-tools.ts).
import { readJsonFile, toolConfigPath, writeJsonFile } from './config-file.ts';
import { CliError, EXIT } from './errors.ts';
import type { ConnectKey } from './hub.ts';
import { normalizeUrl, profileNameForUrl } from './url.ts';


export const CLOUD = 'cloud';
export const DEFAULT_CLOUD_URL = 'https://podium.events';

export interface Profile {
  baseUrl?: string; // absent on `cloud`
  apiKey?: string;
  connectKeys?: Record<string, ConnectKey>; // hub login name -> { key, instance }: one key per hub login
  /** IANA zone tables show times in (set by hand in the file); else this machine's. */
  timezone?: string;
}

/** The hub login itself is the family's ($XDG_CONFIG_HOME/podium/hub.json, cli/lib/hub.ts), not this file's. */
export interface ProfileFile {
  active?: string;
  profiles: Record<string, Profile>;
}

export function cloudUrl(env: NodeJS.ProcessEnv): string {
  return (env.EVENT_CLOUD_URL || DEFAULT_CLOUD_URL).replace(/\/+$/, '');
}


export class ProfileStore {
  readonly file: string;
  data: ProfileFile;

  constructor(readonly env: NodeJS.ProcessEnv) {
    this.file = toolConfigPath('hackathon', env);
    this.data = readJsonFile<ProfileFile>(this.file) ?? { profiles: {} };
    this.data.profiles ??= {};
  }

  names(): string[] {
    return [CLOUD, ...Object.keys(this.data.profiles).filter((n) => n !== CLOUD).sort()];
  }

  get(name: string): Profile | null {
    if (name === CLOUD) return this.data.profiles[CLOUD] ?? {};
    return this.data.profiles[name] ?? null;
  }

  /** The profile bound to this instance (its baseUrl), if any. */
  byUrl(url: string): [string, Profile] | null {
    return Object.entries(this.data.profiles).find(([, p]) => p.baseUrl === url) ?? null;
  }

  /** The active profile the file names, if that profile exists (else the default applies: `cloud`). */
  storedActive(): string | null {
    return this.data.active && this.active === this.data.active ? this.data.active : null;
  }

  urlOf(name: string): string {
    return name === CLOUD ? cloudUrl(this.env) : this.get(name)?.baseUrl ?? cloudUrl(this.env);
  }

  get active(): string {
    const a = this.data.active;
    return a && (a === CLOUD || this.data.profiles[a]) ? a : CLOUD;
  }

  put(name: string, profile: Profile): void {
    const clean: Profile = { ...profile };
    if (name === CLOUD) delete clean.baseUrl;
    if (clean.connectKeys && Object.keys(clean.connectKeys).length === 0) delete clean.connectKeys;
    this.data.profiles[name] = clean;
  }

  setActive(name: string): void {
    this.data.active = name;
  }

  save(): void {
    writeJsonFile(this.file, this.data);
  }
}

export type ProfileChoice = { name: string; url: string; chosenBy: '--profile' | '--api-url' | 'EVENT_URL' | 'active profile' | 'default' };

/** Selection order: --profile, the profile of --api-url / EVENT_URL, the active profile, then cloud. */
export function chooseProfile(store: ProfileStore, flags: { profile?: string; apiUrl?: string }, env: NodeJS.ProcessEnv): ProfileChoice {
  if (flags.profile) {
    if (!store.get(flags.profile)) {
      throw new CliError(`no profile named ${flags.profile}; profiles: ${store.names().join(', ')}`, EXIT.rejected, 'unknown_profile');
    }
    return { name: flags.profile, url: store.urlOf(flags.profile), chosenBy: '--profile' };
  }
  const raw = flags.apiUrl ?? env.EVENT_URL;
  if (raw) {
    const url = normalizeUrl(raw, flags.apiUrl ? '--api-url' : 'EVENT_URL');
    if (url === cloudUrl(env)) return { name: CLOUD, url, chosenBy: flags.apiUrl ? '--api-url' : 'EVENT_URL' };
    return { name: store.byUrl(url)?.[0] ?? profileNameForUrl(url), url, chosenBy: flags.apiUrl ? '--api-url' : 'EVENT_URL' };
  }
  const name = store.active;
  return { name, url: store.urlOf(name), chosenBy: store.data.active ? 'active profile' : 'default' };
}
