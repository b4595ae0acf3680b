// Password hashes are the server's: argon2id with the parameters of core/passwords.ts. A hash
// with any other parameters (a caller used to choose a link's hash, work factor included) is
// never verified, even with the right password.
import test from 'ava';
import argon2 from 'argon2';
import { ARGON2_PARAMS, hashPassword, verifyPassword } from '../../core/passwords.ts';

test('hashPassword makes argon2id with the server parameters; verifyPassword checks it', async (t) => {
  const hash = await hashPassword('open sesame');
  const [, variant, version, params] = hash.split('$');
  t.is(variant, 'argon2id');
  t.is(version, 'v=19');
  t.deepEqual(Object.fromEntries(params!.split(',').map((kv) => kv.split('='))), { m: String(ARGON2_PARAMS.memoryCost), t: String(ARGON2_PARAMS.timeCost), p: String(ARGON2_PARAMS.parallelism) });
  t.true(await verifyPassword(hash, 'open sesame'));
  t.false(await verifyPassword(hash, 'open sesame '));
});

test('a hash with other parameters, another variant or no argon2 at all is refused without verifying', async (t) => {
  const cheaper = await argon2.hash('open sesame', { type: argon2.argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 });
  t.true(await argon2.verify(cheaper, 'open sesame'), 'the password is right for that hash');
  t.false(await verifyPassword(cheaper, 'open sesame'));
  const argon2i = await argon2.hash('open sesame', { ...ARGON2_PARAMS, type: argon2.argon2i });
  t.false(await verifyPassword(argon2i, 'open sesame'));
  t.false(await verifyPassword('$argon2id$v=19$m=999999999,t=999999,p=1$c2FsdHNhbHQ$aGFzaA', 'open sesame'));
  t.false(await verifyPassword('$argon2id$garbage', 'open sesame'));
  t.false(await verifyPassword('', 'open sesame'));
});
