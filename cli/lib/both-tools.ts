// One emailed code signs in both clients on a self-hosted instance, as one
// hub login serves both on cloud instances (hub.ts). The client signing in asks one code for
// both tools when the instance offers it (discovery `auth.emailCodeTools`), keeps its own key,
// and saves the other tool's key on that tool's profile of the same instance:
// - that profile is the one bound to the instance (its baseUrl), else a new one named as the
//   other tool names profiles for an --api-url (host, with :port when not the default); a
//   profile of that name bound to another instance is never touched (the other tool is then
//   not signed in, and the sign-in says so);
// - a key the other tool already holds for the instance is kept while the instance accepts it
//   (GET /api/v1/me); one the instance refuses (401: expired or revoked) is replaced, and the
//   sign-in says so;
// - the other tool's active profile is set only when it has none.
// Keys stay one per tool: each has its own prefix and scopes, in its own tool's file (0600).
import type { Instance, KeyRevoked, MintedKey, SignInKeyMinted, SignInKeysMinted, UserRef } from '../../core/wire/identity.ts';
import { DeckProfileStore } from './deckcli-profiles.ts';
import { CliError, EXIT } from './errors.ts';
import { ProfileStore } from './hackathon-profiles.ts';
import type { Io } from './io.ts';
import { ask } from './prompt.ts';
import { profileNameForUrl } from './url.ts';
import { WireClient } from '../../client/wire.ts';
import { WireError } from '../../client/errors.ts';

export type Tool = 'deck' | 'hackathon';

const CLIENT: Record<Tool, string> = { deck: 'deckcli', hackathon: 'hackathon' };
const other = (tool: Tool): Tool => (tool === 'deck' ? 'hackathon' : 'deck');

export interface BothDeps {
  io: Io;
  userAgent: string;
  err(line: string): void;
}

/** What became of the other tool's sign-in (printed as `line`; `json` in --json output). */
export interface OtherOutcome {
  line: string;
  json: { signedIn: true; profile: string; active: boolean; replaced: boolean } | { signedIn: false; reason: string };
}

/** Where the other tool's key may go, or why it may not. */
type Slot = { ok: true; name: string; held: string | null } | { ok: false; why: string };

/** The two tools' profile files, as much of them as a sign-in touches. */
function storeOf(tool: Tool, deps: BothDeps): DeckProfileStore | ProfileStore {
  if (tool === 'hackathon') return new ProfileStore(deps.io.env);
  const store = new DeckProfileStore(deps.io.env);
  if (store.importedFrom) deps.err(`Imported deckcli's profiles from ${store.importedFrom} (left untouched)`);
  return store;
}

/** The profile of `url` in `tool`'s file: bound to it, else the name that tool gives it; null when that name is another instance's. */
function profileFor(store: DeckProfileStore | ProfileStore, url: string): { name: string; apiKey: string | null } | { taken: string; by: string } {
  const bound = store.byUrl(url);
  if (bound) return { name: bound[0], apiKey: bound[1].apiKey ?? null };
  const name = profileNameForUrl(url);
  const prior = store.get(name);
  if (prior) return { taken: name, by: prior.baseUrl ?? 'the cloud instance' };
  return { name, apiKey: null };
}

/** Whether the other tool's profile of `url` may take a key now, by the rules above. */
async function slotFor(deps: BothDeps, tool: Tool, url: string): Promise<Slot> {
  const client = CLIENT[tool];
  const p = profileFor(storeOf(tool, deps), url);
  if ('taken' in p) return { ok: false, why: `${client} is not signed in: the profile ${p.taken} in its file is bound to ${p.by}, and is left alone` };
  if (!p.apiKey) return { ok: true, name: p.name, held: null };
  try {
    const me = await new WireClient({ baseUrl: url, key: p.apiKey, userAgent: deps.userAgent, fetch: deps.io.fetch, timeoutMs: 30_000 }).call('GET /api/v1/me');
    return { ok: false, why: `${client} was already signed in to ${url} (profile ${p.name}, as ${me.user.email}): its key is kept` };
  } catch (err) {
    if (!(err instanceof WireError)) throw err;
    if (err.status === 401) return { ok: true, name: p.name, held: p.apiKey };
    return { ok: false, why: `${client}'s key in profile ${p.name} is kept (the instance answered ${err.code} when it was checked)` };
  }
}

