// Pull's writer against hostile answers: nothing outside the destination, nothing unverified.
import test from 'ava';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeVerified } from '../../../cli/deckcli/publish/safe-write.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
async function* body(...chunks: string[]) {
  for (const c of chunks) yield Buffer.from(c);
}
const dest = () => mkdtempSync(path.join(os.tmpdir(), 'pull-dest-'));
const leftovers = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.part'));

test('a verified blob lands in place, not executable, directories created', async (t) => {
  const d = dest();
  await writeVerified(d, 'img/deep/a.txt', body('hel', 'lo'), 5, sha('hello'));
  t.is(readFileSync(path.join(d, 'img/deep/a.txt'), 'utf8'), 'hello');
  t.is(statSync(path.join(d, 'img/deep/a.txt')).mode & 0o111, 0);
});

test('traversal, absolute paths and excluded names are refused before anything is written', async (t) => {
  const d = dest();
  for (const p of ['../escape.txt', '/etc/cron.d/x', 'a/../../x', '.bashrc', 'a\\..\\b', 'x/.git/hooks/post-checkout']) {
    const e = await t.throwsAsync(() => writeVerified(d, p, body('x'), 1, sha('x')));
    t.regex(e!.message, /refused what the instance sent/, p);
  }
  t.deepEqual(readdirSync(d), []);
  t.false(existsSync(path.join(path.dirname(d), 'escape.txt')));
});

test('more bytes than declared, fewer bytes, or a wrong sha: nothing written', async (t) => {
  const d = dest();
  await t.throwsAsync(() => writeVerified(d, 'big.bin', body('0123456789'), 4, sha('0123')), { message: /larger than the 4 bytes/ });
  await t.throwsAsync(() => writeVerified(d, 'short.bin', body('ab'), 4, sha('ab')), { message: /has 2 bytes, its manifest declared 4/ });
  await t.throwsAsync(() => writeVerified(d, 'wrong.bin', body('abcd'), 4, sha('dcba')), { message: /does not match its sha256/ });
  t.deepEqual(readdirSync(d), []);
  t.deepEqual(leftovers(d), []);
});

test('a symlink planted in the destination (file or directory) is never followed', async (t) => {
  const d = dest();
  const outside = dest();
  writeFileSync(path.join(outside, 'victim.txt'), 'original');
  symlinkSync(path.join(outside, 'victim.txt'), path.join(d, 'index.html'));
  symlinkSync(outside, path.join(d, 'img'));
  await t.throwsAsync(() => writeVerified(d, 'index.html', body('pwned'), 5, sha('pwned')), { message: /symbolic link/ });
  await t.throwsAsync(() => writeVerified(d, 'img/x.png', body('pwned'), 5, sha('pwned')), { message: /symbolic link/ });
  t.is(readFileSync(path.join(outside, 'victim.txt'), 'utf8'), 'original');
  t.deepEqual(readdirSync(outside), ['victim.txt']);
  t.deepEqual(leftovers(d), []);
});

test('an existing executable file is replaced by a non-executable one', async (t) => {
  const d = dest();
  mkdirSync(path.join(d, 'bin'));
  writeFileSync(path.join(d, 'bin/run.sh'), 'old', { mode: 0o755 });
  await writeVerified(d, 'bin/run.sh', body('new'), 3, sha('new'));
  t.is(statSync(path.join(d, 'bin/run.sh')).mode & 0o111, 0);
});
