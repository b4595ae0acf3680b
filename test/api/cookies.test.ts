// The pieces @fastify/cookie is given (api/server.ts): the session signer keeps the format
// sessions have always had (token.base64url(HMAC-SHA256(AUTH_SECRET, "session:" + token))),
// so cookies already in browsers stay valid across the switch; the value decoder never throws
// and reads bad encoding or hostile characters as absent.
import test from 'ava';
import { createHmac } from 'node:crypto';
import { decodeCookieValue, sessionSigner } from '../../api/auth/session.ts';

const SECRET = 's'.repeat(32);

test('the session signer writes and reads token.mac, and refuses any other mac', (t) => {
  const signer = sessionSigner(SECRET);
  const legacy = `tok.${createHmac('sha256', SECRET).update('session:tok').digest('base64url')}`;
  t.is(signer.sign('tok'), legacy);
  t.deepEqual(signer.unsign(legacy), { valid: true, renew: false, value: 'tok' });
  t.deepEqual(signer.unsign(legacy.slice(0, -1) + (legacy.endsWith('A') ? 'B' : 'A')), { valid: false, renew: false, value: null });
  t.deepEqual(sessionSigner('t'.repeat(32)).unsign(legacy), { valid: false, renew: false, value: null }, 'another secret');
  t.false(signer.unsign('no-dot').valid);
  t.false(signer.unsign('.onlymac').valid);
});

test('cookie values: percent-decoded; bad encoding, NUL or a lone surrogate read as empty', (t) => {
  t.is(decodeCookieValue('a%20b'), 'a b');
  t.is(decodeCookieValue('%E0%A4%A'), '');
  t.is(decodeCookieValue('x%00y'), '');
  t.is(decodeCookieValue('%ED%A0%80'), '');
});
