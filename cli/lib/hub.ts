// The hub sign-in both CLIs share (cloud instances: discovery names `hub`).
//
// - The hub login (an `hl_` secret) lives in one file for the whole family,
//   $XDG_CONFIG_HOME/podium/hub.json (0600), one per hub: `deckcli login` and `hackathon login`
//   fill it and both tools use it. It is only ever sent to the hub it was made by.
// - The exchange: the hub login goes to the hub, which answers a short-lived token for one
//   instance and a one-time grant; both are relayed once to that instance, which answers an
//   ordinary local key. The client never stores the token or the grant.
// - The key is cached in the tool's profile under `connectKeys`, keyed by the hub login's name
//   (`<hub host>/<email>`), with the instance it was minted on: it is only ever replayed there.
import path from 'node:path';
import type { HubCodeRequested, HubDefaultOrganizationSet, HubExchanged, HubLoginOpened } from '../../core/wire/hub.ts';
import type { Instance, SignInKeyMinted } from '../../core/wire/identity.ts';
import { configHome, FAMILY, readJsonFile, writeJsonFile } from './config-file.ts';
import { CliError, EXIT } from './errors.ts';
import type { Io } from './io.ts';
import { ask } from './prompt.ts';
import { WireClient } from '../../client/wire.ts';
import { WireError } from '../../client/errors.ts';

export type Tool = 'deck' | 'hackathon';

export interface StoredHubLogin {
  hubUrl: string;
  account: { id: string; email: string; name: string | null };
  token: string;
  savedAt: string;
}

interface HubFile {
  logins: Record<string, StoredHubLogin>; // by hub URL
}

/** The name a hub login goes by in `connectKeys` and in the tools' output. */
export function hubLoginName(login: Pick<StoredHubLogin, 'hubUrl' | 'account'>): string {
  return `${new URL(login.hubUrl).host}/${login.account.email}`;
}

export function hubFilePath(env: NodeJS.ProcessEnv): string {
  return path.join(configHome(env), FAMILY, 'hub.json');
}

/** The family's hub logins (one file for every tool). */
export class HubLoginStore {
  readonly file: string;
  data: HubFile;

  constructor(env: NodeJS.ProcessEnv) {
    this.file = hubFilePath(env);
    const raw = readJsonFile<HubFile>(this.file);
    this.data = { logins: raw?.logins && typeof raw.logins === 'object' ? raw.logins : {} };
  }

  get(hubUrl: string): StoredHubLogin | null {
    return this.data.logins[hubUrl] ?? null;
  }

  all(): StoredHubLogin[] {
    return Object.values(this.data.logins);
  }

  /** The stored login whose name is `name`, if any. */
  byName(name: string): StoredHubLogin | null {
    return this.all().find((l) => hubLoginName(l) === name) ?? null;
  }

  put(login: StoredHubLogin): void {
    this.data.logins[login.hubUrl] = login;
    writeJsonFile(this.file, this.data);
  }
}

/** A cached exchanged key and the instance it was minted on (an older layout held the key alone). */
export type ConnectKey = string | { key: string; instance: string };

export function connectKeyOf(entry: ConnectKey, profileUrl: string): { key: string; instance: string } {
  return typeof entry === 'string' ? { key: entry, instance: profileUrl } : entry;
}

/** The cached keys but `key` (one the instance refused), whichever form each entry has. */
export function withoutConnectKey(keys: Record<string, ConnectKey>, key: string): Record<string, ConnectKey> {
  return Object.fromEntries(Object.entries(keys).filter(([, e]) => (typeof e === 'string' ? e : e.key) !== key));
}

/**
 * The cached key of a stored hub login for this instance, if any: only a key minted on `url`
 * is ever answered, so a key never reaches another instance.
 */
export function cachedHubKey(connectKeys: Record<string, ConnectKey> | undefined, profileUrl: string, url: string, logins: HubLoginStore): { key: string; login: string } | null {
  for (const [name, entry] of Object.entries(connectKeys ?? {})) {
    const c = connectKeyOf(entry, profileUrl);
    if (c.instance === url && logins.byName(name)) return { key: c.key, login: name };
  }
  return null;
}

export interface HubDeps {
  io: Io;
  userAgent: string;
  err(line: string): void;
}

function client(deps: HubDeps, baseUrl: string, key: string | null = null): WireClient {
  return new WireClient({ baseUrl, key, userAgent: deps.userAgent, fetch: deps.io.fetch, timeoutMs: 30_000 });
}

