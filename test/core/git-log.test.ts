// The git-log reader of the local code host (core/codehost/git-log.ts): git's post-receive
// report, git log's records, and the hook's commits file, which is trusted only whole. A real
// git reads a small repository for commitsOf; the hook itself runs in local-push-hook.test.ts.
import test from 'ava';
import path from 'node:path';
import { commitsFromHook, commitsOf, commitsOfChanges, LOG_FORMAT, parseLog, parsePostReceive, ZERO } from '../../core/codehost/git-log.ts';
import { commitFile, git, tempDir } from '../helpers/codehost.ts';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

test('parsePostReceive: one change per line (created, updated, deleted); anything else is refused', (t) => {
  t.deepEqual(parsePostReceive(`${ZERO} ${A} refs/heads/main\n${A} ${B} refs/heads/dev\n${B} ${ZERO} refs/tags/v1\n`), [
    { ref: 'refs/heads/main', before: ZERO, after: A },
    { ref: 'refs/heads/dev', before: A, after: B },
    { ref: 'refs/tags/v1', before: B, after: ZERO },
  ]);
  t.deepEqual(parsePostReceive(''), []);
  t.throws(() => parsePostReceive(`${A} ${B}\n`), { message: /unexpected post-receive line/ });
  t.throws(() => parsePostReceive(`${A} ${B} refs/heads/main extra\n`), { message: /unexpected post-receive line/ });
  t.throws(() => parsePostReceive(`${A.toUpperCase()} ${B} refs/heads/main\n`), { message: /unexpected post-receive line/ });
});

test('parseLog: records oldest first, fields whole, the message trimmed', (t) => {
  const rec = (id: string, msg: string) => `${id}\x002026-11-27T08:00:00+00:00\x00Ann Example\x00ann@x.test\x00${msg}\n\x1e`;
  t.deepEqual(parseLog(`${rec(B, 'second\n\nbody')}\n${rec(A, 'first')}`), [
    { id: A, timestamp: '2026-11-27T08:00:00+00:00', author: { name: 'Ann Example', email: 'ann@x.test' }, message: 'first' },
    { id: B, timestamp: '2026-11-27T08:00:00+00:00', author: { name: 'Ann Example', email: 'ann@x.test' }, message: 'second\n\nbody' },
  ]);
  t.deepEqual(parseLog(''), []);
});

test('commitsFromHook: a commits file that is not whole is not trusted: those changes are read with commitsOf', (t) => {
  const one = A + '\x002026-11-27T08:00:00+00:00\x00T\x00t@x.test\x00msg\n\x1e';
  t.deepEqual(commitsFromHook(`${one}\x1d\x1d`, 2).map((c) => c?.length ?? null), [1, 0], 'whole: one commit, then a deletion');
  t.deepEqual(commitsFromHook(`${one}\x1d`, 2), [null, null], 'cut short: one change of two');
  t.deepEqual(commitsFromHook(`${one}\x1d\x15\x1d`, 2).map((c) => c?.length ?? null), [1, null], 'the hook\'s git log failed for the second');
  t.deepEqual(commitsFromHook(null, 1), [null], 'no file (an older hook)');
  t.deepEqual(commitsFromHook('', 0), [], 'no change');
});

test('commitsOf and commitsOfChanges read a real repository: at most 20, oldest first; the hook\'s whole groups are taken as they are', async (t) => {
  const root = tempDir();
  const work = path.join(root, 'w');
  await git(root, ['init', '-q', work]);
  const first = await commitFile(work, 'a.txt', 'a', 'first');
  const shas = [first];
  for (let i = 0; i < 21; i++) shas.push(await commitFile(work, `f${i}.txt`, String(i), `commit ${i}`));
  const host = { repositoryPath: () => work };
  const created = await commitsOf(host, 'acme/app', { ref: 'refs/heads/main', before: ZERO, after: shas.at(-1)! });
  t.is(created.length, 20, 'a new branch: its newest 20');
  t.is(created.at(-1)!.id, shas.at(-1)!);
  t.is(created[0]!.id, shas.at(-20)!);
  const moved = await commitsOf(host, 'acme/app', { ref: 'refs/heads/main', before: shas.at(-3)!, after: shas.at(-1)! });
  t.deepEqual(moved.map((c) => c.message), ['commit 19', 'commit 20']);
  t.deepEqual(await commitsOf(host, 'acme/app', { ref: 'refs/heads/old', before: first, after: ZERO }), [], 'a deletion brought nothing');

  const changes = [{ ref: 'refs/heads/main', before: shas.at(-3)!, after: shas.at(-1)! }, { ref: 'refs/heads/x', before: first, after: ZERO }];
  const fromHookOnly = `${A}\x002026-11-27T08:00:00+00:00\x00T\x00t@x.test\x00from the hook\n\x1e\x1d\x1d`;
  t.deepEqual((await commitsOfChanges(host, 'acme/app', changes, fromHookOnly)).map((c) => c.map((x) => x.message)), [['from the hook'], []]);
  t.deepEqual((await commitsOfChanges(host, 'acme/app', changes, null)).map((c) => c.map((x) => x.message)), [['commit 19', 'commit 20'], []], 'no file: git log');
  t.true(LOG_FORMAT.endsWith('%x1e'));
});
