// What an instance with HUB_URL needs of its hub: the published signing keys (jose's remote
// JWKS, cached; an unknown key id fetches them again, so a rotation is picked up on its first
// token) and the
// redemption of a one-time grant. Every call has a timeout; the instance secret is sent to
// the hub only and never logged.
import { createRemoteJWKSet, customFetch, errors } from 'jose';
import type { HubRedemption } from '../wire/hub.ts';
import { peekToken, TokenError, verifyToken, type HubClaims, type PublicJwk } from './token.ts';

export class HubError extends Error {
  constructor(
    readonly code: 'hub_token_invalid' | 'hub_grant_invalid' | 'hub_unavailable',
    message: string,
  ) {
    super(message);
  }
}

const KEYS_TTL_MS = 10 * 60_000; // published keys are read again after this
const UNKNOWN_KID_RETRY_MS = 60_000; // one fetch per unknown key id per minute
const MAX_FETCHES_PER_MINUTE = 30; // forged key ids cannot turn into a flood of hub calls
const TIMEOUT_MS = 5_000;

/**
 * The hub's published keys: jose's `createRemoteJWKSet` fetches them (with the timeout), keeps
 * them for KEYS_TTL_MS and shares one fetch between concurrent callers. A key id it does not
 * hold fetches the set again at once (jose's own cooldown is global; this keeps the bound per
 * key id and per minute, so a rotation is picked up on its first token and forged ids cannot
 * flood the hub).
 */
export class HubKeys {
  private readonly set: ReturnType<typeof createRemoteJWKSet>;
  private triedKid = new Map<string, number>();
  private recent: number[] = [];
  /** How many times the keys were fetched (tests and metrics read it). */
  fetches = 0;

  constructor(
    readonly hubUrl: string,
    fetchImpl: typeof fetch = fetch,
  ) {
    this.set = createRemoteJWKSet(new URL(`${hubUrl}/hub/v1/keys`), {
      timeoutDuration: TIMEOUT_MS,
      cacheMaxAge: KEYS_TTL_MS,
      cooldownDuration: UNKNOWN_KID_RETRY_MS,
      headers: { accept: 'application/json' },
      [customFetch]: async (url: string, init: RequestInit) => {
        const res = await fetchImpl(url, { ...init, redirect: 'error' });
        if (!res.ok) throw new HubError('hub_unavailable', `The hub answered ${res.status} for its signing keys`);
        this.fetches++;
        return res;
      },
    });
  }

  private async reload(): Promise<void> {
    try {
      await this.set.reload();
    } catch (err) {
      if (err instanceof HubError) throw err;
      const name = err instanceof errors.JWKSTimeout ? 'TimeoutError' : (err as Error).name;
      throw new HubError('hub_unavailable', `The hub could not be reached for its signing keys (${name})`);
    }
  }

  private held(kid: string): PublicJwk | null {
    const k = this.set.jwks()?.keys.find((x) => x.kid === kid);
    return k?.kty === 'OKP' && k.crv === 'Ed25519' && typeof k.x === 'string' ? (k as PublicJwk) : null;
  }

  /** The published key of that id, fetching the set when stale or when the id is new to us. */
  async key(kid: string): Promise<PublicJwk | null> {
    if (!this.set.fresh) await this.reload();
    const known = this.held(kid);
    if (known) return known;
    const now = performance.now();
    this.recent = this.recent.filter((t) => now - t < 60_000);
    const last = this.triedKid.get(kid);
    if ((last !== undefined && now - last < UNKNOWN_KID_RETRY_MS) || this.recent.length >= MAX_FETCHES_PER_MINUTE) return null;
    if (this.triedKid.size > 1000) this.triedKid.clear();
    this.triedKid.set(kid, now);
    this.recent.push(now);
    await this.reload();
    return this.held(kid);
  }
}

/**
 * Checks a token's signature against the hub's published keys, its issuer (the hub) and its
 * audience (this instance). Its times are checked by the caller at the SQL clock.
 */
export async function verifyHubToken(keys: HubKeys, token: string, audience: string): Promise<HubClaims> {
  let kid: string;
  try {
    kid = peekToken(token).kid;
  } catch (err) {
    throw new HubError('hub_token_invalid', (err as Error).message);
  }
  const jwk = await keys.key(kid);
  if (!jwk) throw new HubError('hub_token_invalid', 'The token is signed with a key the hub does not publish');
  let claims: HubClaims;
  try {
    claims = await verifyToken(token, jwk);
  } catch (err) {
    if (err instanceof TokenError) throw new HubError('hub_token_invalid', err.message);
    throw new HubError('hub_token_invalid', 'The token is not readable');
  }
  if (claims.iss !== keys.hubUrl) throw new HubError('hub_token_invalid', 'The token was issued by another hub');
  if (claims.aud !== audience) throw new HubError('hub_token_invalid', `The token was minted for another instance (${claims.aud}), not ${audience}`);
  return claims;
}

/** Spends the grant with the hub (exactly once, for this token's jti), as this instance. */
export async function redeemGrant(hubUrl: string, instanceSecret: string, grant: string, jti: string, fetchImpl: typeof fetch = fetch): Promise<HubRedemption> {
  let res: Response;
  try {
    res = await fetchImpl(`${hubUrl}/hub/v1/grants/redeem`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${instanceSecret}` },
      body: JSON.stringify({ grant, jti }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (err) {
    throw new HubError('hub_unavailable', `The hub could not be reached to redeem the grant (${(err as Error).name})`);
  }
  const body = (await res.json().catch(() => null)) as (HubRedemption & { error?: { code: string; message: string } }) | null;
  if (res.ok && body && !body.error) return body;
  if (body?.error?.code === 'hub_grant_invalid') throw new HubError('hub_grant_invalid', body.error.message);
  if (res.status === 401) throw new HubError('hub_unavailable', 'The hub does not recognise this instance (its HUB_INSTANCE_SECRET is not registered there)');
  throw new HubError('hub_unavailable', `The hub refused the redemption (${res.status}${body?.error?.code ? ` ${body.error.code}` : ''})`);
}
