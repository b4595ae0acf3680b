// core/hub/token.ts on jose: a hub token signs and verifies with its Ed25519 key; another
// key, another algorithm in the header, a tampered payload or a missing claim is refused with
// the sentence the instance relays. No clock is read: an old token still verifies here (the
// instance's SQL clock judges exp).
import test from 'ava';
import { randomUUID } from 'node:crypto';
import { newSigningKey, peekToken, privateKeyOf, signToken, TokenError, verifyToken, type HubClaims } from '../../core/hub/token.ts';

const claims = (over: Partial<HubClaims> = {}): HubClaims => ({ iss: 'https://hub.test', sub: randomUUID(), aud: 'https://a.test', iat: 1_000_000, exp: 1_000_090, jti: randomUUID(), tool: 'deck', email: 'ann@acme.test', ...over });
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

test('a token verifies with its key and names it; claims come back whole, even long expired', async (t) => {
  const k = newSigningKey();
  const c = claims();
  const token = await signToken(privateKeyOf(k.privatePem), k.kid, c);
  t.deepEqual(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()), { alg: 'EdDSA', typ: 'JWT', kid: k.kid });
  t.is(peekToken(token).kid, k.kid);
  t.deepEqual(await verifyToken(token, k.publicJwk), c);
});

test('another key, a tampered payload, another algorithm or a missing claim is refused', async (t) => {
  const k = newSigningKey();
  const other = newSigningKey();
  const token = await signToken(privateKeyOf(k.privatePem), k.kid, claims());
  const [h, , s] = token.split('.');
  await t.throwsAsync(verifyToken(token, other.publicJwk), { instanceOf: TokenError, message: 'the signature does not match the hub key it names' });
  await t.throwsAsync(verifyToken(`${h}.${b64(claims({ email: 'gus@globex.test' }))}.${s}`, k.publicJwk), { instanceOf: TokenError, message: 'the signature does not match the hub key it names' });
  t.throws(() => peekToken(`${b64({ alg: 'none', kid: k.kid })}.${b64(claims())}.`), { instanceOf: TokenError });
  t.throws(() => peekToken(`${b64({ alg: 'HS256', kid: k.kid })}.${b64(claims())}.${s}`), { instanceOf: TokenError, message: 'not a token the hub signs (EdDSA with a key id)' });
  t.throws(() => peekToken('not.a.token'), { instanceOf: TokenError, message: 'not a signed hub token' });
  t.throws(() => peekToken('a.b'), { instanceOf: TokenError, message: 'not a signed hub token' });
  const { email: _, ...noEmail } = claims();
  const lacking = await signToken(privateKeyOf(k.privatePem), k.kid, noEmail as HubClaims);
  await t.throwsAsync(verifyToken(lacking, k.publicJwk), { instanceOf: TokenError, message: 'the token lacks a claim the exchange needs' });
});
