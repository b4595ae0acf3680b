// Answer shapes of the hub (`SERVICE_ROLE=hub`, docs/WIRE.md "Hub") and of an instance's
// exchange route, as the clients and instances read them. Types only, no imports.

/** A hub account as the hub names it. */
export interface HubAccount {
  id: string;
  email: string;
  name: string | null;
}

/** `POST /hub/v1/auth/request`: the same answer whether or not the account exists. */
export interface HubCodeRequested {
  ok: true;
  message: string;
}

/** `POST /hub/v1/auth/complete`: the hub login (an `hl_` secret), shown this once. */
export interface HubLoginOpened {
  login: string;
  account: HubAccount;
}

/** `GET /hub/v1/login`: the account behind the presented hub login. */
export interface HubMe {
  id: string;
  email: string;
  name: string | null;
  twoFactor: boolean;
  defaultOrganizationId: string | null;
  organizations: { id: string; name: string; role: string; tools: string[]; instance: { url: string; name: string } }[];
}

/** `POST /hub/v1/exchange`: relayed once to the instance, never stored by the client. */
export interface HubExchanged {
  token: string; // JWS compact, EdDSA, audience = the instance
  grant: string; // one-time offline grant (hg_), redeemed by the instance
  expiresAt: string;
  account: HubAccount;
  instance: { url: string; name: string };
}

/** `GET /hub/v1/keys`: the hub's published signing keys (a JWKS). */
export interface HubKeySet {
  keys: { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string; alg: 'EdDSA'; use: 'sig' }[];
}

/** `POST /hub/v1/grants/redeem` (instances only): the account and its organizations there. */
export interface HubRedemption {
  account: HubAccount;
  tool: 'deck' | 'hackathon';
  jti: string;
  defaultOrganizationId: string | null;
  organizations: {
    id: string;
    name: string;
    role: 'owner' | 'admin' | 'member' | 'guest';
    tools: string[];
    teams: { slug: string; name: string; member: boolean }[];
  }[];
}

/** `PUT /hub/v1/account/default-organization`. */
export interface HubDefaultOrganizationSet {
  defaultOrganization: { id: string; name: string };
}
