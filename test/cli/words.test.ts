// Counts and sizes as people read them (cli/lib/words.ts): `1 ballot`, never `1 ballots`.
import test from 'ava';
import { count, inMegabytes, size } from '../../cli/lib/words.ts';

test('count says one thing in the singular and every other number in the plural', (t) => {
  t.is(count(1, 'ballot'), '1 ballot');
  t.is(count(0, 'ballot'), '0 ballots');
  t.is(count(2, 'conflict'), '2 conflicts');
  t.is(count(1, 'candidate'), '1 candidate');
  t.is(count(3, 'person', 'people'), '3 people');
});

test('size: bytes, then KB and MB with one decimal', (t) => {
  t.is(size(812), '812 B');
  t.is(size(2048), '2.0 KB');
  t.is(size(1.5 * 1024 * 1024), '1.5 MB');
});

test('inMegabytes: the deck spec\'s X MB, one decimal from 0.1 MB, two significant digits below (never 0.0 MB)', (t) => {
  t.is(inMegabytes(812), '0.00077 MB');
  t.is(inMegabytes(2048), '0.002 MB');
  t.is(inMegabytes(1), '0.00000095 MB');
  t.is(inMegabytes(0), '0 MB');
  t.is(inMegabytes(104858), '0.1 MB');
  t.is(inMegabytes(3.5 * 1048576), '3.5 MB');
});