/** Discovery of an instance: whether it signs in through a hub, and which. */
export async function discover(deps: HubDeps, url: string): Promise<Instance> {
  return client(deps, url).call('GET /api/v1/instance');
}

export function hubOf(d: Instance): string | null {
  return d.auth.methods.includes('hub') && d.auth.hubUrl ? d.auth.hubUrl.replace(/\/+$/, '') : null;
}

/**
 * Signs in to the hub: the email (from --email, else asked), a code mailed by the hub (asked),
 * and for a two-factor account the authenticator's code (asked on a terminal; without one it
 * follows the emailed code on the same stdin line, `123456 654321`). Stores the login.
 */
export async function hubSignIn(deps: HubDeps, hubUrl: string, store: HubLoginStore, email?: string): Promise<StoredHubLogin> {
  const hub = client(deps, hubUrl);
  const address = email ?? (await ask(deps.io, 'Email: ', 'email'));
  if (!/^[^@\s]+@[^@\s]+$/.test(address)) throw new CliError(`not an email address: ${address}`, EXIT.rejected, 'invalid_input');
  await hub.request<HubCodeRequested>('POST', '/hub/v1/auth/request', { email: address });
  deps.err(`If ${address} has an account on the hub ${hubUrl}, a sign-in code is on its way.`);
  const answer = await ask(deps.io, 'Code: ', 'sign-in code');
  const [code, inlineTotp] = answer.split(/\s+/);
  if (!/^\d{6}$/.test(code) || (inlineTotp !== undefined && !/^\d{6}$/.test(inlineTotp))) throw new CliError('the code is six digits', EXIT.rejected, 'invalid_input');
  let opened: HubLoginOpened;
  try {
    opened = await hub.request<HubLoginOpened>('POST', '/hub/v1/auth/complete', { email: address, code, ...(inlineTotp ? { twoFactorCode: inlineTotp } : {}) });
  } catch (err) {
    if (!(err instanceof WireError && err.code === 'two_factor_required' && !inlineTotp)) throw err;
    const totp = await ask(deps.io, 'Two-factor code: ', 'two-factor code');
    if (!/^\d{6}$/.test(totp)) throw new CliError('the two-factor code is six digits', EXIT.rejected, 'invalid_input');
    opened = await hub.request<HubLoginOpened>('POST', '/hub/v1/auth/complete', { email: address, code, twoFactorCode: totp });
  }
  const login: StoredHubLogin = { hubUrl, account: opened.account, token: opened.login, savedAt: new Date().toISOString() };
  store.put(login);
  return login;
}

/** The hub refused the stored login itself (signed out or revoked): sign in again to go on. */
export class HubLoginRejected extends CliError {
  constructor(readonly login: StoredHubLogin, cause: WireError) {
    super(`the hub ${login.hubUrl} refused the stored hub login ${hubLoginName(login)}: ${cause.message}`, EXIT.access, 'unauthorized');
  }
}

export interface ExchangeOptions {
  tool: Tool;
  keyName?: string;
  expiresInDays?: number;
}

/**
 * The exchange: the hub login to the hub only; the token and grant relayed once to the
 * instance, never stored; the instance's key answered. A hub refusal (tool_access_denied...)
 * comes back as the hub's own sentence (a WireError, exit 3 for access refusals).
 */
export async function exchangeForKey(deps: HubDeps, login: StoredHubLogin, instanceUrl: string, opts: ExchangeOptions): Promise<SignInKeyMinted> {
  let x: HubExchanged;
  try {
    x = await client(deps, login.hubUrl, login.token).request<HubExchanged>('POST', '/hub/v1/exchange', { instance: instanceUrl, tool: opts.tool });
  } catch (err) {
    if (err instanceof WireError && err.status === 401) throw new HubLoginRejected(login, err);
    throw err;
  }
  return client(deps, instanceUrl).call('POST /api/v1/cli/auth/hub', { body: {
    token: x.token,
    grant: x.grant,
    ...(opts.keyName ? { keyName: opts.keyName } : {}),
    ...(opts.expiresInDays ? { expiresInDays: opts.expiresInDays } : {}),
  } });
}

/**
 * The hub account's default organization: on every instance of the family, the default
 * workspace is that organization's, taken at each sign-in through the hub (the exchange).
 */
export async function setHubDefaultOrganization(deps: HubDeps, login: StoredHubLogin, organizationId: string): Promise<HubDefaultOrganizationSet> {
  try {
    return await client(deps, login.hubUrl, login.token).request<HubDefaultOrganizationSet>('PUT', '/hub/v1/account/default-organization', { organizationId });
  } catch (err) {
    if (err instanceof WireError && err.status === 401) throw new HubLoginRejected(login, err);
    throw err;
  }
}

