// The closing line of `npm test` is read by CI: it must never say `0 failed` for a failed run.
import test from 'ava';
import { closingLine, countLine, newTally, settle } from '../tap-tally.ts';

// What ava 8 printed for a file with a failing before hook and one with skip/todo/fail.
const AVA_TAP = `TAP version 13
ok 1 - b › skipped # SKIP
not ok 2 - b › later # TODO
ok 3 - b › ok1
not ok 4 - b › fails
  ---
    message: Test failed via \`t.fail()\`
  ...
not ok 5 - a › before hook
# 2 tests remaining in test/a.test.js

1..6
# tests 5
# pass 1
# skip 1
# fail 4
`;

function tallyOf(text: string) {
  const t = newTally();
  for (const line of text.split('\n')) countLine(t, line);
  return t;
}

test('passes, skips, todos, failures and tests left unrun after a failing hook', (t) => {
  const tally = tallyOf(AVA_TAP);
  t.like(tally, { passed: 1, skipped: 1, todo: 1, failed: 4, planned: 6 });
  t.deepEqual(tally.skippedTitles, ['b › skipped']);
});

test('a clean run settles to its own counts', (t) => {
  const tally = tallyOf('ok 1 - a\nok 2 - b\n\n1..2\n');
  const { tally: s, problems } = settle(tally, 0, true);
  t.deepEqual(problems, []);
  t.is(closingLine(s), '2 passed, 0 failed, 0 skipped');
});

test('a non-zero exit with no failing test shows one failure', (t) => {
  const { tally, problems } = settle(tallyOf('ok 1 - a\n\n1..1\n'), 1, false);
  t.is(tally.failed, 1);
  t.regex(problems[0], /code 1/);
});

test('a crash before the plan (or a kill by signal) shows one failure', (t) => {
  const { tally, problems } = settle(tallyOf('ok 1 - a\n'), null, false);
  t.is(tally.failed, 1);
  t.true(problems.some((p) => /no plan/.test(p)));
  t.true(problems.some((p) => /a signal/.test(p)));
});

test('under CI a skipped test fails the run, naming it; outside CI it is only counted', (t) => {
  const text = 'ok 1 - redis › limiter # SKIP REDIS_URL is not set\nok 2 - b\n\n1..2\n';
  const ci = settle(tallyOf(text), 0, true);
  t.is(ci.tally.failed, 1);
  t.regex(ci.problems[0], /redis › limiter/);
  const local = settle(tallyOf(text), 0, false);
  t.is(local.tally.failed, 0);
  t.is(local.tally.skipped, 1);
});
