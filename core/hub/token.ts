// Hub tokens: JWS compact form (a JWT) signed with Ed25519 (`alg: EdDSA`), verified against
// the hub's published keys (a JWKS: `{ keys: [{ kty: 'OKP', crv: 'Ed25519', x, kid, alg, use }] }`).
// node:crypto does the signing; nothing here reads a clock (the hub's SQL clock sets iat and
// exp, the instance's SQL clock checks them).
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';

export interface HubClaims {
  iss: string; // the hub's URL
  sub: string; // the hub account id
  aud: string; // the instance's URL
  iat: number; // seconds since the epoch
  exp: number;
  jti: string; // binds the one-time grant to this token
  tool: 'deck' | 'hackathon';
  email: string;
}

export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** A fresh Ed25519 key pair: its id, its public JWK and its private key as PKCS#8 PEM. */
export function newSigningKey(): { kid: string; publicJwk: PublicJwk; privatePem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const kid = randomBytes(12).toString('base64url');
  const x = (publicKey.export({ format: 'jwk' }) as { x: string }).x;
  return { kid, publicJwk: { kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' }, privatePem: privateKey.export({ format: 'pem', type: 'pkcs8' }) as string };
}

export function privateKeyOf(pem: string): KeyObject {
  return createPrivateKey(pem);
}

export function signToken(key: KeyObject, kid: string, claims: HubClaims): string {
  const input = `${b64({ alg: 'EdDSA', typ: 'JWT', kid })}.${b64(claims)}`;
  return `${input}.${sign(null, Buffer.from(input), key).toString('base64url')}`;
}

export class TokenError extends Error {}

/** The header and claims of a compact JWS, unverified (the kid picks the key to verify with). */
export function peekToken(token: string): { kid: string; claims: Record<string, unknown> } {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) throw new TokenError('not a signed hub token');
  let header: { alg?: unknown; kid?: unknown };
  let claims: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    throw new TokenError('not a signed hub token');
  }
  if (header?.alg !== 'EdDSA' || typeof header.kid !== 'string' || !claims || typeof claims !== 'object') throw new TokenError('not a token the hub signs (EdDSA with a key id)');
  return { kid: header.kid, claims };
}

/** Checks the signature with `jwk`; answers the claims when it holds and they have every field. */
export function verifyToken(token: string, jwk: PublicJwk): HubClaims {
  const [h, p, s] = token.split('.');
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
  if (!verify(null, Buffer.from(`${h}.${p}`), key, Buffer.from(s, 'base64url'))) throw new TokenError('the signature does not match the hub key it names');
  const c = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
  const str = (k: string) => typeof c[k] === 'string' && (c[k] as string).length > 0;
  const num = (k: string) => Number.isSafeInteger(c[k]);
  if (!['iss', 'sub', 'aud', 'jti', 'email'].every(str) || !num('iat') || !num('exp') || (c.tool !== 'deck' && c.tool !== 'hackathon')) {
    throw new TokenError('the token lacks a claim the exchange needs');
  }
  return c as unknown as HubClaims;
}