/** Saves the key on the slot's profile, unless the file changed since the slot was read (then nothing is written). */
function place(deps: BothDeps, tool: Tool, url: string, slot: Extract<Slot, { ok: true }>, key: string): OtherOutcome | null {
  const client = CLIENT[tool];
  const store = storeOf(tool, deps);
  const p = profileFor(store, url);
  if ('taken' in p || p.name !== slot.name || p.apiKey !== slot.held) return null;
  store.put(p.name, { ...store.get(p.name), baseUrl: url, apiKey: key });
  const activeBefore = store.storedActive();
  if (!activeBefore) store.setActive(p.name);
  store.save();
  const where = !activeBefore ? ', now active' : activeBefore === p.name ? '' : `; the active one stays ${activeBefore}: pass --profile ${p.name} or --api-url ${url}`;
  const replaced = slot.held !== null;
  return {
    line: `${client} is signed in to ${url} too (profile ${p.name}${where})` + (replaced ? `; the key it held there was refused by the instance (expired or revoked) and is replaced` : ''),
    json: { signedIn: true, profile: p.name, active: !activeBefore || activeBefore === p.name, replaced },
  };
}

/** A key minted for the other tool that no profile takes: revoked at once (nothing else holds it). */
async function revokeUnused(deps: BothDeps, url: string, minted: MintedKey, why: string): Promise<OtherOutcome> {
  const revoked = await new WireClient({ baseUrl: url, key: minted.key, userAgent: deps.userAgent, fetch: deps.io.fetch, timeoutMs: 30_000 })
    .request<KeyRevoked>('DELETE', '/cli/auth/key')
    .then(() => `the ${CLIENT[minted.tool]} key this sign-in made was revoked`)
    .catch((err: Error) => `the ${CLIENT[minted.tool]} key this sign-in made could not be revoked (${err.message}): revoke "${minted.name}" in the dashboard`);
  return { line: `${why}; ${revoked}`, json: { signedIn: false, reason: `${why}; ${revoked}` } };
}

/** Whether the instance mails one code for both tools (older instances: one code per tool). */
export function offersBoth(discovery: Instance): boolean {
  const tools = discovery.auth.emailCodeTools ?? [];
  return tools.includes('deck') && tools.includes('hackathon');
}

const olderInstance = (tool: Tool, url: string): OtherOutcome => {
  const why = `${CLIENT[other(tool)]} is not signed in: ${url} mails one code per tool (an older instance); sign in with ${CLIENT[other(tool)]} login --api-url ${url}`;
  return { line: why, json: { signedIn: false, reason: why } };
};

export interface CodeSignIn {
  /** The client signing in. */
  tool: Tool;
  url: string;
  email: string;
  keyName?: string;
  expiresInDays?: number;
}

export interface CodeSignedIn {
  /** This client's key, shown this once. */
  key: MintedKey;
  user: UserRef;
  /** Saves (or revokes) the other tool's key: call it once this client's own key is saved. */
  settleOther(): Promise<OtherOutcome>;
}

/**
 * `login` on a self-hosted instance, both legs: the code asked for both tools when the other
 * tool's profile may take a key (else for this tool alone), the code read (terminal or the first
 * stdin line), both keys minted by one completion.
 */
