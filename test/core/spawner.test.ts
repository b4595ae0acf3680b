// core/spawner: child processes started by the helper process, seen from the parent as
// node's ChildProcess is: stdin in, stdout and stderr out (in order, with backpressure), the
// exit code or signal in 'close' after both streams ended; kill() stops the child; a helper
// that died is started again for the next child; a command that cannot run reports its error
// and ends in 'close' with node's code for it.
import test from 'ava';
import { execFile } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Socket } from 'node:net';
import { EXIT, STDOUT } from '../../core/spawner/frames.ts';
import { Spawner, SpawnedChild } from '../../core/spawner/index.ts';

const spawner = new Spawner();
test.after.always(() => spawner.close());

const ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

function collect(child: SpawnedChild): Promise<{ out: Buffer; err: string; code: number | null; signal: string | null }> {
  const out: Buffer[] = [];
  let err = '';
  child.stdout.on('data', (d: Buffer) => out.push(d));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve) => child.on('close', (code: number | null, signal: string | null) => resolve({ out: Buffer.concat(out), err, code, signal })));
}

test('stdin reaches the child, its stdout and stderr come back, then its exit code', async (t) => {
  const child = spawner.spawn('sh', ['-c', 'cat; echo "to stderr" >&2; exit 3'], { env: ENV });
  const done = collect(child);
  child.stdin.write('hello ');
  child.stdin.end('world');
  const r = await done;
  t.is(r.out.toString(), 'hello world');
  t.is(r.err, 'to stderr\n');
  t.is(r.code, 3);
  t.is(r.signal, null);
  t.is(child.exitCode, 3);
});

test('the environment and working directory are the ones given, nothing inherited', async (t) => {
  const child = spawner.spawn('sh', ['-c', 'echo "$PODIUM_X|$HOME|$(pwd)"'], { env: { ...ENV, PODIUM_X: 'x1' }, cwd: '/tmp' });
  child.stdin.end();
  const r = await collect(child);
  t.is(r.out.toString(), 'x1||/tmp\n');
});

test('a large output arrives whole through a slow reader (backpressure, nothing dropped)', async (t) => {
  const bytes = 8 * 1024 * 1024;
  const child = spawner.spawn('head', ['-c', String(bytes), '/dev/urandom'], { env: ENV });
  child.stdin.end();
  let got = 0;
  let paused = 0;
  child.stdout.on('data', (d: Buffer) => {
    got += d.length;
    if (paused++ % 8 === 0) {
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 5);
    }
  });
  const code = await new Promise((resolve) => child.on('close', resolve));
  t.is(code, 0);
  t.is(got, bytes);
});

test('kill() stops a running child: the helper sends it SIGTERM', async (t) => {
  const child = spawner.spawn('sh', ['-c', 'echo $$; exec sleep 30'], { env: ENV });
  child.stdin.end();
  const pid = await new Promise<number>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
  const alive = () => { try { process.kill(pid, 0); return true; } catch { return false; } };
  t.true(alive());
  const closed = new Promise((resolve) => child.on('close', resolve));
  t.true(child.kill());
  t.is(await closed, null); // the parent gave up on it: no exit code to report
  for (let i = 0; i < 50 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
  t.false(alive(), 'the child is gone');
  t.false(child.kill(), 'a second kill has nothing to stop');
});

test('a command that cannot run reports its error to a listener and ends in close, not with 0', async (t) => {
  const child = spawner.spawn('/nonexistent/podium-no-such-binary', [], { env: ENV });
  let error: Error | null = null;
  child.on('error', (e: Error) => (error = e));
  child.stdin.end();
  const r = await collect(child);
  t.is(r.code, -2); // node's own code for a spawn that failed with ENOENT
  t.truthy(error);
  t.regex((error as Error | null)?.message ?? '', /ENOENT/);
});

test('a helper that died is started again for the next child', async (t) => {
  const spawner = new Spawner(); // its own: the other tests' children keep theirs
  t.teardown(() => spawner.close());
  const first = spawner.spawn('true', [], { env: ENV });
  first.stdin.end();
  t.is((await collect(first)).code, 0);
  spawner.close(); // as if it had died
  const next = spawner.spawn('sh', ['-c', 'echo again'], { env: ENV });
  next.stdin.end();
  const r = await collect(next);
  t.is(r.out.toString(), 'again\n');
  t.is(r.code, 0);
});

test('a child killed before its connection was made never starts', async (t) => {
  const spawner = new Spawner(); // a fresh helper: the connection waits for it to start
  t.teardown(() => spawner.close());
  const marker = path.join(os.tmpdir(), `podium-spawner-marker-${process.pid}-${Date.now()}`);
  const child = spawner.spawn('sh', ['-c', `touch '${marker}'`], { env: ENV });
  const closed = new Promise((resolve) => child.on('close', resolve));
  t.true(child.kill());
  t.is(await closed, null);
  // The helper does start (the next child needs it); give it time to run the killed one, if it would.
  const next = spawner.spawn('true', [], { env: ENV });
  next.stdin.end();
  await new Promise((resolve) => next.on('close', resolve));
  await new Promise((r) => setTimeout(r, 300));
  t.false(existsSync(marker), 'the killed child did not run');
  rmSync(marker, { force: true });
});

test('kill() from inside a reader of the output ends the child cleanly: frames after it are dropped', async (t) => {
  // Several frames can arrive in one read; the first one's reader gives up on the child.
  const child = new SpawnedChild(new Socket(), Promise.resolve());
  const seen: string[] = [];
  child.stdout.on('data', (d: Buffer) => { seen.push(d.toString()); child.kill(); });
  const closed = new Promise((resolve) => child.on('close', resolve));
  await new Promise((resolve) => setImmediate(resolve)); // flowing: each push is read at once
  child.receive(STDOUT, Buffer.from('first'));
  child.receive(STDOUT, Buffer.from('second'));
  child.receive(EXIT, Buffer.from(JSON.stringify({ code: 0, signal: null })));
  t.is(await closed, null);
  t.deepEqual(seen, ['first']);
});

test('the helper listens in a directory only this user may enter, removed when its parent ends', async (t) => {
  // A parent process of its own: it starts a helper, prints the helper's socket, and exits.
  const code = `import { Spawner } from ${JSON.stringify(new URL('../../core/spawner/index.ts', import.meta.url).pathname)};
const s = new Spawner();
const c = s.spawn('true', [], { env: {} });
c.stdin.end();
c.on('close', () => { console.log(s['helper'].spawnargs.at(-1)); process.exit(0); });`;
  const out = await new Promise<string>((resolve, reject) => execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], (e, o) => (e ? reject(e) : resolve(o))));
  const dir = path.dirname(out.trim());
  t.regex(path.basename(dir), /^podium-spawner-/);
  for (let i = 0; i < 50 && existsSync(dir); i++) await new Promise((r) => setTimeout(r, 100));
  t.false(existsSync(dir), 'the socket directory is gone with its parent');
});

test('the socket directory is private to this user', async (t) => {
  const own = new Spawner();
  t.teardown(() => own.close());
  const c = own.spawn('true', [], { env: ENV });
  c.stdin.end();
  await new Promise((resolve) => c.on('close', resolve));
  const sock = (own as unknown as { helper: { spawnargs: string[] } }).helper.spawnargs.at(-1)!;
  t.is(statSync(path.dirname(sock)).mode & 0o777, 0o700);
});