/**
 * `login` on a cloud instance: the stored hub login of that hub (unless --email names another
 * account), else a fresh hub sign-in; a stored login the hub rejects is replaced once. Then
 * the exchange. Answers the login used and the key minted.
 */
export async function loginThroughHub(deps: HubDeps, store: HubLoginStore, hubUrl: string, instanceUrl: string, email: string | undefined, opts: ExchangeOptions): Promise<{ login: StoredHubLogin; minted: SignInKeyMinted }> {
  let login = store.get(hubUrl);
  if (login && email && login.account.email.toLowerCase() !== email.trim().toLowerCase()) login = null;
  let fresh = false;
  if (!login) {
    login = await hubSignIn(deps, hubUrl, store, email);
    fresh = true;
  }
  try {
    return { login, minted: await exchangeForKey(deps, login, instanceUrl, opts) };
  } catch (err) {
    if (!(err instanceof HubLoginRejected) || fresh) throw err;
    deps.err(`The hub ${hubUrl} rejected the stored hub login ${hubLoginName(login)}; sign in to the hub again.`);
    login = await hubSignIn(deps, hubUrl, store, email ?? login.account.email);
    return { login, minted: await exchangeForKey(deps, login, instanceUrl, opts) };
  }
}

/** Where a tool keeps the keys exchanged for one instance (its profile of that instance). */
export interface ProfileKeys {
  /** The profile's baseUrl (the instance of keys cached in the older layout). */
  profileUrl: string;
  connectKeys(): Record<string, ConnectKey> | undefined;
  save(loginName: string, entry: { key: string; instance: string }): void;
  evict(key: string): void;
}

/**
 * A tool's hub credential for one instance: the cached key (no network at all), else, on a
 * cloud instance, one exchange of the stored hub login (discovery first: a self-hosted
 * instance never takes this branch and the hub is never contacted), and on a 401 of the
 * cached key, one replacement per command.
 */
export class HubCredential {
  private replaced = false;

  constructor(
    private readonly deps: HubDeps,
    private readonly tool: Tool,
    readonly url: string,
    private readonly keys: ProfileKeys,
    private readonly store: HubLoginStore,
    private readonly signInHint: string, // e.g. `deckcli login --api-url <url>`
  ) {}

  cached(): { key: string; login: string } | null {
    return cachedHubKey(this.keys.connectKeys(), this.keys.profileUrl, this.url, this.store);
  }

  /** Null on a self-hosted instance; refuses (exit 3) on a cloud one without a hub login. */
  async exchange(): Promise<{ key: string; login: string; hubUrl: string } | null> {
    const hubUrl = hubOf(await discover(this.deps, this.url));
    if (!hubUrl) return null;
    const login = this.store.get(hubUrl);
    if (!login) {
      throw new CliError(`${this.url} signs in through the hub ${hubUrl}: sign in once with ${this.signInHint}`, EXIT.access, 'unauthorized');
    }
    let minted: SignInKeyMinted;
    try {
      minted = await exchangeForKey(this.deps, login, this.url, { tool: this.tool });
    } catch (err) {
      if (err instanceof HubLoginRejected) throw new CliError(`${err.message}; sign in again with ${this.signInHint}`, EXIT.access, 'unauthorized');
      throw err;
    }
    const name = hubLoginName(login);
    this.keys.save(name, { key: minted.key, instance: this.url });
    return { key: minted.key, login: name, hubUrl };
  }

  /**
   * Signs in here again through the hub (the instance then takes the hub account's settings,
   * its default organization among them): the cached key is revoked on the instance by
   * `revoke` and forgotten first, so no key is left behind. Null on a self-hosted instance.
   */
  async renew(revoke: (key: string) => Promise<void>): Promise<{ key: string; login: string; hubUrl: string } | null> {
    const old = this.cached();
    if (old) {
      await revoke(old.key);
      this.keys.evict(old.key);
    }
    return this.exchange();
  }

  /** A cached key the instance refused (401): forgotten, exchanged once more; null the second time. */
  async replace(refused: string): Promise<string | null> {
    if (this.replaced) return null;
    this.replaced = true;
    this.keys.evict(refused);
    const fresh = await this.exchange();
    if (!fresh) return null;
    this.deps.err(`The cached key for ${this.url} was refused (401): it was forgotten and the sign-in was redone through the hub ${fresh.hubUrl}; retrying once`);
    return fresh.key;
  }
}
