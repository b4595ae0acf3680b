// Hub tokens: JWS compact form (a JWT) signed with Ed25519 (`alg: EdDSA`), verified against
// the hub's published keys (a JWKS: `{ keys: [{ kty: 'OKP', crv: 'Ed25519', x, kid, alg, use }] }`).
// `jose` signs, decodes and verifies (compact serialization, base64url, header checks, JWK
// import); node:crypto makes and opens the keys. Nothing here reads a clock (the hub's SQL
// clock sets iat and exp, the instance's SQL clock checks them): hence `compactVerify`, the
// JWS signature alone, and not `jwtVerify`, which would check exp against this process's clock.
import { createPrivateKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { compactVerify, decodeJwt, decodeProtectedHeader, errors, importJWK, SignJWT } from 'jose';

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

export function signToken(key: KeyObject, kid: string, claims: HubClaims): Promise<string> {
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid }).sign(key);
}

export class TokenError extends Error {}

/** The header and claims of a compact JWS, unverified (the kid picks the key to verify with). */
export function peekToken(token: string): { kid: string; claims: Record<string, unknown> } {
  let header: ReturnType<typeof decodeProtectedHeader>;
  let claims: Record<string, unknown>;
  try {
    if (token.split('.').length !== 3) throw new TypeError('not a compact JWS');
    header = decodeProtectedHeader(token);
    claims = decodeJwt(token);
  } catch {
    throw new TokenError('not a signed hub token');
  }
  if (header.alg !== 'EdDSA' || typeof header.kid !== 'string') throw new TokenError('not a token the hub signs (EdDSA with a key id)');
  return { kid: header.kid, claims };
}

/** Checks the signature with `jwk`; answers the claims when it holds and they have every field. */
export async function verifyToken(token: string, jwk: PublicJwk): Promise<HubClaims> {
  const key = await importJWK({ kty: 'OKP', crv: 'Ed25519', x: jwk.x }, 'EdDSA');
  try {
    await compactVerify(token, key, { algorithms: ['EdDSA'] });
  } catch (err) {
    if (err instanceof errors.JWSSignatureVerificationFailed) throw new TokenError('the signature does not match the hub key it names');
    if (err instanceof errors.JOSEError) throw new TokenError('not a signed hub token');
    throw err;
  }
  const c = decodeJwt(token);
  const str = (k: string) => typeof c[k] === 'string' && (c[k] as string).length > 0;
  const num = (k: string) => Number.isSafeInteger(c[k]);
  if (!['iss', 'sub', 'aud', 'jti', 'email'].every(str) || !num('iat') || !num('exp') || (c.tool !== 'deck' && c.tool !== 'hackathon')) {
    throw new TokenError('the token lacks a claim the exchange needs');
  }
  return c as unknown as HubClaims;
}
