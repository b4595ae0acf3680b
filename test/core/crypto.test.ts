// numericCode: six digits drawn by crypto.randomInt over the whole range [0, 1e6), so every
// digit string from 000000 to 999999 can come out and none is likelier than another (the
// old draw, a 32-bit number modulo a million, favoured 000000..967295).
import test from 'ava';
import { randomInt } from 'node:crypto';
import { NUMERIC_CODE_RANGE, numericCode, numericCodeDraw } from '../../core/crypto.ts';

test('numericCode asks randomInt for the whole six-digit range and pads what it draws', (t) => {
  const asked: number[] = [];
  const fixed = (n: number) => (max: number) => {
    asked.push(max);
    return n;
  };
  t.is(NUMERIC_CODE_RANGE, 1_000_000);
  t.is(numericCode(fixed(0)), '000000', 'the smallest code is reachable');
  t.is(numericCode(fixed(42)), '000042');
  t.is(numericCode(fixed(967_296)), '967296', 'a code the modulo draw made rarer');
  t.is(numericCode(fixed(999_999)), '999999', 'the largest code is reachable');
  t.deepEqual(asked, [1_000_000, 1_000_000, 1_000_000, 1_000_000], 'one draw each, over [0, 1e6)');
  t.is(numericCode.length, 0, 'callers pass nothing');
  t.is(numericCodeDraw, randomInt, 'the default draw is crypto.randomInt');
});

test('numericCode without a draw gives six digits from crypto.randomInt', (t) => {
  for (let i = 0; i < 200; i++) t.regex(numericCode(), /^\d{6}$/);
});