export async function signInByCode(deps: BothDeps, anon: WireClient, discovery: Instance, opts: CodeSignIn): Promise<CodeSignedIn> {
  const slot = offersBoth(discovery) ? await slotFor(deps, other(opts.tool), opts.url) : null;
  const tools: Tool[] = slot?.ok ? [opts.tool, other(opts.tool)] : [opts.tool];
  const requested = await anon.call('POST /api/v1/cli/auth/request', { body: tools.length > 1 ? { email: opts.email, tools } : { email: opts.email, tool: opts.tool } });
  deps.err(`If ${opts.email} has an account on ${opts.url}, a sign-in code is on its way${tools.length > 1 ? ` (one code for ${CLIENT[tools[0]]} and ${CLIENT[tools[1]]})` : ''}.`);
  if (requested.delivery === 'outbox' && requested.hint) deps.err(requested.hint);
  const code = await ask(deps.io, 'Code: ', 'sign-in code');
  if (!/^\d{6}$/.test(code)) throw new CliError('the code is six digits', EXIT.rejected, 'invalid_input');
  const done = await completeCode(anon, { ...opts, code, tools });
  return {
    ...done,
    settleOther: async () => {
      if (!slot) return olderInstance(opts.tool, opts.url);
      if (!slot.ok) return { line: slot.why, json: { signedIn: false, reason: slot.why } };
      return settle(deps, opts.url, done.otherKey!, slot); // asked for both: completeCode answered both
    },
  };
}

/** The tools `auth login-request` and `auth login-complete` both ask for: both when the instance offers it (the two legs must agree). */
export const twoLegTools = (tool: Tool, discovery: Instance): Tool[] => (offersBoth(discovery) ? [tool, other(tool)] : [tool]);

/** The second leg alone (`deckcli auth login-complete`): the other tool's key goes to its profile, or is revoked at once. */
export async function completeTwoLeg(deps: BothDeps, anon: WireClient, discovery: Instance, opts: CodeSignIn & { code: string }): Promise<CodeSignedIn> {
  const tools = twoLegTools(opts.tool, discovery);
  const done = await completeCode(anon, { ...opts, tools });
  return {
    ...done,
    settleOther: async () => {
      if (!done.otherKey) return olderInstance(opts.tool, opts.url);
      const slot = await slotFor(deps, other(opts.tool), opts.url);
      if (!slot.ok) return revokeUnused(deps, opts.url, done.otherKey, slot.why);
      return settle(deps, opts.url, done.otherKey, slot);
    },
  };
}

async function settle(deps: BothDeps, url: string, minted: MintedKey, slot: Extract<Slot, { ok: true }>): Promise<OtherOutcome> {
  return place(deps, minted.tool, url, slot, minted.key) ?? revokeUnused(deps, url, minted, `${CLIENT[minted.tool]} is not signed in: its profile of ${url} changed during this sign-in, and is left as it is now`);
}

/** `POST /api/v1/cli/auth/complete`: `tools` when there are two (one key each), else the one-tool form older instances know. */
async function completeCode(anon: WireClient, opts: CodeSignIn & { code: string; tools: Tool[] }): Promise<{ key: MintedKey; user: UserRef; otherKey: MintedKey | null }> {
  const body: Record<string, unknown> = { email: opts.email, code: opts.code, ...(opts.tools.length > 1 ? { tools: opts.tools } : { tool: opts.tool }) };
  if (opts.keyName) body.keyName = opts.keyName;
  if (opts.expiresInDays !== undefined) body.expiresInDays = opts.expiresInDays;
  if (opts.tools.length === 1) {
    // The answer's form follows the body (one tool: one key): the registry types the union.
    const { user, ...key } = (await anon.call('POST /api/v1/cli/auth/complete', { body })) as SignInKeyMinted;
    return { key, user, otherKey: null };
  }
  const r = (await anon.call('POST /api/v1/cli/auth/complete', { body })) as SignInKeysMinted;
  const own = r.keys.find((k) => k.tool === opts.tool);
  const otherKey = r.keys.find((k) => k.tool === other(opts.tool));
  if (!own || !otherKey) throw new CliError(`${anon.baseUrl} did not answer a key for each tool asked; nothing was saved`, EXIT.environment, 'untrusted_answer');
  return { key: own, user: r.user, otherKey };
}
