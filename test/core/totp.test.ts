// core/totp.ts on otpauth: the step a code belongs to, one step of drift either way, and the
// secret as people paste it (lower case, grouped with spaces, padded).
import test from 'ava';
import { totpAt, totpStep } from '../../core/totp.ts';

const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // RFC 6238 appendix B seed, base32
const T = 1111111109; // step 37037036

test('totpStep answers the step of a code within one step either way, else null', (t) => {
  const step = Math.floor(T / 30);
  t.is(totpStep(SECRET, totpAt(SECRET, T), T), step);
  t.is(totpStep(SECRET, totpAt(SECRET, T - 30), T), step - 1);
  t.is(totpStep(SECRET, totpAt(SECRET, T + 30), T), step + 1);
  t.is(totpStep(SECRET, totpAt(SECRET, T - 60), T), null, 'two steps old');
  t.is(totpStep(SECRET, totpAt(SECRET, T + 60), T), null, 'two steps ahead');
});

test('totpStep refuses anything but six digits before computing', (t) => {
  t.is(totpStep(SECRET, '81804', T), null);
  t.is(totpStep(SECRET, ' 081804', T), null);
  t.is(totpStep(SECRET, '08180a', T), null);
  t.is(totpStep(SECRET, '0818040', T), null);
});

test('a secret in lower case, in groups or padded gives the same codes; a bad character throws', (t) => {
  t.is(totpAt('gezd gnbv gy3t qojq gezd gnbv gy3t qojq', T), '081804');
  t.is(totpAt('JBSWY3DPEHPK3PXP', 59), totpAt('JBSWY3DPEHPK3PXP====', 59));
  t.throws(() => totpAt('JBSWY3DPEHPK3PX1', 59));
});
