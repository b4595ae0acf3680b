// The closing line of `npm test` is read by CI: it must never say `0 failed` for a failed run.
import test from 'ava';
import { applyRerun, closingLine, commonFolder, countLine, fileOfTitle, filesToRerun, newTally, settle, testFiles } from '../tap-tally.ts';

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

const FILES = testFiles(['test/a.test.js', 'test/b.test.js', 'test/sql/event.test.ts', 'test/sql/event/provisioning.test.ts']);

function tallyOf(text: string) {
  const t = newTally();
  for (const line of text.split('\n')) countLine(t, line, FILES);
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

test('a title names its file as ava prefixes it: the path below the files\' common folder, the longest prefix that matches', (t) => {
  t.is(commonFolder(['test/a.test.js', 'test/sql/event.test.ts']), 'test/');
  t.is(commonFolder(['test/tui/heap.test.ts']), 'test/tui/');
  t.is(fileOfTitle(testFiles(['test/tui/heap.test.ts']), 'restarts'), 'test/tui/heap.test.ts', 'a run of one file prints bare titles');
  t.is(fileOfTitle(FILES, 'a › before hook'), 'test/a.test.js');
  t.is(fileOfTitle(FILES, 'sql › event › provisioning › plans the sample team first'), 'test/sql/event/provisioning.test.ts');
  t.is(fileOfTitle(FILES, 'sql › event › opens'), 'test/sql/event.test.ts');
  t.is(fileOfTitle(FILES, 'TypeError: x is not a function'), null);
});

test('results are counted by file too; tests left unrun count against their file; a crash names no file', (t) => {
  const tally = tallyOf(AVA_TAP);
  t.like(tally.byFile.get('test/b.test.js'), { passed: 1, skipped: 1, todo: 1, failed: 1, failedTitles: ['b › fails'] });
  t.like(tally.byFile.get('test/a.test.js'), { failed: 3, failedTitles: ['a › before hook', '2 left unrun'] });
  t.deepEqual(tally.unattributed, []);
  const crashed = tallyOf('ok 1 - a › one\nnot ok 2 - TypeError: x is not a function\n\n1..2\n');
  t.deepEqual(crashed.unattributed, ['TypeError: x is not a function']);
  t.deepEqual(filesToRerun(crashed, 3), [], 'a failure without its file is not re-run');
});

test('the files to re-run: those that failed, none when more than the limit failed', (t) => {
  const tally = tallyOf(AVA_TAP);
  t.deepEqual(filesToRerun(tally, 3).sort(), ['test/a.test.js', 'test/b.test.js']);
  t.deepEqual(filesToRerun(tally, 1), []);
  t.deepEqual(filesToRerun(tallyOf('ok 1 - a › one\n\n1..1\n'), 3), []);
});

test('a file that passes whole on its re-run counts with the re-run; one that fails again stands', (t) => {
  const first = tallyOf(AVA_TAP);
  const rerun = tallyOf('ok 1 - a › one\nok 2 - a › two\nok 3 - b › ok1\nnot ok 4 - b › fails\nok 5 - b › skipped # SKIP\n\n1..5\n');
  const { tally, settled } = applyRerun(first, rerun, ['test/a.test.js', 'test/b.test.js']);
  t.deepEqual(settled, ['test/a.test.js']);
  t.like(tally, { passed: 3, failed: 1, skipped: 1, todo: 1 });
  t.is(closingLine(settle(tally, 1, false).tally), '3 passed, 1 failed, 1 skipped');
  const noPlan = applyRerun(first, tallyOf('ok 1 - a › one\n'), ['test/a.test.js']);
  t.deepEqual(noPlan.settled, [], 'a re-run that crashed before its plan settles nothing');
  t.is(noPlan.tally.failed, first.failed);
});
