// The local code host's post-receive hook (core/codehost/post-receive.sh, a real file), run by a
// real git receive-pack: it copies git's
// list of updated refs to $PODIUM_PUSH_REPORT and writes each change's commits beside it, so
// the API reads a push's commits without forking `git log` itself. What the hook wrote must be
// what commitsOf reads with its own git log, for every kind of change (a new branch, a fast
// forward over several commits, a deleted branch), and a file the API cannot trust whole
// falls back to commitsOf.
import test from 'ava';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalCodeHost } from '../../core/codehost/local.ts';
import { commitsFromHook, commitsOf, LOG_FORMAT, parsePostReceive, POST_RECEIVE_HOOK, ZERO } from '../../core/codehost/git-log.ts';
import { commitFile, git, tempDir } from '../helpers/codehost.ts';

/**
 * `git push` from `dir` to the bare repository, whose receive-pack runs the hook with
 * $PODIUM_PUSH_REPORT as http-backend's does. (git clears GIT_CONFIG_COUNT for a local
 * transport's receive-pack, so core.hooksPath is the bare repository's own config here.)
 */
function pushWithHook(dir: string, bare: string, report: string, refspecs: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('git', ['push', '-q', bare, ...refspecs], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin', GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', HOME: dir,
        PODIUM_PUSH_REPORT: report,
      },
    }, (err, _out, stderr) => (err ? reject(new Error(stderr || err.message)) : resolve()));
  });
}

test('the hook writes the refs and each change\'s commits exactly as commitsOf reads them', async (t) => {
  const root = tempDir();
  const host = new LocalCodeHost(path.join(root, 'data'), null as never); // pushHooks and repositoryPath touch files only
  const hooks = host.pushHooks();
  const bare = host.repositoryPath('acme/app');
  await git(root, ['init', '-q', '--bare', bare]);
  await git(bare, ['config', 'core.hooksPath', hooks]);
  const work = path.join(root, 'work');
  await git(root, ['init', '-q', work]);
  await commitFile(work, 'a.txt', 'a', 'first\n\nwith a body line');
  await git(work, ['branch', 'old']);
  await pushWithHook(work, bare, path.join(root, 'r1'), ['HEAD:refs/heads/main', 'HEAD:refs/heads/old']);
  await commitFile(work, 'b.txt', 'b', 'second');
  await commitFile(work, 'c.txt', 'c', 'third: ünïcode, "quotes" and a tab\there');
  const report = path.join(root, 'r2');
  await pushWithHook(work, bare, report, ['HEAD:refs/heads/main', 'HEAD:refs/heads/feature', ':refs/heads/old']);

  const changes = parsePostReceive(readFileSync(report, 'utf8'));
  t.deepEqual(changes.map((c) => c.ref).sort(), ['refs/heads/feature', 'refs/heads/main', 'refs/heads/old']);
  const fromHook = commitsFromHook(readFileSync(`${report}.commits`, 'utf8'), changes.length);
  for (const [i, change] of changes.entries()) {
    const expected = await commitsOf(host, 'acme/app', change);
    t.deepEqual(fromHook[i], expected, `${change.ref}: the hook's commits are commitsOf's`);
  }
  const main = changes.findIndex((c) => c.ref === 'refs/heads/main');
  t.deepEqual(fromHook[main]!.map((c) => c.message), ['second', 'third: ünïcode, "quotes" and a tab\there'], 'oldest first, messages whole');
  t.deepEqual(fromHook[changes.findIndex((c) => c.ref === 'refs/heads/old')], [], 'a deleted branch brought no commits');
  t.is(fromHook[changes.findIndex((c) => c.ref === 'refs/heads/feature')]!.length, 3, 'a new branch: its history (at most 20)');
});

test('the hook is installed once and rewritten when its text changes', (t) => {
  const root = tempDir();
  const host = new LocalCodeHost(path.join(root, 'data'), null as never);
  const hooks = host.pushHooks();
  t.true(existsSync(path.join(hooks, 'post-receive')));
  t.true(existsSync(path.join(hooks, 'reports')));
  t.is(readFileSync(path.join(hooks, 'post-receive'), 'utf8'), POST_RECEIVE_HOOK);
  writeFileSync(path.join(hooks, 'post-receive'), '#!/bin/sh\n[ -n "$PODIUM_PUSH_REPORT" ] && exec cat > "$PODIUM_PUSH_REPORT"\n'); // the hook before commits
  t.is(host.pushHooks(), hooks);
  t.is(readFileSync(path.join(hooks, 'post-receive'), 'utf8'), POST_RECEIVE_HOOK, 'an older hook is replaced at the next start');
  t.truthy(statSync(path.join(hooks, 'post-receive')).mode & 0o100, 'executable');
});

test('the hook is the file post-receive.sh, executable as it is, with git-log.ts\'s format and markers', (t) => {
  const file = fileURLToPath(new URL('../../core/codehost/post-receive.sh', import.meta.url));
  t.is(readFileSync(file, 'utf8'), POST_RECEIVE_HOOK);
  t.truthy(statSync(file).mode & 0o100, 'executable in the tree too');
  t.true(POST_RECEIVE_HOOK.startsWith('#!/bin/sh\n'));
  t.true(POST_RECEIVE_HOOK.includes(`'--format=${LOG_FORMAT}'`), 'the format git-log.ts parses');
  t.true(POST_RECEIVE_HOOK.includes(`zero=${ZERO}\n`));
});
