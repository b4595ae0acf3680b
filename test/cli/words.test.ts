// Counts and sizes as people read them (cli/lib/words.ts): `1 ballot`, never `1 ballots`.
import test from 'ava';
import { count, size } from '../../cli/lib/words.ts';

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
